import { IonContent, IonPage } from '@ionic/react';
import type { ReactNode } from 'react';
import { ServerUnavailableBanner } from '../components/OfflineBanner';
import { isRole } from '../session/roles';
import { useSession } from '../session/SessionProvider';
import { RoleTabs } from './RoleTabs';
import { TopBar } from './TopBar';
import './layout.css';

/**
 * The page frame of every /admin, /teacher and /student screen (docs/product.md#dashboard-layout):
 * the top bar, the screen's content under the banner shown while the server is unavailable
 * (docs/product.md#offline-behaviour), and the tab bar on phones. The side
 * menu lives once, beside the router outlet, in `App.tsx`.
 */
export function DashboardLayout({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const role = user && isRole(user.role) ? user.role : null;
  return (
    <IonPage>
      <TopBar />
      <IonContent className="ion-padding">
        <div className="screen">
          <ServerUnavailableBanner />
          {children}
        </div>
      </IonContent>
      {role !== null && <RoleTabs role={role} />}
    </IonPage>
  );
}

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
        {/* The screen's main landmark, in the tab order so that the keyboard can scroll a screen with nothing else to focus (WCAG 2.1.1). */}
        <main className="screen" tabIndex={0}>
          <ServerUnavailableBanner />
          {children}
        </main>
      </IonContent>
      {role !== null && <RoleTabs role={role} />}
    </IonPage>
  );
}

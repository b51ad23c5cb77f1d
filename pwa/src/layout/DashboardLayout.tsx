import { IonContent, IonPage } from '@ionic/react';
import type { ReactNode } from 'react';
import { ServerUnavailableBanner } from '../components/OfflineBanner';
import { TopBar } from './TopBar';
import './layout.css';

/**
 * The page frame of every /admin, /teacher and /student screen (docs/product.md#dashboard-layout):
 * the top bar and the screen's content under the banner shown while the server is unavailable
 * (docs/product.md#offline-behaviour). The tab bar lives once, in Ionic's tabs around these
 * screens (`LayoutTabs.tsx`), and the side menu once, beside the router outlet, in `App.tsx`.
 */
export function DashboardLayout({ children }: { children: ReactNode }) {
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
    </IonPage>
  );
}

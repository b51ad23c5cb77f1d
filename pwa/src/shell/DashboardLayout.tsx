import { IonContent, IonPage } from '@ionic/react';
import type { ReactNode } from 'react';
import { ConnectionIndicator } from '../platform/ui/OfflineBanner';
import { TopBar } from './TopBar';
import './layout.css';

/**
 * The page frame of every /admin, /teacher and /student screen (docs/product.md#dashboard-layout):
 * the top bar, the app's one offline indicator under it (docs/product.md#offline-behaviour), and
 * the screen's content. The tab bar lives once, in Ionic's tabs around these
 * screens (`LayoutTabs.tsx`), and the side menu once, beside the router outlet, in `App.tsx`.
 */
export function DashboardLayout({ children }: { children: ReactNode }) {
  return (
    <IonPage>
      <TopBar />
      <ConnectionIndicator />
      <IonContent className="ion-padding">
        {/* The screen's main landmark, in the tab order so that the keyboard can scroll a screen with nothing else to focus (WCAG 2.1.1). */}
        <main className="screen" tabIndex={0}>
          {children}
        </main>
      </IonContent>
    </IonPage>
  );
}

import { IonRouterOutlet, IonTabs } from '@ionic/react';
import type { ReactNode } from 'react';
import { RoleTabBar } from './RoleTabs';

/** Props of {@link LayoutTabs}. */
export interface LayoutTabsProps {
  /** The `<Route>`s of the layout screens, the redirects and the 404 fallback (`App.tsx`). */
  children: ReactNode;
  /** `false` when the user asks for reduced motion: screens then change without a transition. */
  animated: boolean;
}

/**
 * Ionic's tabs around the shared layout's screens (docs/architecture.md#the-shell-and-navigation):
 * `IonTabs` holding a router outlet of its own for every `/admin`, `/teacher` and `/student`
 * screen (and `/assignments`), and the role's tab bar. Ionic keeps each tab's stack of screens
 * mounted and hidden when another tab is shown, so a tab comes back on the screen and at the
 * scroll position it was left at. It sits in the app's outlet as the route of every path that is
 * not "/" or "/privacy", so the 404 page is rendered by its outlet too (without a tab bar).
 */
export function LayoutTabs({ children, animated }: LayoutTabsProps) {
  return (
    <IonTabs>
      <IonRouterOutlet animated={animated}>{children}</IonRouterOutlet>
      <RoleTabBar />
    </IonTabs>
  );
}

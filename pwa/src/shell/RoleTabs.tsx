import { IonIcon, IonTabBar, IonTabButton } from '@ionic/react';
import { useLocation } from 'react-router-dom';
import { useI18n } from '../platform/i18n';
import { findRoute } from './routes';
import { isRole, useSession } from '../auth';
import { TAB_ENTRIES, tabName } from './navigation';
import { SpeakingBadge } from '../speaking';
import './layout.css';

/**
 * The bottom tab bar of the shared layout on phones (docs/product.md#dashboard-layout): Ionic's
 * `IonTabBar` with one `IonTabButton` per entry of the role's `TAB_ENTRIES`, a tablist named
 * "Tabs" whose current tab is `aria-selected` and highlighted; the student's "Speaking" tab carries
 * the count of tasks to do ({@link SpeakingBadge}). It must be a child of `IonTabs`
 * ({@link LayoutTabs}), which keeps each tab's stack of screens: a tab remembers the screen it
 * was left on, and tapping the current tab again goes back to its first screen
 * (docs/architecture.md#the-shell-and-navigation).
 *
 * It is rendered once the current user is known, with its role's tabs from the start, and then
 * stays mounted (its memory of each tab lives in it), hidden where there is no tab bar: from the
 * `md` breakpoint up (the side menu stays open there), on the 404 page and on the redirects.
 */
export function RoleTabBar() {
  const { t } = useI18n();
  const { user } = useSession();
  const { pathname } = useLocation();
  const role = user && isRole(user.role) ? user.role : null;
  if (role === null) return null;
  const shown = findRoute(pathname)?.layout === true;
  return (
    <IonTabBar slot="bottom" className={shown ? 'role-tabs ion-hide-md-up' : 'role-tabs ion-hide'} aria-label={t('layout.tabs')}>
      {TAB_ENTRIES[role].map((entry) => (
        <IonTabButton key={entry.path} tab={tabName(entry)} href={entry.path} className={entry.badge ? 'role-tabs__badged' : undefined}>
          <IonIcon icon={entry.icon} aria-hidden="true" />
          {/* a plain span, not IonLabel: that scoped component kept an earlier language's text beside the new one */}
          <span className="role-tabs__label">{t(entry.label)}</span>
          {entry.badge === 'speakingToDo' && <SpeakingBadge />}
        </IonTabButton>
      ))}
    </IonTabBar>
  );
}

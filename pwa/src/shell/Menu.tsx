import { IonContent, IonIcon, IonMenu } from '@ionic/react';
import { logOutOutline } from 'ionicons/icons';
import { Suspense, lazy, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { Logo } from '../platform/ui/Logo';
import { focusIonicControl, focusIsFree } from '../platform/ui/ionicFocus';
import { useI18n } from '../platform/i18n';
import { useInstallOffer } from '../platform/offline/installPrompt';
import { findRoute } from './routes';
import { isRole, useLayoutLogout, useSession, type Role } from '../auth';
import { MENU_ENTRIES } from './navigation';
import { SpeakingBadge } from '../speaking';
import './layout.css';

/** "Install app" with its iOS how-to alert, fetched only when the browser offers an install. */
const InstallAppItem = lazy(() => import('../platform/offline/InstallAppItem').then((m) => ({ default: m.InstallAppItem })));
/** The logout confirmation, fetched when "Logout" is chosen. */
const LogoutConfirm = lazy(() => import('./LogoutConfirm').then((m) => ({ default: m.LogoutConfirm })));

/**
 * The side drawer of the shared layout (docs/product.md#dashboard-layout), a
 * navigation landmark named "Main menu": 240 px, an overlay opened by the
 * menu button on phones and always open beside the content from the `md`
 * breakpoint up (the split pane in `App.tsx`). It is enabled only on layout
 * screens and only once the user is known, so "/" and the 404 page take the
 * full width. It ends with "Logout", which asks for confirmation first. When the drawer closes, the
 * focus (which Ionic drops as it opens and closes) goes to the menu button of the screen on show.
 */
export function Menu() {
  const { t } = useI18n();
  const { user } = useSession();
  const { pathname } = useLocation();
  const menu = useRef<HTMLIonMenuElement>(null);
  const role = user && isRole(user.role) ? user.role : null;
  const enabled = role !== null && findRoute(pathname)?.layout === true;
  const [confirming, setConfirming] = useState(false);
  const logout = useLayoutLogout();
  const installOffer = useInstallOffer();
  // Following a link closes the overlay on phones; beside the content (split pane) this does nothing.
  const closeMenu = () => void menu.current?.close();

  return (
    <IonMenu ref={menu} contentId="main" menuId="main-menu" type="overlay" disabled={!enabled} className="app-menu" aria-label={t('layout.mainMenu')} onIonDidClose={focusMenuButton}>
      <IonContent>
        <div className="app-menu__inner">
          <Link to="/" className="app-menu__logo" onClick={closeMenu}>
            <Logo height={36} />
          </Link>
          {role !== null && <MenuNav role={role} onNavigate={closeMenu} />}
          {installOffer !== null && (
            <Suspense fallback={null}>
              <InstallAppItem onSelect={closeMenu} />
            </Suspense>
          )}
          <button type="button" className="app-nav__link app-menu__logout" onClick={() => setConfirming(true)}>
            <IonIcon icon={logOutOutline} aria-hidden="true" />
            <span>{t('layout.logout')}</span>
          </button>
        </div>
      </IonContent>
      {confirming && (
        <Suspense fallback={null}>
          <LogoutConfirm onConfirm={() => void logout()} onDismiss={() => setConfirming(false)} />
        </Suspense>
      )}
    </IonMenu>
  );
}

/** Props of {@link MenuNav}. */
export interface MenuNavProps {
  role: Role;
  /** Called after a link is followed. */
  onNavigate?: () => void;
}

/**
 * The drawer's links for a role, in the spec's order (docs/product.md#dashboard-layout); the current one carries `aria-current="page"` and
 * is highlighted. The student's "Speaking Practice" carries the count of tasks to do ({@link SpeakingBadge}).
 */
export function MenuNav({ role, onNavigate }: MenuNavProps) {
  const { t } = useI18n();
  return (
    <ul className="app-nav">
      {MENU_ENTRIES[role].map((entry) => (
        <li key={entry.path}>
          <NavLink to={entry.path} className="app-nav__link" onClick={onNavigate}>
            <IonIcon icon={entry.icon} aria-hidden="true" />
            <span>{t(entry.label)}</span>
            {entry.badge === 'speakingToDo' && <SpeakingBadge />}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * Gives the focus to the menu button of the screen on show (Ionic keeps the screens left behind,
 * hidden), unless something outside the drawer has it already.
 */
function focusMenuButton(): void {
  if (!focusIsFree('ion-menu')) return;
  focusIonicControl(Array.from(document.querySelectorAll('ion-menu-button')).find((candidate) => candidate.checkVisibility()));
}

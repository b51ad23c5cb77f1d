import { IonButton, IonButtons, IonHeader, IonMenuButton, IonTitle, IonToolbar } from '@ionic/react';
import { Suspense, lazy, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useI18n } from '../platform/i18n';
import { profilePathFor, roleTitle, useLayoutLogout, useSession } from '../auth';
import './layout.css';

/** The account popover, fetched when the avatar button is first pressed. */
const AccountMenu = lazy(() => import('./AccountMenu').then((m) => ({ default: m.AccountMenu })));

/**
 * The shared layout's top bar (docs/product.md#dashboard-layout): the menu button (phones
 * only), the role's title, and an avatar button opening a menu with
 * "Profile" (the role's profile screen, or "/") and "Logout".
 */
export function TopBar() {
  const { t } = useI18n();
  const { user } = useSession();
  const navigate = useNavigate();
  const logout = useLayoutLogout();
  const [menu, setMenu] = useState<{ open: boolean; opened: boolean; event?: Event }>({ open: false, opened: false });
  const close = () => setMenu({ open: false, opened: true });
  const letters = initials(user?.firstName, user?.lastName);

  return (
    <IonHeader>
      <IonToolbar color="primary" className="top-bar">
        <IonButtons slot="start">
          <IonMenuButton aria-label={t('layout.openMenu')} />
        </IonButtons>
        <IonTitle>
          {/* wraps onto a second line (layout.css) instead of Ionic's ellipsis */}
          <span className="top-bar__title">{roleTitle(user?.role)}</span>
        </IonTitle>
        <IonButtons slot="end">
          {/* Named with the initials it shows, so that a voice command saying them reaches it (WCAG 2.5.3). */}
          <IonButton
            aria-label={t('layout.accountMenuButton', { initials: letters })}
            aria-haspopup="dialog"
            aria-expanded={menu.open}
            onClick={(event) => setMenu({ open: true, opened: true, event: event.nativeEvent })}
          >
            <span className="top-bar__avatar" aria-hidden="true">
              {letters}
            </span>
          </IonButton>
        </IonButtons>
      </IonToolbar>
      {/* Mounted from the first press on, so that it can play its closing animation. */}
      {menu.opened && (
        <Suspense fallback={null}>
          <AccountMenu
            isOpen={menu.open}
            event={menu.event}
            onDismiss={close}
            onProfile={() => {
              close();
              navigate(profilePathFor(user?.role));
            }}
            onLogout={() => {
              close();
              void logout();
            }}
          />
        </Suspense>
      )}
    </IonHeader>
  );
}

function initials(firstName = '', lastName = ''): string {
  const letters = `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase();
  return letters || '?';
}

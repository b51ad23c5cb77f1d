import { IonButton, IonButtons, IonHeader, IonIcon, IonItem, IonLabel, IonList, IonMenuButton, IonPopover, IonTitle, IonToolbar } from '@ionic/react';
import { logOutOutline, personOutline } from 'ionicons/icons';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useI18n } from '../platform/i18n';
import { profilePathFor, roleTitle, useLayoutLogout, useSession } from '../auth';
import './layout.css';

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
  const [menu, setMenu] = useState<{ open: boolean; event?: Event }>({ open: false });
  const close = () => setMenu({ open: false });
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
            onClick={(event) => setMenu({ open: true, event: event.nativeEvent })}
          >
            <span className="top-bar__avatar" aria-hidden="true">
              {letters}
            </span>
          </IonButton>
        </IonButtons>
      </IonToolbar>
      {/* A dialog (Ionic makes it modal and moves the focus into it), named like the button that opens it. */}
      <IonPopover isOpen={menu.open} event={menu.event} onDidDismiss={close} role="dialog" aria-label={t('layout.accountMenu')}>
        <IonList lines="none">
          <IonItem
            button
            detail={false}
            onClick={() => {
              close();
              navigate(profilePathFor(user?.role));
            }}
          >
            <IonIcon icon={personOutline} slot="start" aria-hidden="true" />
            <IonLabel>{t('layout.profile')}</IonLabel>
          </IonItem>
          <IonItem
            button
            detail={false}
            onClick={() => {
              close();
              void logout();
            }}
          >
            <IonIcon icon={logOutOutline} slot="start" aria-hidden="true" />
            <IonLabel>{t('layout.logout')}</IonLabel>
          </IonItem>
        </IonList>
      </IonPopover>
    </IonHeader>
  );
}

function initials(firstName = '', lastName = ''): string {
  const letters = `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase();
  return letters || '?';
}

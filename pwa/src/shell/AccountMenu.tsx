import { IonIcon, IonItem, IonLabel, IonList, IonPopover } from '@ionic/react';
import { logOutOutline, personOutline } from 'ionicons/icons';
import { useI18n } from '../platform/i18n';

/** Props of {@link AccountMenu}. */
export interface AccountMenuProps {
  /** Whether the popover is open. */
  isOpen: boolean;
  /** The click that opened it, which places the popover under the avatar button. */
  event?: Event;
  /** Called once the popover has closed. */
  onDismiss: () => void;
  /** "Profile" was chosen (the popover is already closing). */
  onProfile: () => void;
  /** "Logout" was chosen (the popover is already closing). */
  onLogout: () => void;
}

/**
 * The top bar's account menu (docs/product.md#dashboard-layout): a popover with "Profile" and
 * "Logout", a dialog named like the button that opens it. A chunk of its own, fetched when the
 * avatar button is first pressed, so that Ionic's popover, list and item are not part of a home's
 * first load (docs/architecture.md#what-the-first-load-holds).
 */
export function AccountMenu({ isOpen, event, onDismiss, onProfile, onLogout }: AccountMenuProps) {
  const { t } = useI18n();
  return (
    // A dialog (Ionic makes it modal and moves the focus into it).
    <IonPopover isOpen={isOpen} event={event} onDidDismiss={onDismiss} role="dialog" aria-label={t('layout.accountMenu')}>
      <IonList lines="none">
        <IonItem button detail={false} onClick={onProfile}>
          <IonIcon icon={personOutline} slot="start" aria-hidden="true" />
          <IonLabel>{t('layout.profile')}</IonLabel>
        </IonItem>
        <IonItem button detail={false} onClick={onLogout}>
          <IonIcon icon={logOutOutline} slot="start" aria-hidden="true" />
          <IonLabel>{t('layout.logout')}</IonLabel>
        </IonItem>
      </IonList>
    </IonPopover>
  );
}

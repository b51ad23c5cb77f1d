import { IonAlert } from '@ionic/react';
import { useI18n } from '../platform/i18n';

/** Props of {@link LogoutConfirm}. */
export interface LogoutConfirmProps {
  /** Called when the user confirms. */
  onConfirm: () => void;
  /** Called once the alert has closed, whichever button closed it. */
  onDismiss: () => void;
}

/**
 * The side menu's "Log out?" confirmation (docs/product.md#dashboard-layout), open as it mounts. A
 * chunk of its own, fetched when "Logout" is chosen, so that Ionic's alert is not part of a home's
 * first load (docs/architecture.md#what-the-first-load-holds).
 */
export function LogoutConfirm({ onConfirm, onDismiss }: LogoutConfirmProps) {
  const { t } = useI18n();
  return (
    <IonAlert
      isOpen
      header={t('layout.confirmLogout')}
      message={t('layout.confirmLogoutQuestion')}
      buttons={[
        { text: t('common.cancel'), role: 'cancel' },
        { text: t('common.confirm'), role: 'confirm', handler: onConfirm },
      ]}
      onDidDismiss={onDismiss}
    />
  );
}

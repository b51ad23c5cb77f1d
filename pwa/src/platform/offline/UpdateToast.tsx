import { IonToast } from '@ionic/react';
import { useI18n } from '../i18n';
import { applyUpdate, dismissUpdate, useUpdateWaiting } from './serviceWorker';

/**
 * "A new version is available" with "Reload" and "Close". It stays until answered — unlike result toasts (6 s), an
 * update offer missed is an update never taken — and the reload happens only
 * on "Reload", so nothing typed is lost by surprise.
 */
export function UpdateToast() {
  const { t } = useI18n();
  const waiting = useUpdateWaiting();
  return (
    <IonToast
      isOpen={waiting}
      message={t('offline.updateAvailable')}
      position="bottom"
      buttons={[
        { text: t('offline.reload'), handler: applyUpdate },
        { text: t('common.close'), role: 'cancel' },
      ]}
      onDidDismiss={(event) => {
        if (event.detail.role === 'cancel') dismissUpdate();
      }}
    />
  );
}

import { IonToast } from '@ionic/react';
import { applyUpdate, dismissUpdate, useUpdateWaiting } from './serviceWorker';

/**
 * "A new version is available" with "Reload" and "Close". It stays until answered — unlike result toasts (6 s), an
 * update offer missed is an update never taken — and the reload happens only
 * on "Reload", so nothing typed is lost by surprise.
 */
export function UpdateToast() {
  const waiting = useUpdateWaiting();
  return (
    <IonToast
      isOpen={waiting}
      message="A new version is available"
      position="bottom"
      buttons={[
        { text: 'Reload', handler: applyUpdate },
        { text: 'Close', role: 'cancel' },
      ]}
      onDidDismiss={(event) => {
        if (event.detail.role === 'cancel') dismissUpdate();
      }}
    />
  );
}

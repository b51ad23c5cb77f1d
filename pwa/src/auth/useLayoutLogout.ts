import { useIonAlert } from '@ionic/react';
import { useCallback } from 'react';
import { HttpError } from '../platform/api/api';
import { countUnsent } from '../platform/offline/outbox';
import { t } from '../platform/i18n';
import { useSession } from './SessionProvider';

/** The question asked before logging out with complaints still in the outbox, in the active language. */
export function unsentQuestion(count: number): string {
  return t('layout.unsentQuestion', { count });
}

/**
 * Logout as the shared layout does it (docs/product.md#logout, docs/product.md#error-messages): on
 * success the session ends and the browser goes to `SITE_URL`; a non-2xx
 * answer shows the alert "Error logging out"; a thrown failure is logged only.
 * With complaints still unsent, it first asks "You have N unsent
 * complaints. Log out anyway?" — logging out deletes them with the user's data.
 */
export function useLayoutLogout(): () => Promise<void> {
  const { logout, user } = useSession();
  const [presentAlert] = useIonAlert();
  const userId = user?.id ?? null;
  return useCallback(async () => {
    const unsent = userId ? await countUnsent(userId) : 0;
    if (unsent > 0) {
      const confirmed = await new Promise<boolean>((resolve) => {
        void presentAlert({
          header: t('common.unsentComplaints'),
          message: unsentQuestion(unsent),
          buttons: [
            { text: t('common.cancel'), role: 'cancel' },
            { text: t('layout.logOut'), role: 'confirm' },
          ],
          onDidDismiss: (event) => resolve(event.detail.role === 'confirm'),
        });
      });
      if (!confirmed) return;
    }
    try {
      await logout();
    } catch (error) {
      if (error instanceof HttpError) {
        await presentAlert({ header: t('layout.logoutFailed'), buttons: [t('common.ok')] });
        return;
      }
      console.error('Logout failed', error);
    }
  }, [logout, presentAlert, userId]);
}

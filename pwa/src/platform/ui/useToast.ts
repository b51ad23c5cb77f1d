import { useIonToast } from '@ionic/react';
import { useCallback } from 'react';
import { t } from '../i18n';

/** How long toasts and snackbars stay, in ms (docs/product.md#constants-and-limits). */
export const TOAST_DURATION_MS = 6000;

/**
 * Shows a toast the way docs/product.md#error-messages asks for (admin and teacher screens): 6 s, with a
 * Close button, green for success and red for failure; announced politely
 * to screen readers by Ionic's toast. A new toast replaces the one still
 * showing (Ionic's hook would otherwise drop it silently while the first is up).
 * @returns `show(message, tone)`
 */
export function useToast(): (message: string, tone?: 'success' | 'danger') => void {
  const [present, dismiss] = useIonToast();
  return useCallback(
    (message: string, tone: 'success' | 'danger' = 'success') => {
      void dismiss()
        .catch(() => undefined)
        .then(() =>
          present({
            message,
            duration: TOAST_DURATION_MS,
            color: tone,
            position: 'bottom',
            buttons: [{ text: t('common.close'), role: 'cancel' }],
          }),
        );
    },
    [present, dismiss],
  );
}

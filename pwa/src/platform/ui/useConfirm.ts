import { useIonAlert, type AlertButton } from '@ionic/react';
import { useCallback } from 'react';
import { t } from '../i18n';

/** What {@link useConfirm}'s function takes. */
export interface ConfirmOptions {
  header: string;
  message: string;
  /** the confirming button's text, e.g. "Confirm" or "Delete" */
  confirmText: string;
  /**
   * Runs on confirm. The dialog stays until its promise settles and then
   * closes, whatever the outcome (docs/product.md#delete-confirmation).
   */
  onConfirm: () => void | Promise<void>;
}

/**
 * A confirm dialog (Ionic alert with Cancel and one confirming button),
 * presented afresh for each question, so its handler always belongs to the
 * row that asked. A dialog still closing is dismissed first: Ionic's hook
 * would otherwise ignore the new one.
 */
export function useConfirm(): (options: ConfirmOptions) => void {
  const [present, dismiss] = useIonAlert();
  return useCallback(
    ({ header, message, confirmText, onConfirm }: ConfirmOptions) => {
      const buttons: AlertButton[] = [
        { text: t('common.cancel'), role: 'cancel' },
        { text: confirmText, handler: async () => void (await onConfirm()) },
      ];
      void dismiss()
        .catch(() => undefined)
        .then(() => present({ header, message, buttons }));
    },
    [present, dismiss],
  );
}

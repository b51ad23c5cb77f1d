import { IonToast } from '@ionic/react';
import { useI18n } from '../i18n';

/** Props of {@link ErrorToast}. */
export interface ErrorToastProps {
  /** The text to show, already in the active language (for an API error, `errorMessage()` of `data/errorMessage.ts`); `null` hides the toast. */
  message: string | null;
  /** Called once the toast has gone (after 6 s or "Close"); the caller sets `message` back to `null`. */
  onDismiss: () => void;
}

/**
 * A red toast for a failure the user should know about (e.g. "Failed to
 * delete the course. Please try again."), shown for 6 seconds with a
 * "Close" button.
 */
export function ErrorToast({ message, onDismiss }: ErrorToastProps) {
  const { t } = useI18n();
  return <IonToast isOpen={message !== null} message={message ?? ''} duration={6000} color="danger" buttons={[{ text: t('common.close'), role: 'cancel' }]} onDidDismiss={onDismiss} />;
}

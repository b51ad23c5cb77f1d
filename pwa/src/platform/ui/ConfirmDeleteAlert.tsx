import { IonAlert } from '@ionic/react';
import { useI18n } from '../i18n';

/** Props of {@link ConfirmDeleteAlert}. */
export interface ConfirmDeleteAlertProps<T> {
  /** The item the user asked to delete; `null` hides the alert. */
  item: T | null;
  /** The alert's heading, e.g. "Confirm Delete", in the active language. */
  header: string;
  /** The question, built from the item, in the active language. */
  message: (item: T) => string;
  /** Called with the item when the user chooses "Delete". */
  onConfirm: (item: T) => void;
  /** Called once the alert has closed, whichever button was chosen; the caller sets `item` back to `null`. */
  onDismiss: () => void;
}

/** The "Cancel" / "Delete" confirmation shown before deleting a course or a notice. */
export function ConfirmDeleteAlert<T>({ item, header, message, onConfirm, onDismiss }: ConfirmDeleteAlertProps<T>) {
  const { t } = useI18n();
  return (
    <IonAlert
      isOpen={item !== null}
      header={header}
      message={item !== null ? message(item) : ''}
      buttons={[
        { text: t('common.cancel'), role: 'cancel' },
        { text: t('common.delete'), role: 'destructive', handler: () => void (item !== null && onConfirm(item)) },
      ]}
      onDidDismiss={onDismiss}
    />
  );
}

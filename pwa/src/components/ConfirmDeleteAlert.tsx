import { IonAlert } from '@ionic/react';

/** Props of {@link ConfirmDeleteAlert}. */
export interface ConfirmDeleteAlertProps<T> {
  /** The item the user asked to delete; `null` hides the alert. */
  item: T | null;
  /** The alert's heading, e.g. "Confirm Delete". */
  header: string;
  /** The question, built from the item. */
  message: (item: T) => string;
  /** Called with the item when the user chooses "Delete". */
  onConfirm: (item: T) => void;
  /** Called once the alert has closed, whichever button was chosen; the caller sets `item` back to `null`. */
  onDismiss: () => void;
}

/** The "Cancel" / "Delete" confirmation shown before deleting a course or a notice. */
export function ConfirmDeleteAlert<T>({ item, header, message, onConfirm, onDismiss }: ConfirmDeleteAlertProps<T>) {
  return (
    <IonAlert
      isOpen={item !== null}
      header={header}
      message={item !== null ? message(item) : ''}
      buttons={[
        { text: 'Cancel', role: 'cancel' },
        { text: 'Delete', role: 'destructive', handler: () => void (item !== null && onConfirm(item)) },
      ]}
      onDidDismiss={onDismiss}
    />
  );
}

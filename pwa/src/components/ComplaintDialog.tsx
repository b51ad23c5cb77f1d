import { IonButton, IonContent, IonModal } from '@ionic/react';
import { useId, type FormEvent } from 'react';
import { useI18n } from '../i18n';
import { useDialogInstance } from '../pages/shared/useDialogInstance';
import { DialogTitleBar } from './DialogParts';
import { TextAreaField, TextField } from './FormField';

/** Props of {@link ComplaintDialog}; the caller owns the field values and what submitting does. */
export interface ComplaintDialogProps {
  /** Whether the modal is shown. */
  isOpen: boolean;
  /** The dialog's heading, e.g. "Submit a New Complaint" or "Edit Complaint". */
  heading: string;
  /** The "Complaint Title" field's value (at most 200 characters). */
  title: string;
  /** The "Complaint Description" field's value (at most 5000 characters). */
  description: string;
  onTitleChange: (value: string) => void;
  onDescriptionChange: (value: string) => void;
  /** True while the submission is pending: the submit button is disabled and reads `busyLabel`. */
  busy: boolean;
  /** The submit button's text when idle, e.g. "Submit" or "Save". */
  submitLabel: string;
  /** The submit button's text while pending, e.g. "Submitting..." or "Saving...". */
  busyLabel: string;
  /** Called on submit; the default form submission is already prevented. */
  onSubmit: () => void;
  /** Called by "Cancel". */
  onCancel: () => void;
  /** Called once the modal has been dismissed (backdrop, Escape or closing). */
  onDismiss: () => void;
}

/**
 * The complaint form of docs/product.md#student-complaints, docs/product.md#teacher-complaints in a modal: "Complaint Title",
 * "Complaint Description", "Cancel" and a submit button. Used both for
 * "Submit a New Complaint" and for editing a complaint the server refused.
 * It validates nothing itself: the caller trims and checks.
 */
export function ComplaintDialog(props: ComplaintDialogProps) {
  const { isOpen, heading, title, description, onTitleChange, onDescriptionChange, busy, submitLabel, busyLabel, onSubmit, onCancel, onDismiss } = props;
  const { t } = useI18n();
  const headingId = useId();
  // Named by its heading: an aria-labelledby on the modal cannot reach into its shadow root.
  const instance = useDialogInstance(isOpen ? heading : null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <IonModal key={instance.key} isOpen={isOpen} onDidDismiss={onDismiss} className="complaint-dialog" aria-label={instance.label}>
      <DialogTitleBar id={headingId} className="course-details__title">{heading}</DialogTitleBar>
      <IonContent className="ion-padding">
        <form className="dialog-form" onSubmit={submit} noValidate aria-labelledby={headingId}>
          <TextField label={t('components.complaintDialog.title')} value={title} maxLength={200} required onChange={onTitleChange} />
          <TextAreaField label={t('components.complaintDialog.description')} value={description} rows={4} maxLength={5000} required onChange={onDescriptionChange} />
          <div className="dialog-actions">
            <IonButton fill="clear" onClick={onCancel}>
              {t('common.cancel')}
            </IonButton>
            <IonButton type="submit" disabled={busy}>
              {busy ? busyLabel : submitLabel}
            </IonButton>
          </div>
        </form>
      </IonContent>
    </IonModal>
  );
}

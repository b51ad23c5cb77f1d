import { IonButton, IonContent, IonModal } from '@ionic/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useI18n } from '../platform/i18n';
import { useDialogInstance } from '../platform/ui/useDialogInstance';
import { DialogTitleBar } from '../platform/ui/DialogParts';
import { TextAreaField, TextField } from '../platform/ui/FormField';

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

/** The fields of a complaint left blank (after trimming), in the form's order (docs/product.md#complaint-dialog-validation). */
export function blankComplaintFields(title: string, description: string): Array<'title' | 'description'> {
  return [...(title.trim() ? [] : (['title'] as const)), ...(description.trim() ? [] : (['description'] as const))];
}

/** Focuses the native control inside an Ionic field (light DOM: `ion-input` and `ion-textarea` are scoped, not shadowed). */
function focusField(host: HTMLElement | null): void {
  host?.querySelector<HTMLElement>('input, textarea')?.focus();
}

/**
 * The complaint form of docs/product.md#student-complaints, docs/product.md#teacher-complaints in a modal: "Complaint Title",
 * "Complaint Description", "Cancel" and a submit button. Used both for
 * "Submit a New Complaint" and for editing a complaint the server refused.
 * A submit with a blank field (after trimming) calls nothing: the blank fields show their message
 * ("Title is required.", "Description is required.") with `aria-invalid` and the
 * message as their description, the focus moves to the first of them, and what was typed stays
 * (docs/product.md#complaint-dialog-validation). The messages follow the text as it is typed, until
 * the dialog closes. The caller still trims what it sends.
 */
export function ComplaintDialog(props: ComplaintDialogProps) {
  const { isOpen, heading, title, description, onTitleChange, onDescriptionChange, busy, submitLabel, busyLabel, onSubmit, onCancel, onDismiss } = props;
  const { t } = useI18n();
  const headingId = useId();
  // Named by its heading: an aria-labelledby on the modal cannot reach into its shadow root.
  const instance = useDialogInstance(isOpen ? heading : null);
  // Whether a submit was tried: only then are blank fields shown as errors.
  const [attempted, setAttempted] = useState(false);
  const titleRef = useRef<HTMLIonInputElement>(null);
  const descriptionRef = useRef<HTMLIonTextareaElement>(null);
  useEffect(() => {
    if (!isOpen) setAttempted(false);
  }, [isOpen]);
  const blank = attempted ? blankComplaintFields(title, description) : [];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = blankComplaintFields(title, description);
    if (missing.length > 0) {
      setAttempted(true);
      focusField(missing[0] === 'title' ? titleRef.current : descriptionRef.current);
      return;
    }
    onSubmit();
  };
  return (
    <IonModal key={instance.key} isOpen={isOpen} onDidDismiss={onDismiss} className="complaint-dialog" aria-label={instance.label}>
      <DialogTitleBar id={headingId} className="course-details__title">
        {heading}
      </DialogTitleBar>
      <IonContent className="ion-padding">
        <form className="dialog-form" onSubmit={submit} noValidate aria-labelledby={headingId}>
          <TextField
            label={t('components.complaintDialog.title')}
            value={title}
            maxLength={200}
            required
            error={blank.includes('title') ? t('components.complaintDialog.titleRequired') : undefined}
            inputRef={titleRef}
            onChange={onTitleChange}
          />
          <TextAreaField
            label={t('components.complaintDialog.description')}
            value={description}
            rows={4}
            maxLength={5000}
            required
            error={blank.includes('description') ? t('components.complaintDialog.descriptionRequired') : undefined}
            textareaRef={descriptionRef}
            onChange={onDescriptionChange}
          />
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

import { IonButton, IonContent, IonFooter, IonModal } from '@ionic/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { DialogSaveButtons, DialogTitleBar } from '../platform/ui/DialogParts';
import { saveFailureMessage } from '../platform/ui/saveFailureMessage';
import { callOptions, client, done, json } from '../platform/api/client';
import { useResource } from '../platform/api/useResource';
import { t, useI18n, type MessageId } from '../platform/i18n';
import { useDialogInstance } from '../platform/ui/useDialogInstance';
import { CourseForm } from './CourseForm';
import { courseFormData, courseToFormValues, EMPTY_COURSE_FORM, hasErrors, validateCourseForm, type Course, type CourseFormErrors, type CourseFormValues } from './courseForm';

/** What the dialog is showing (docs/product.md#course-dialog-modes): a mode and, for edit and view, the course. */
export type CourseDialogState = { mode: 'add' } | { mode: 'edit' | 'view'; course: Course };

/** The catalogue key of the dialog's title (docs/product.md#course-management). */
function courseDialogTitleKey(state: CourseDialogState): MessageId {
  if (state.mode === 'view') return 'admin.courseDialog.viewTitle';
  return state.mode === 'edit' && state.course.id ? 'admin.courseDialog.editTitle' : 'admin.courseDialog.addTitle';
}

/** The dialog's title in the active language (docs/product.md#course-management). */
export function courseDialogTitle(state: CourseDialogState): string {
  return t(courseDialogTitleKey(state));
}

/** Time limit of a save, in milliseconds: an image of 5 MB may take a while on a phone. */
const SAVE_TIMEOUT_MS = 60_000;

/** Props of {@link CourseDialog}. */
export interface CourseDialogProps {
  /** what to show; null closes the dialog */
  state: CourseDialogState | null;
  /** called when the dialog closes without a save (Cancel, Escape, backdrop) */
  onClose: () => void;
  /** called after a successful save, before the dialog closes */
  onSaved: () => void;
}

/**
 * The course dialog (docs/product.md#course-management, docs/product.md#states-and-transitions, docs/product.md#validation-rules): "Add New Course",
 * "Edit Course" or "View Course"; Cancel and Save in add and edit modes,
 * Close in view mode. Save checks the form (docs/product.md#validation-rules) and sends it as
 * multipart form data — `POST /api/admin/courses` or `PUT
 * /api/admin/courses/{id}` — and closes only when that succeeds; a failed
 * save keeps the dialog open and says so.
 */
export function CourseDialog({ state, onClose, onSaved }: CourseDialogProps) {
  useI18n();
  const titleId = useId();
  const instance = useDialogInstance(state ? courseDialogTitle(state) : null);
  return (
    <IonModal key={instance.key} isOpen={state !== null} onDidDismiss={onClose} className="course-dialog" aria-label={instance.label}>
      {state && <CourseDialogBody titleId={titleId} state={state} onCancel={onClose} onSaved={onSaved} />}
    </IonModal>
  );
}

function CourseDialogBody(props: { titleId: string; state: CourseDialogState; onCancel: () => void; onSaved: () => void }) {
  const { titleId, state, onCancel, onSaved } = props;
  const { t } = useI18n();
  const formId = useId();
  const course = state.mode === 'add' ? null : state.course;
  const readOnly = state.mode === 'view';
  const [values, setValues] = useState<CourseFormValues>(() => (course ? courseToFormValues(course) : EMPTY_COURSE_FORM));
  const [errors, setErrors] = useState<CourseFormErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const instructors = useResource((signal) => json(client.api.admin.instructors.$get(undefined, callOptions({ signal }))), []);

  // Once a save was tried, the messages follow the fields as they change.
  useEffect(() => {
    if (submitted) setErrors(validateCourseForm(values));
  }, [submitted, values]);

  const change = (patch: Partial<CourseFormValues>) => setValues((current) => ({ ...current, ...patch }));

  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    if (readOnly || saving) return;
    setSubmitted(true);
    const found = validateCourseForm(values);
    setErrors(found);
    if (hasErrors(found)) return;
    setSaving(true);
    setSaveError(null);
    try {
      // The course goes as multipart (with its image); the server validates the fields itself, so the body is passed as is.
      const options = { ...callOptions({ timeoutMs: SAVE_TIMEOUT_MS }), init: { body: courseFormData(values) } };
      await done(course ? client.api.admin.courses[':id'].$put({ param: { id: course.id } }, options) : client.api.admin.courses.$post(undefined, options));
      onSaved();
    } catch (error) {
      console.error('Failed to save the course', error);
      setSaveError(saveFailureMessage('course', error));
      setSaving(false);
    }
  };

  return (
    <>
      <DialogTitleBar id={titleId}>{courseDialogTitle(state)}</DialogTitleBar>
      <IonContent className="ion-padding">
        <form id={formId} aria-labelledby={titleId} noValidate onSubmit={(event) => void save(event)}>
          {saveError && (
            <p className="form-banner" role="alert">
              {saveError}
            </p>
          )}
          <CourseForm
            values={values}
            onChange={change}
            errors={errors}
            readOnly={readOnly}
            course={course}
            instructorOptions={{ instructors: instructors.data, loading: instructors.loading, error: instructors.error }}
          />
          {/* Enter in a field submits; the visible Save button is in the footer. */}
          <button type="submit" hidden disabled={readOnly} />
        </form>
      </IonContent>
      <IonFooter>
        <div className="dialog-actions">
          {readOnly ? (
            <IonButton fill="outline" onClick={onCancel}>
              {t('common.close')}
            </IonButton>
          ) : (
            <>
              <DialogSaveButtons saving={saving} onCancel={onCancel} onSave={() => void save()} />
            </>
          )}
        </div>
      </IonFooter>
    </>
  );
}

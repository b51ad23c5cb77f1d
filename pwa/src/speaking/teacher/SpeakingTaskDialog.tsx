import { IonContent, IonModal } from '@ionic/react';
import { useId, useState, type FormEvent } from 'react';
import { DialogSaveBar, DialogTitleBar } from '../../platform/ui/DialogParts';
import { CheckboxField, FieldGroup, SelectField, TextAreaField, TextField } from '../../platform/ui/FormField';
import { saveFailureMessage } from '../../platform/ui/saveFailureMessage';
import { STRAND_KEYS, STRAND_LABELS, type StrandKey } from '../../oracy';
import { createSpeakingTask, updateSpeakingTask, type TeacherSpeakingTask } from '../speaking';
import type { Course } from '../../people';
import { t, useI18n } from '../../platform/i18n';
import { useDialogInstance } from '../../platform/ui/useDialogInstance';
import {
  emptyTaskForm,
  hasTaskErrors,
  MAX_LENGTH_OPTIONS,
  maxLengthLabel,
  serverTaskErrors,
  taskChanges,
  taskDraft,
  taskToFormValues,
  validateTaskForm,
  type SpeakingTaskErrorKey,
  type SpeakingTaskErrors,
  type SpeakingTaskFormValues,
} from './speakingTaskForm';
import '../../platform/ui/formFields.css';
import './speaking.css';

/** What the task dialog edits (docs/product.md#speaking-tasks): a new task, or an existing one. */
export type SpeakingTaskDialogState = { mode: 'add' } | { mode: 'edit'; task: TeacherSpeakingTask };

/** The dialog's title, in the active language. */
const dialogTitle = (state: SpeakingTaskDialogState) => (state.mode === 'edit' ? t('teacher.taskDialog.editTitle') : t('teacher.taskDialog.newTitle'));

/** Props of {@link SpeakingTaskDialog} (docs/product.md#speaking-tasks). */
export interface SpeakingTaskDialogProps {
  /** what to show; null closes the dialog */
  state: SpeakingTaskDialogState | null;
  /** the teacher's courses, for a new task's Course select */
  courses: readonly Course[];
  /** called when the dialog closes without a save (Cancel, Escape, backdrop) */
  onClose: () => void;
  /** called after the server saved the task */
  onSaved: () => void;
}

/**
 * The speaking-task dialog (docs/product.md#speaking-tasks): "New task" or "Edit task", with
 * Course (fixed when editing), Title, Prompt, Focus strands (four checkboxes), Maximum length
 * (15 s – 5 min, default 2 min), an optional Due date and an optional Script (the text of a
 * reading-aloud task, at most 2,000 characters with a counter, docs/product.md#reading-aloud). Save checks the form as the API does and
 * shows each message beside its field; it then sends `POST /api/teacher/speaking-tasks` or `PUT
 * /api/teacher/speaking-tasks/{taskId}`. A 400's field messages appear beside the fields too; any
 * failure keeps the dialog open with what was typed.
 */
export function SpeakingTaskDialog({ state, courses, onClose, onSaved }: SpeakingTaskDialogProps) {
  useI18n();
  const titleId = useId();
  const instance = useDialogInstance(state ? dialogTitle(state) : null);
  return (
    <IonModal key={instance.key} isOpen={state !== null} onDidDismiss={onClose} className="speaking-task-dialog" aria-label={instance.label}>
      {state && <TaskDialogBody titleId={titleId} state={state} courses={courses} onCancel={onClose} onSaved={onSaved} />}
    </IonModal>
  );
}

function TaskDialogBody(props: { titleId: string; state: SpeakingTaskDialogState; courses: readonly Course[]; onCancel: () => void; onSaved: () => void }) {
  const { titleId, state, courses, onCancel, onSaved } = props;
  const { t } = useI18n();
  const task = state.mode === 'edit' ? state.task : null;
  const [values, setValues] = useState<SpeakingTaskFormValues>(() => (task ? taskToFormValues(task) : emptyTaskForm(courses.length === 1 ? courses[0]!.id : '')));
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<SpeakingTaskErrors>({});
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  // Client messages follow the fields once a save was tried; a server message stays until its field changes.
  const errors: SpeakingTaskErrors = { ...serverErrors, ...(submitted ? validateTaskForm(values) : {}) };

  const change = (patch: Partial<SpeakingTaskFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setServerErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch) as SpeakingTaskErrorKey[]) delete next[key];
      return next;
    });
  };

  const toggleStrand = (key: StrandKey, checked: boolean) =>
    change({ focusStrands: checked ? [...values.focusStrands.filter((k) => k !== key), key] : values.focusStrands.filter((k) => k !== key) });

  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    if (saving) return;
    setSubmitted(true);
    if (hasTaskErrors(validateTaskForm(values))) return;
    setSaving(true);
    setSaveError(null);
    setServerErrors({});
    try {
      if (task) await updateSpeakingTask(task.id, taskChanges(values));
      else await createSpeakingTask(taskDraft(values));
      onSaved();
    } catch (error) {
      console.error('Failed to save the speaking task', error);
      const fields = serverTaskErrors(error);
      if (fields) {
        const { form, ...rest } = fields;
        setServerErrors(rest);
        setSaveError(form ?? null);
      } else {
        setSaveError(saveFailureMessage('task', error));
      }
      setSaving(false);
    }
  };

  const lengthOptions = MAX_LENGTH_OPTIONS.some((o) => o.seconds === values.maxSeconds)
    ? MAX_LENGTH_OPTIONS
    : [...MAX_LENGTH_OPTIONS, { seconds: values.maxSeconds }].sort((a, b) => a.seconds - b.seconds);

  return (
    <>
      <DialogTitleBar id={titleId}>{dialogTitle(state)}</DialogTitleBar>
      <IonContent className="ion-padding">
        <form aria-labelledby={titleId} noValidate onSubmit={(event) => void save(event)}>
          {saveError && (
            <p className="form-banner" role="alert">
              {saveError}
            </p>
          )}
          <div className="form-fields">
            <SelectField
              label={t('teacher.taskDialog.course')}
              value={values.courseId}
              placeholder={t('teacher.taskDialog.selectCourse')}
              options={task ? [{ value: task.courseId, label: task.courseTitle }] : courses.map((course) => ({ value: course.id, label: course.title }))}
              disabled={task !== null}
              error={errors.courseId}
              onChange={(courseId) => change({ courseId })}
            />
            <TextField label={t('teacher.taskDialog.title')} value={values.title} maxLength={120} error={errors.title} onChange={(title) => change({ title })} />
            <TextAreaField label={t('speaking.task.prompt')} value={values.prompt} rows={5} maxLength={2000} error={errors.prompt} onChange={(prompt) => change({ prompt })} />
            <FieldGroup label={t('speaking.task.focusStrands')} error={errors.focusStrands} className="strand-checks">
              <div className="strand-checks__options">
                {STRAND_KEYS.map((key) => (
                  <CheckboxField key={key} label={STRAND_LABELS[key]} checked={values.focusStrands.includes(key)} onChange={(checked) => toggleStrand(key, checked)} />
                ))}
              </div>
            </FieldGroup>
            <div className="form-row">
              <SelectField
                label={t('teacher.taskDialog.maxLength')}
                value={values.maxSeconds}
                options={lengthOptions.map((option) => ({ value: option.seconds, label: maxLengthLabel(option.seconds) }))}
                error={errors.maxSeconds}
                onChange={(maxSeconds) => change({ maxSeconds })}
              />
              <TextField
                label={t('teacher.taskDialog.dueDate')}
                type="datetime-local"
                value={values.dueAt}
                helper={t('teacher.taskDialog.optional')}
                error={errors.dueAt}
                onChange={(dueAt) => change({ dueAt })}
              />
            </div>
            <TextAreaField
              label={t('teacher.taskDialog.script')}
              helper={t('teacher.taskDialog.scriptHelp')}
              value={values.script}
              rows={4}
              autoGrow
              maxLength={2000}
              error={errors.script}
              onChange={(script) => change({ script })}
            />
          </div>
          <button type="submit" hidden />
        </form>
      </IonContent>
      <DialogSaveBar saving={saving} onCancel={onCancel} onSave={() => void save()} />
    </>
  );
}

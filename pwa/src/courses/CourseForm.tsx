import { useEffect, useState, type ChangeEvent } from 'react';
import { FileField, SelectField, TextAreaField, TextField } from '../platform/ui/FormField';
import { useI18n, type MessageId } from '../platform/i18n';
import type { Course, CourseFormErrors, CourseFormValues, Instructor } from './courseForm';
import { imageProblem } from './courseForm';
import '../platform/ui/formFields.css';

/** What the instructor dropdown shows while its list loads (docs/product.md#course-management, docs/product.md#error-messages). */
export interface InstructorOptions {
  instructors: readonly Instructor[] | undefined;
  loading: boolean;
  error: unknown;
}

/** Props of {@link CourseForm}. */
export interface CourseFormProps {
  values: CourseFormValues;
  /** merges a change into the values */
  onChange: (patch: Partial<CourseFormValues>) => void;
  /** the catalogue keys of the messages to show under the fields (after a submit) */
  errors: CourseFormErrors;
  /** true in view mode: every field is disabled (docs/product.md#course-management) */
  readOnly: boolean;
  /** the course being edited or viewed, for its current image and instructor */
  course: Course | null;
  instructorOptions: InstructorOptions;
}

/** An object URL for a chosen file, revoked when the file changes or the form closes. */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}

/**
 * The course form (docs/product.md#course-management): heading "Course Details" (add
 * and edit) or "View Course" (read-only); Title, Description (4 rows),
 * Instructor (a dropdown by name, "Loading Instructors..." / "Error fetching
 * instructors!"), Duration (hours), Start Date, End Date, Status (Active or
 * Inactive) and "Upload Course Image:" with a preview at most 200 px wide. The shared Ionic
 * fields of `components/FormField.tsx` (the dates keep the platform's own date picker, the image
 * the platform's file chooser). Errors appear under their fields; the date-order error
 * (`dateRange`) under the end date; the instructors' loading and failure under their select.
 */
export function CourseForm({ values, onChange, errors, readOnly, course, instructorOptions }: CourseFormProps) {
  const { t } = useI18n();
  const [imageError, setImageError] = useState<MessageId | null>(null);
  const previewUrl = usePreviewUrl(values.image);
  const shownImage = previewUrl ?? course?.imageUrl ?? null;
  const message = (key: MessageId | undefined) => (key ? t(key) : undefined);

  const { instructors, loading, error } = instructorOptions;
  // A course whose instructor is missing from the list (e.g. while it loads) still shows its name.
  const options = [...(instructors ?? [])];
  if (course?.instructorId && course.instructorName && !options.some((o) => o.id === course.instructorId)) {
    options.push({ id: course.instructorId, name: course.instructorName });
  }

  const chooseImage = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    const problem = file ? imageProblem(file) : null;
    setImageError(problem);
    if (problem) {
      event.target.value = '';
      onChange({ image: null });
      return;
    }
    onChange({ image: file });
  };

  return (
    <div className="course-form">
      <h3 className="course-form__heading">{readOnly ? t('admin.courseForm.viewHeading') : t('admin.courseForm.heading')}</h3>
      <div className="form-fields">
        <TextField label={t('admin.courseForm.title')} value={values.title} maxLength={200} disabled={readOnly} error={message(errors.title)} onChange={(title) => onChange({ title })} />
        <TextAreaField
          label={t('admin.courseForm.description')}
          value={values.description}
          rows={4}
          maxLength={5000}
          disabled={readOnly}
          error={message(errors.description)}
          onChange={(description) => onChange({ description })}
        />
        <SelectField
          label={t('admin.courseForm.instructor')}
          value={values.instructorId}
          placeholder={loading ? t('admin.courseForm.instructorsLoading') : t('admin.courseForm.selectInstructor')}
          options={options.map((instructor) => ({ value: instructor.id, label: instructor.name }))}
          disabled={readOnly}
          helper={loading ? t('admin.courseForm.instructorsLoading') : undefined}
          error={message(errors.instructorId) ?? (error ? t('admin.courseForm.instructorsFailed') : undefined)}
          onChange={(instructorId) => onChange({ instructorId })}
        />
        <TextField
          label={t('admin.courseForm.duration')}
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          value={values.duration}
          disabled={readOnly}
          error={message(errors.duration)}
          onChange={(duration) => onChange({ duration })}
        />
        <div className="form-row">
          <TextField
            label={t('admin.courseForm.startDate')}
            type="date"
            value={values.startDate}
            disabled={readOnly}
            error={message(errors.startDate)}
            onChange={(startDate) => onChange({ startDate })}
          />
          <TextField
            label={t('admin.courseForm.endDate')}
            type="date"
            value={values.endDate}
            disabled={readOnly}
            error={message(errors.endDate ?? errors.dateRange)}
            onChange={(endDate) => onChange({ endDate })}
          />
        </div>
        <SelectField
          label={t('admin.courseForm.status')}
          value={values.status}
          placeholder={t('admin.courseForm.selectStatus')}
          options={[
            { value: 'active', label: t('components.courseStatus.active') },
            { value: 'inactive', label: t('components.courseStatus.inactive') },
          ]}
          disabled={readOnly}
          error={message(errors.status)}
          onChange={(status) => onChange({ status })}
        />
        <FileField label={t('admin.courseForm.image')} accept="image/*" disabled={readOnly} error={message(imageError ?? undefined)} onChange={chooseImage} />
        {shownImage && <img className="course-form__preview" src={shownImage} alt={previewUrl ? t('admin.courseForm.imagePreview') : t('admin.courseForm.currentImage')} />}
      </div>
    </div>
  );
}

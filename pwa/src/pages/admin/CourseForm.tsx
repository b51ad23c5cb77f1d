import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { FormField } from '../../components/FormField';
import { useI18n, type MessageId } from '../../i18n';
import type { Course, CourseFormErrors, CourseFormValues, Instructor } from './courseForm';
import { imageProblem } from './courseForm';
import '../shared/formFields.css';

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
 * Inactive) and "Upload Course Image:" with a preview at most 200 px wide.
 * Native controls with labels, so that they work with every assistive
 * technology and in tests alike. Errors appear under their fields; the
 * date-order error (`dateRange`) under the end date.
 */
export function CourseForm({ values, onChange, errors, readOnly, course, instructorOptions }: CourseFormProps) {
  const { t } = useI18n();
  const id = useId();
  const [imageError, setImageError] = useState<MessageId | null>(null);
  const previewUrl = usePreviewUrl(values.image);
  const shownImage = previewUrl ?? course?.imageUrl ?? null;
  const text = (key: 'title' | 'description' | 'duration' | 'startDate' | 'endDate') => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    onChange({ [key]: event.target.value });

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
        <FormField id={`${id}-title`} label={t('admin.courseForm.title')} error={message(errors.title)}>
          {(describedBy) => (
            <input
              id={`${id}-title`}
              type="text"
              value={values.title}
              onChange={text('title')}
              disabled={readOnly}
              maxLength={200}
              autoComplete="off"
              aria-invalid={errors.title ? true : undefined}
              aria-describedby={describedBy}
            />
          )}
        </FormField>
        <FormField id={`${id}-description`} label={t('admin.courseForm.description')} error={message(errors.description)}>
          {(describedBy) => (
            <textarea
              id={`${id}-description`}
              rows={4}
              value={values.description}
              onChange={text('description')}
              disabled={readOnly}
              maxLength={5000}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={describedBy}
            />
          )}
        </FormField>
        <FormField
          id={`${id}-instructor`}
          label={t('admin.courseForm.instructor')}
          error={message(errors.instructorId)}
          hint={loading ? t('admin.courseForm.instructorsLoading') : error ? <span className="form-field__error">{t('admin.courseForm.instructorsFailed')}</span> : undefined}
        >
          {(describedBy) => (
            <select
              id={`${id}-instructor`}
              value={values.instructorId}
              onChange={(event) => onChange({ instructorId: event.target.value })}
              disabled={readOnly}
              aria-invalid={errors.instructorId ? true : undefined}
              aria-describedby={describedBy}
              aria-busy={loading || undefined}
            >
              <option value="">{loading ? t('admin.courseForm.instructorsLoading') : t('admin.courseForm.selectInstructor')}</option>
              {options.map((instructor) => (
                <option key={instructor.id} value={instructor.id}>
                  {instructor.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField id={`${id}-duration`} label={t('admin.courseForm.duration')} error={message(errors.duration)}>
          {(describedBy) => (
            <input
              id={`${id}-duration`}
              type="number"
              inputMode="decimal"
              min="0"
              step="any"
              value={values.duration}
              onChange={text('duration')}
              disabled={readOnly}
              aria-invalid={errors.duration ? true : undefined}
              aria-describedby={describedBy}
            />
          )}
        </FormField>
        <div className="form-row">
          <FormField id={`${id}-start`} label={t('admin.courseForm.startDate')} error={message(errors.startDate)}>
            {(describedBy) => (
              <input
                id={`${id}-start`}
                type="date"
                value={values.startDate}
                onChange={text('startDate')}
                disabled={readOnly}
                aria-invalid={errors.startDate ? true : undefined}
                aria-describedby={describedBy}
              />
            )}
          </FormField>
          <FormField id={`${id}-end`} label={t('admin.courseForm.endDate')} error={message(errors.endDate ?? errors.dateRange)}>
            {(describedBy) => (
              <input
                id={`${id}-end`}
                type="date"
                value={values.endDate}
                onChange={text('endDate')}
                disabled={readOnly}
                aria-invalid={errors.endDate || errors.dateRange ? true : undefined}
                aria-describedby={describedBy}
              />
            )}
          </FormField>
        </div>
        <FormField id={`${id}-status`} label={t('admin.courseForm.status')} error={message(errors.status)}>
          {(describedBy) => (
            <select
              id={`${id}-status`}
              value={values.status}
              onChange={(event) => onChange({ status: event.target.value })}
              disabled={readOnly}
              aria-invalid={errors.status ? true : undefined}
              aria-describedby={describedBy}
            >
              <option value="">{t('admin.courseForm.selectStatus')}</option>
              <option value="active">{t('components.courseStatus.active')}</option>
              <option value="inactive">{t('components.courseStatus.inactive')}</option>
            </select>
          )}
        </FormField>
        <FormField id={`${id}-image`} label={t('admin.courseForm.image')} error={message(imageError ?? undefined)}>
          {(describedBy) => (
            <input
              id={`${id}-image`}
              type="file"
              accept="image/*"
              onChange={chooseImage}
              disabled={readOnly}
              aria-invalid={imageError ? true : undefined}
              aria-describedby={describedBy}
            />
          )}
        </FormField>
        {shownImage && <img className="course-form__preview" src={shownImage} alt={previewUrl ? t('admin.courseForm.imagePreview') : t('admin.courseForm.currentImage')} />}
      </div>
    </div>
  );
}

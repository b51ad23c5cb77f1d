import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { FormField } from '../../components/FormField';
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
  /** the messages to show under the fields (after a submit) */
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
  const id = useId();
  const [imageError, setImageError] = useState<string | null>(null);
  const previewUrl = usePreviewUrl(values.image);
  const shownImage = previewUrl ?? course?.imageUrl ?? null;
  const text = (key: 'title' | 'description' | 'duration' | 'startDate' | 'endDate') => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    onChange({ [key]: event.target.value });

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
      <h3 className="course-form__heading">{readOnly ? 'View Course' : 'Course Details'}</h3>
      <div className="form-fields">
        <FormField id={`${id}-title`} label="Title" error={errors.title}>
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
        <FormField id={`${id}-description`} label="Description" error={errors.description}>
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
          label="Instructor"
          error={errors.instructorId}
          hint={loading ? 'Loading Instructors...' : error ? <span className="form-field__error">Error fetching instructors!</span> : undefined}
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
              <option value="">{loading ? 'Loading Instructors...' : 'Select an instructor'}</option>
              {options.map((instructor) => (
                <option key={instructor.id} value={instructor.id}>
                  {instructor.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField id={`${id}-duration`} label="Duration (hours)" error={errors.duration}>
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
          <FormField id={`${id}-start`} label="Start Date" error={errors.startDate}>
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
          <FormField id={`${id}-end`} label="End Date" error={errors.endDate ?? errors.dateRange}>
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
        <FormField id={`${id}-status`} label="Status" error={errors.status}>
          {(describedBy) => (
            <select
              id={`${id}-status`}
              value={values.status}
              onChange={(event) => onChange({ status: event.target.value })}
              disabled={readOnly}
              aria-invalid={errors.status ? true : undefined}
              aria-describedby={describedBy}
            >
              <option value="">Select a status</option>
              <option value="active">Active</option>
              <option value="inactive">Inactive</option>
            </select>
          )}
        </FormField>
        <FormField id={`${id}-image`} label="Upload Course Image:" error={imageError ?? undefined}>
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
        {shownImage && <img className="course-form__preview" src={shownImage} alt={previewUrl ? 'Preview of the chosen image' : 'Current course image'} />}
      </div>
    </div>
  );
}

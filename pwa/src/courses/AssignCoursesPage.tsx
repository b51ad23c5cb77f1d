import { IonButton, IonCard, IonCardContent, IonSpinner } from '@ionic/react';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { CheckboxField } from '../platform/ui/FormField';
import { ScreenState } from '../platform/ui/ScreenState';
import { useResource } from '../platform/api/useResource';
import { intl, t, useI18n } from '../platform/i18n';
import { assignCourses, fetchAssignedCourses, fetchCourses, type CourseChoice } from '../people';
import '../platform/ui/admin.css';

/**
 * Assign courses to a student at /admin/student/assign-courses/:studentId
 * (docs/product.md#assign-courses, docs/product.md#lists-reload-after-changes,
 * docs/product.md#assign-courses-validation, docs/product.md#error-messages): "Assign Courses to Student", "Available Courses", a
 * table of every course (#, Course Name, Duration (in hours) or N/A, an
 * Assign checkbox pre-checked for the courses already assigned) and "Assign
 * Selected Courses", disabled while loading or saving. It replaces the
 * student's set (an empty selection is allowed); on success "Courses
 * assigned successfully!" shows in green and the assignment reloads; a
 * failure is logged only.
 */
export default function AssignCoursesPage() {
  const { t } = useI18n();
  const { studentId = '' } = useParams();
  const courses = useResource((signal) => fetchCourses(signal), []);
  const assigned = useResource((signal) => fetchAssignedCourses(studentId, signal), [studentId]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);

  // The checkboxes start from what the server says is assigned, and follow each reload.
  useEffect(() => {
    if (assigned.data) setSelected(new Set(assigned.data));
  }, [assigned.data]);

  const loading = courses.loading || assigned.loading;
  const error = courses.error ?? assigned.error;

  const toggle = (id: string, checked: boolean) => {
    setSaved(false);
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  };

  const save = async () => {
    setSaving(true);
    setSaved(false);
    try {
      const ids = (courses.data ?? []).map((course) => course.id).filter((id) => selected.has(id));
      await assignCourses(studentId, ids);
      setSaved(true);
      await assigned.reload();
    } catch (err) {
      console.error('Failed to assign courses', err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <h1 className="screen-title">{t('admin.assignCourses.title')}</h1>
      <IonCard className="admin-panel">
        <IonCardContent>
          <h2 className="admin-subtitle">{t('admin.assignCourses.available')}</h2>
          <ScreenState
            loading={loading && !(courses.data && assigned.data)}
            error={error}
            empty={(courses.data?.length ?? 0) === 0}
            loadingText={t('admin.assignCourses.loading')}
            errorText={t('admin.assignCourses.loadFailed')}
            emptyText={t('admin.assignCourses.empty')}
            onRetry={() => {
              void courses.reload();
              void assigned.reload();
            }}
          >
            <CourseTable courses={courses.data ?? []} selected={selected} disabled={saving} onToggle={toggle} />
          </ScreenState>
          <div className="assign-footer">
            <IonButton disabled={loading || saving || error !== undefined} onClick={() => void save()}>
              {t('admin.assignCourses.assignSelected')}
            </IonButton>
            {saving ? <IonSpinner name="crescent" aria-label={t('admin.assignCourses.saving')} /> : null}
            <p className="assign-success" role="status">
              {saved ? t('admin.assignCourses.assigned') : ''}
            </p>
          </div>
        </IonCardContent>
      </IonCard>
    </>
  );
}

/** "N/A" for a missing duration (docs/product.md#assign-courses), else the hours, as the active language writes numbers. */
export function durationText(duration: number | null | undefined): string {
  return typeof duration === 'number' && Number.isFinite(duration) ? intl().formatNumber(duration) : t('common.notAvailable');
}

function CourseTable(props: { courses: CourseChoice[]; selected: ReadonlySet<string>; disabled: boolean; onToggle: (id: string, checked: boolean) => void }) {
  const { t } = useI18n();
  return (
    <div className="people-table__scroll">
      <table className="people-table assign-table">
        <caption className="visually-hidden">{t('admin.assignCourses.available')}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{t('admin.assignCourses.courseName')}</th>
            <th scope="col">{t('admin.assignCourses.duration')}</th>
            <th scope="col">{t('admin.assignCourses.assign')}</th>
          </tr>
        </thead>
        <tbody>
          {props.courses.map((course, index) => (
            <tr key={course.id}>
              <td>{index + 1}</td>
              <td>{course.title}</td>
              <td>{durationText(course.duration)}</td>
              <td>
                <CheckboxField
                  label={t('admin.assignCourses.assignCourse', { title: course.title })}
                  hideLabel
                  checked={props.selected.has(course.id)}
                  disabled={props.disabled}
                  onChange={(checked) => props.onToggle(course.id, checked)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

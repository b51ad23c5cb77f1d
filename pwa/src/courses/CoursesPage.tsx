import { IonButton, IonIcon } from '@ionic/react';
import { addOutline, createOutline, eyeOutline, trashOutline } from 'ionicons/icons';
import { useId, useState } from 'react';
import { ConfirmDeleteAlert } from '../platform/ui/ConfirmDeleteAlert';
import { courseStatusName } from './CourseCard';
import { ErrorToast } from '../platform/ui/ErrorToast';
import { OfflineBanner } from '../platform/ui/OfflineBanner';
import { ScreenState } from '../platform/ui/ScreenState';
import { callOptions, client, done, json } from '../platform/api/client';
import { useCachedResource } from '../platform/api/useCachedResource';
import { useI18n } from '../platform/i18n';
import placeholderUrl from './admin-course-placeholder.svg';
import { CourseDialog, type CourseDialogState } from './CourseDialog';
import type { Course } from './courseForm';
import './CoursesPage.css';

/** Loads every course (`GET /api/admin/courses`, docs/product.md#course-calls). */
export function loadCourses(signal: AbortSignal): Promise<Course[]> {
  return json(client.api.admin.courses.$get(undefined, callOptions({ signal })));
}

/** Props of {@link CourseCard}. */
export interface CourseCardProps {
  course: Course;
  onView: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** An icon button whose name is also shown as a tooltip on hover and keyboard focus. */
function ActionButton(props: { label: string; icon: string; describedBy: string; onClick: () => void; danger?: boolean }) {
  return (
    <button type="button" className={`course-action${props.danger ? ' course-action--danger' : ''}`} aria-label={props.label} aria-describedby={props.describedBy} onClick={props.onClick}>
      <IonIcon icon={props.icon} aria-hidden="true" />
      <span className="course-action__tip" aria-hidden="true">
        {props.label}
      </span>
    </button>
  );
}

/**
 * One course card (docs/product.md#course-management): the image 140 high (or the
 * 345×140 placeholder), the title, "Instructor: " with the instructor's
 * name ("—" when none), the description, "Status: " capitalised in green
 * when active and red otherwise, and the View Course, Edit Course and
 * Delete Course actions.
 */
export function CourseCard({ course, onView, onEdit, onDelete }: CourseCardProps) {
  const { t } = useI18n();
  const titleId = useId();
  const active = course.status === 'active' || course.status === 'ongoing';
  return (
    <article className="course-card" aria-labelledby={titleId}>
      <img
        className="course-card__image"
        src={course.imageUrl ?? placeholderUrl}
        alt={course.imageUrl ? t('admin.courses.imageOf', { title: course.title }) : ''}
        height={140}
        loading="lazy"
      />
      <div className="course-card__body">
        <h2 id={titleId} className="course-card__title">
          {course.title}
        </h2>
        <p className="course-card__meta">{t('admin.courses.instructor', { name: course.instructorName ?? '—' })}</p>
        <p className="course-card__description">{course.description}</p>
        <p className="course-card__meta">
          {t('common.statusLabel')} <span className={active ? 'course-status course-status--active' : 'course-status course-status--inactive'}>{courseStatusName(course.status)}</span>
        </p>
      </div>
      <div className="course-card__actions">
        <ActionButton label={t('admin.courses.view')} icon={eyeOutline} describedBy={titleId} onClick={onView} />
        <ActionButton label={t('admin.courses.edit')} icon={createOutline} describedBy={titleId} onClick={onEdit} />
        <ActionButton label={t('admin.courses.delete')} icon={trashOutline} describedBy={titleId} onClick={onDelete} danger />
      </div>
    </article>
  );
}

/**
 * Admin course management at /admin/courses (docs/product.md#course-management, docs/product.md#course-dialog-modes,
 * docs/product.md#lists-reload-after-changes, docs/product.md#error-messages): "Add Course",
 * "Loading...", "Error loading courses" (with Retry), an empty state, and a
 * grid of course cards — one column on phones, more from tablet width. View
 * and Edit open the course dialog; Delete asks for confirmation first. The
 * list reloads after every add, edit and delete; a failed delete is logged
 * and shown in a toast.
 */
export default function CoursesPage() {
  const { t } = useI18n();
  // Cached per user for offline use.
  const courses = useCachedResource('/api/admin/courses', loadCourses, []);
  const [dialog, setDialog] = useState<CourseDialogState | null>(null);
  const [deleting, setDeleting] = useState<Course | null>(null);
  const [toast, setToast] = useState<string | null>(null);
  const list = courses.data ?? [];

  const remove = async (course: Course) => {
    try {
      await done(client.api.admin.courses[':id'].$delete({ param: { id: course.id } }));
    } catch (error) {
      console.error('Failed to delete the course', error);
      setToast(t('admin.courses.deleteFailed'));
    }
    await courses.reload();
  };

  return (
    <>
      <div className="screen-header">
        <h1 className="screen-title">{t('admin.courses.title')}</h1>
        <IonButton onClick={() => setDialog({ mode: 'add' })}>
          <IonIcon slot="start" icon={addOutline} aria-hidden="true" />
          {t('admin.courses.add')}
        </IonButton>
      </div>
      <OfflineBanner offline={courses.offline} savedAt={courses.savedAt} />
      <ScreenState
        loading={courses.loading && courses.data === undefined}
        error={courses.data === undefined ? courses.error : undefined}
        loadingText={t('common.loading')}
        errorText={t('admin.courses.loadFailed')}
        emptyText={t('admin.courses.empty')}
        empty={list.length === 0}
        onRetry={() => void courses.reload()}
      >
        <ul className="course-grid" aria-label={t('admin.courses.title')}>
          {list.map((course) => (
            <li key={course.id}>
              <CourseCard course={course} onView={() => setDialog({ mode: 'view', course })} onEdit={() => setDialog({ mode: 'edit', course })} onDelete={() => setDeleting(course)} />
            </li>
          ))}
        </ul>
      </ScreenState>
      <CourseDialog
        state={dialog}
        onClose={() => setDialog(null)}
        onSaved={() => {
          setDialog(null);
          void courses.reload();
        }}
      />
      <ConfirmDeleteAlert
        item={deleting}
        header={t('admin.courses.delete')}
        message={(course) => t('admin.courses.deleteConfirm', { title: course.title })}
        onConfirm={(course) => void remove(course)}
        onDismiss={() => setDeleting(null)}
      />
      <ErrorToast message={toast} onDismiss={() => setToast(null)} />
    </>
  );
}

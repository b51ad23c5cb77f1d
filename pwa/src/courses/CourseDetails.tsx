import { IonButton } from '@ionic/react';
import { useId } from 'react';
import { formatDue, loadStudentSpeakingTasks, loadTeacherSpeakingTasks, SPEAKING_TASKS_KEY, type StudentSpeakingTask } from '../speaking';
import { loadStudentAssignments, loadTeacherAssignments, useOwnId, type Course } from '../people';
import { useCachedResource } from '../platform/api/useCachedResource';
import { useResource } from '../platform/api/useResource';
import { useI18n, type MessageId } from '../platform/i18n';
import { formatDate } from '../platform/i18n/dates';
import { openFirst } from '../assignments';
import type { CourseView } from './CourseCard';

/** What the details show of a speaking task, from the student's or the teacher's list. */
type CourseTask = Pick<StudentSpeakingTask, 'id' | 'courseId' | 'title' | 'dueAt'>;

/** One loaded list of the details: its state and its rows, with its own Retry. */
function DetailList({
  heading,
  loading,
  error,
  empty,
  onRetry,
  rows,
}: {
  heading: MessageId;
  loading: boolean;
  error: boolean;
  empty: MessageId;
  onRetry: () => void;
  rows: { id: string; title: string; lines: string[] }[];
}) {
  const { t } = useI18n();
  const headingId = useId();
  return (
    <section className="course-details__section" aria-labelledby={headingId}>
      <h3 id={headingId} className="course-details__heading">
        {t(heading)}
      </h3>
      {loading ? (
        <p role="status">{t('components.courseDetails.loading')}</p>
      ) : error ? (
        <div role="alert">
          <p>{t('components.courseDetails.loadError')}</p>
          <IonButton fill="outline" size="small" onClick={onRetry}>
            {t('common.retry')}
          </IonButton>
        </div>
      ) : rows.length === 0 ? (
        <p>{t(empty)}</p>
      ) : (
        <ul className="course-details__list">
          {rows.map((row) => (
            <li key={row.id}>
              <span className="course-details__item-title">{row.title}</span>
              {row.lines.map((line) => (
                <span key={line} className="course-details__item-line">
                  {line}
                </span>
              ))}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * What "View Details" adds to a course's description (docs/product.md#your-enrolled-courses,
 * docs/product.md#teacher-courses): its teacher, its dates and duration, and — loaded when the
 * details open — its assignments (a student's, open first by due date, each "Done" or "Not
 * done", from `GET /api/student/assignments/{id}`; a teacher's, by due date, each "3 of 5 done",
 * from `GET /api/teacher/assignments/{id}`) and its speaking tasks with their due dates
 * (`GET /api/{student|teacher}/speaking-tasks/{id}`, the speaking screens' calls). Each list has
 * its loading, error (with Retry) and empty states.
 */
export function CourseDetails({ course, view }: { course: Course; view: CourseView }) {
  const { t } = useI18n();
  const ownerId = useOwnId(view === 'student' ? 'studentId' : 'teacherId');
  const assignments = useResource(
    async (signal): Promise<{ id: string; courseId: string; title: string; dueDate: string; done?: boolean; completed?: number; enrolled?: number }[]> =>
      !ownerId ? [] : view === 'student' ? loadStudentAssignments(ownerId, signal) : loadTeacherAssignments(ownerId, signal),
    [view, ownerId],
  );
  const tasks = useCachedResource<readonly CourseTask[]>(
    ownerId ? (view === 'student' ? SPEAKING_TASKS_KEY : `/api/teacher/speaking-tasks/${ownerId}`) : null,
    (signal) => (view === 'student' ? loadStudentSpeakingTasks(ownerId ?? '', signal) : loadTeacherSpeakingTasks(ownerId ?? '', signal)),
    [view, ownerId],
  );

  const ofCourse = <T extends { courseId: string }>(rows: readonly T[] | undefined) => (rows ?? []).filter((row) => row.courseId === course.id);
  return (
    <div className="course-details__facts">
      <dl className="course-details__summary">
        <div>
          <dt>{t('components.courseDetails.teacher')}</dt>
          <dd>{course.instructorName ?? t('components.courseDetails.noTeacher')}</dd>
        </div>
        <div>
          <dt>{t('components.courseDetails.dates')}</dt>
          <dd>{t('components.courseDetails.dateRange', { start: formatDate(course.startDate), end: formatDate(course.endDate) })}</dd>
        </div>
        <div>
          <dt>{t('components.courseDetails.duration')}</dt>
          <dd>{t('components.courseDetails.hours', { hours: course.duration })}</dd>
        </div>
      </dl>
      <DetailList
        heading="components.courseDetails.assignments"
        loading={assignments.loading && !assignments.data}
        error={!assignments.data && Boolean(assignments.error)}
        empty="components.courseDetails.noAssignments"
        onRetry={() => void assignments.reload()}
        rows={(view === 'student' ? openFirst(ofCourse(assignments.data).map((a) => ({ ...a, done: a.done ?? false }))) : ofCourse(assignments.data)).map((a) => ({
          id: a.id,
          title: a.title,
          lines: [
            t('shared.assignment.due', { date: formatDate(a.dueDate) }),
            view === 'student'
              ? t(a.done ? 'shared.assignment.done' : 'shared.assignment.notDone')
              : t('components.courseDetails.doneOf', { completed: a.completed ?? 0, enrolled: a.enrolled ?? 0 }),
          ],
        }))}
      />
      <DetailList
        heading="components.courseDetails.speakingTasks"
        loading={tasks.loading && !tasks.data}
        error={!tasks.data && Boolean(tasks.error)}
        empty="components.courseDetails.noSpeakingTasks"
        onRetry={() => void tasks.reload()}
        rows={ofCourse(tasks.data).map((task) => ({ id: task.id, title: task.title, lines: [formatDue(task.dueAt)] }))}
      />
    </div>
  );
}

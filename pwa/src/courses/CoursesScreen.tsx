import { useState } from 'react';
import { CourseCard, CourseCardSkeleton, CourseDetailsModal } from './CourseCard';
import { OfflineBanner } from '../platform/ui/OfflineBanner';
import { ScreenState } from '../platform/ui/ScreenState';
import { loadCourses, useOwnId, type AreaRole, type Course } from '../people';
import { useCachedResource } from '../platform/api/useCachedResource';
import { ROLE } from '../auth';
import { useI18n, type MessageId } from '../platform/i18n';
import './CourseCard.css';
import '../platform/ui/area.css';

/** How many skeleton cards the student's list shows while loading (docs/product.md#your-enrolled-courses, docs/product.md#constants-and-limits). */
export const COURSE_SKELETONS = 6;

/** The texts of each role's course screen (docs/product.md#your-enrolled-courses, docs/product.md#teacher-courses). */
const TEXTS: Record<AreaRole, { heading: MessageId; error: MessageId; empty: readonly MessageId[] }> = {
  [ROLE.student]: {
    heading: 'route.yourEnrolledCourses',
    error: 'courses.student.loadError',
    empty: ['courses.student.empty'],
  },
  [ROLE.teacher]: {
    heading: 'route.yourCourses',
    error: 'courses.teacher.loadError',
    empty: ['courses.teacher.empty', 'courses.teacher.emptyHint'],
  },
};

/**
 * The student's (docs/product.md#your-enrolled-courses) or the teacher's (docs/product.md#teacher-courses)
 * courses: `GET /api/{student|teacher}/courses/{id}` (the id from local
 * storage) as a grid of course cards with a details modal. Loading shows 6
 * skeleton cards (student) or "Loading courses, please wait..." (teacher);
 * the error has a Retry; the empty texts are the spec's.
 */
export function CoursesScreen({ role }: { role: AreaRole }) {
  const { t } = useI18n();
  const texts = TEXTS[role];
  const view = role === ROLE.student ? 'student' : 'teacher';
  const ownerId = useOwnId(role === ROLE.student ? 'studentId' : 'teacherId');
  // Cached per user for offline use.
  const courses = useCachedResource(ownerId ? `/api/${view}/courses` : null, (signal) => loadCourses(role, ownerId ?? '', signal), [role, ownerId]);
  const [selected, setSelected] = useState<Course | null>(null);

  const skeletons = (
    <div role="status" aria-label={t('courses.loadingLabel')}>
      <ul className="card-grid" aria-hidden="true">
        {Array.from({ length: COURSE_SKELETONS }, (_, i) => (
          <li key={i}>
            <CourseCardSkeleton />
          </li>
        ))}
      </ul>
    </div>
  );

  return (
    <>
      <h1 className="screen-title">{t(texts.heading)}</h1>
      <OfflineBanner offline={courses.offline} savedAt={courses.savedAt} />
      <ScreenState
        loading={courses.loading && !courses.data}
        loadingText={t('courses.loading')}
        loadingView={role === ROLE.student ? skeletons : undefined}
        error={courses.data ? undefined : courses.error}
        errorText={t(texts.error)}
        onRetry={() => void courses.reload()}
        empty={(courses.data ?? []).length === 0}
        emptyText={
          <>
            {texts.empty.map((id) => (
              <p key={id}>{t(id)}</p>
            ))}
          </>
        }
      >
        <ul className="card-grid">
          {(courses.data ?? []).map((course) => (
            <li key={course.id}>
              <CourseCard course={course} view={view} onDetails={setSelected} />
            </li>
          ))}
        </ul>
      </ScreenState>
      <CourseDetailsModal course={selected} view={view} onClose={() => setSelected(null)} />
    </>
  );
}

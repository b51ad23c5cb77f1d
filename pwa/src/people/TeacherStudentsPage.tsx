import { IonButton, IonText } from '@ionic/react';
import { useState } from 'react';
import { SelectField } from '../platform/ui/FormField';
import { OfflineBanner } from '../platform/ui/OfflineBanner';
import { ScreenState } from '../platform/ui/ScreenState';
import {
  combinedOffline,
  loadTeacherOracy,
  ORDER_OPTIONS,
  orderStudents,
  StudentOracyLines,
  teacherOracyKey,
  type OfflineState,
  type StudentOrder,
  type TeacherOracyStudent,
} from '../oracy';
import { loadCourses, loadTeacherStudents, useOwnId, type Course, type TeacherStudent } from './studentTeacher';
import { useCachedResource } from '../platform/api/useCachedResource';
import { useI18n } from '../platform/i18n';
import { PersonCard } from './PersonCard';
import '../courses/CourseCard.css';
import '../platform/ui/area.css';
import '../oracy/oracyOverview.css';

/**
 * The teacher's students, "Your Students" (docs/product.md#your-students, /teacher/students):
 * `GET /api/teacher/students/{teacherId}` as cards with avatar, name,
 * "Email:" and "Courses:"; "Error fetching students. Please try again."
 * with Retry; "No students available". Each card also has the student's
 * Oracy from `GET /api/teacher/oracy/{teacherId}[?courseId=]` and a link to
 * their profile; a course filter ("All courses" or one of the teacher's
 * courses) and an order ("Needs attention first" or "Name") sit above the
 * list (docs/product.md#your-students-oracy). Every call is cached for offline use.
 */
export default function TeacherStudentsPage() {
  const { t } = useI18n();
  const teacherId = useOwnId('teacherId');
  const [courseId, setCourseId] = useState('');
  const [order, setOrder] = useState<StudentOrder>('attention');
  const students = useCachedResource(teacherId ? '/api/teacher/students' : null, (signal) => loadTeacherStudents(teacherId ?? '', signal), [teacherId]);
  // The same call and key as "Your Courses", so either screen fills the other's cache.
  const courses = useCachedResource(teacherId ? '/api/teacher/courses' : null, (signal) => loadCourses(2, teacherId ?? '', signal), [teacherId]);

  return (
    <>
      <h1 className="screen-title">{t('teacher.students.title')}</h1>
      <ScreenState
        loading={students.loading && !students.data}
        loadingText={t('teacher.students.loading')}
        error={students.data ? undefined : students.error}
        errorText={t('teacher.students.loadFailed')}
        onRetry={() => void students.reload()}
        empty={(students.data ?? []).length === 0}
        emptyText={t('teacher.students.empty')}
      >
        <StudentListControls courses={courses.data ?? []} courseId={courseId} onCourseChange={setCourseId} order={order} onOrderChange={setOrder} />
        {/* A fresh list per course, so one course's answer never stands in for another's while it loads. */}
        <StudentList key={courseId} teacherId={teacherId ?? ''} courseId={courseId || null} students={students.data ?? []} order={order} alsoCached={[students, courses]} />
      </ScreenState>
    </>
  );
}

/** Props of {@link StudentListControls}. */
interface StudentListControlsProps {
  courses: readonly Course[];
  /** the chosen course's id; '' for all courses */
  courseId: string;
  onCourseChange: (courseId: string) => void;
  order: StudentOrder;
  onOrderChange: (order: StudentOrder) => void;
}

/** The labelled course filter and order of "Your Students" (docs/product.md#your-students-oracy). */
function StudentListControls({ courses, courseId, onCourseChange, order, onOrderChange }: StudentListControlsProps) {
  const { t } = useI18n();
  return (
    <div className="oracy-controls">
      <SelectField
        label={t('teacher.students.course')}
        value={courseId}
        options={[{ value: '', label: t('teacher.students.allCourses') }, ...courses.map((course) => ({ value: course.id, label: course.title }))]}
        onChange={onCourseChange}
      />
      <SelectField<StudentOrder> label={t('teacher.students.order')} value={order} options={ORDER_OPTIONS} onChange={onOrderChange} />
    </div>
  );
}

/** Props of {@link StudentList}. */
interface StudentListProps {
  teacherId: string;
  /** the course filter; null for all the teacher's courses */
  courseId: string | null;
  students: readonly TeacherStudent[];
  order: StudentOrder;
  /** the page's other cached calls, for the one offline banner */
  alsoCached: OfflineState[];
}

/**
 * The cards of "Your Students" joined with the teacher's Oracy overview by
 * student id (docs/product.md#your-students-oracy). For all courses the cards show at once and
 * gain their Oracy lines when the overview arrives (a failure leaves them,
 * with a note and Retry); for one course the overview decides who is listed,
 * so the list waits for it: "No students in this course." when it names nobody.
 */
function StudentList({ teacherId, courseId, students, order, alsoCached }: StudentListProps) {
  const { t } = useI18n();
  const oracy = useCachedResource(teacherId ? teacherOracyKey(courseId) : null, (signal) => loadTeacherOracy(teacherId, courseId, signal), [teacherId, courseId]);
  const banner = combinedOffline(...alsoCached, oracy);
  const byId = new Map<string, TeacherOracyStudent>((oracy.data?.students ?? []).map((s) => [s.id, s]));
  const pending = oracy.loading && !oracy.data;
  const failed = !oracy.data && !pending && oracy.error !== undefined;
  const shown = courseId ? students.filter((s) => byId.has(s.id)) : students;
  const rows = orderStudents(
    shown.map((student) => ({ id: student.id, name: student.studentName, needsAttention: (byId.get(student.id)?.needsAttention.length ?? 0) > 0, student })),
    order,
  );
  const now = Date.now();

  const list = (
    <ul className="card-grid">
      {rows.map(({ student }) => (
        <li key={student.id}>
          <PersonCard name={student.studentName} email={student.studentEmail} picture={student.profilePicture} courses={student.courses}>
            <StudentOracyLines id={student.id} name={student.studentName} oracy={byId.get(student.id)} now={now} />
          </PersonCard>
        </li>
      ))}
    </ul>
  );

  return (
    <>
      <OfflineBanner offline={banner.offline} savedAt={banner.savedAt} />
      {courseId ? (
        <ScreenState
          loading={pending}
          loadingText={t('teacher.students.loading')}
          error={failed ? oracy.error : undefined}
          errorText={t('teacher.students.oracyFailed')}
          onRetry={() => void oracy.reload()}
          empty={rows.length === 0}
          emptyText={t('teacher.students.noneInCourse')}
        >
          {list}
        </ScreenState>
      ) : (
        <>
          {pending && (
            <p className="oracy-notice" role="status">
              {t('teacher.students.oracyLoading')}
            </p>
          )}
          {failed && (
            <div className="oracy-notice" role="alert">
              <IonText color="danger">
                <p>{t('teacher.students.oracyFailed')}</p>
              </IonText>
              <IonButton fill="outline" onClick={() => void oracy.reload()}>
                {t('common.retry')}
              </IonButton>
            </div>
          )}
          {list}
        </>
      )}
    </>
  );
}

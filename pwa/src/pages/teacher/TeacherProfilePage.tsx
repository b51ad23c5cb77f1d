import { IonCard } from '@ionic/react';
import { useI18n, type MessageId } from '../../i18n';
import { StaticProfile } from '../shared/StaticProfile';

/** The catalogue keys of the teacher's subjects on the static profile (docs/product.md#teacher-and-student-profiles). */
export const TEACHER_SUBJECTS = ['teacher.profile.mathematics', 'teacher.profile.science', 'teacher.profile.history'] as const satisfies readonly MessageId[];

/**
 * The teacher profile (docs/product.md#teacher-and-student-profiles, /teacher/profile): the static layout
 * with "Teaching Progress" at 80%, "Courses Taught: 10" and the subject
 * list (docs/product.md#constants-and-limits).
 */
export default function TeacherProfilePage() {
  const { t } = useI18n();
  return (
    <StaticProfile role="Teacher" progressLabel={t('teacher.profile.progress')} progress={80} figure={t('teacher.profile.coursesTaught', { count: 10 })}>
      <IonCard className="profile-card">
        <h2 className="panel__title">{t('teacher.profile.subjects')}</h2>
        <ul>
          {TEACHER_SUBJECTS.map((subject) => (
            <li key={subject}>{t(subject)}</li>
          ))}
        </ul>
      </IonCard>
    </StaticProfile>
  );
}

import { IonCard } from '@ionic/react';
import { useI18n } from '../../i18n';
import { AccessLogList } from '../shared/AccessLogList';
import { StaticProfile } from '../shared/StaticProfile';

/**
 * The student profile (docs/product.md#teacher-and-student-profiles, /student/profile): the static layout
 * with "Progress" at 70%, "Badges Earned: 5", and the empty "Enrolled
 * Courses" and "Settings & Preferences" sections (docs/product.md#constants-and-limits); its "Your data"
 * card also says who else opened the student's data (docs/product.md#access-log).
 */
export default function StudentProfilePage() {
  const { t } = useI18n();
  return (
    <StaticProfile
      role="Student"
      progressLabel={t('profile.student.progress')}
      progress={70}
      figure={t('profile.student.badges', { count: 5 })}
      yourData={<AccessLogList />}
    >
      <IonCard className="profile-card">
        <h2 className="panel__title">{t('profile.student.enrolledCourses')}</h2>
      </IonCard>
      <IonCard className="profile-card">
        <h2 className="panel__title">{t('profile.settingsAndPreferences')}</h2>
      </IonCard>
    </StaticProfile>
  );
}

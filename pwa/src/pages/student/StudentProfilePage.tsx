import { IonCard } from '@ionic/react';
import { StaticProfile } from '../shared/StaticProfile';

/**
 * The student profile (docs/product.md#teacher-and-student-profiles, /student/profile): the static layout
 * with "Progress" at 70%, "Badges Earned: 5", and the empty "Enrolled
 * Courses" and "Settings & Preferences" sections (docs/product.md#constants-and-limits).
 */
export default function StudentProfilePage() {
  return (
    <StaticProfile role="Student" progressLabel="Progress" progress={70} figure="Badges Earned: 5">
      <IonCard className="profile-card">
        <h2 className="panel__title">Enrolled Courses</h2>
      </IonCard>
      <IonCard className="profile-card">
        <h2 className="panel__title">Settings &amp; Preferences</h2>
      </IonCard>
    </StaticProfile>
  );
}

import { IonButton, IonCard, IonIcon, IonProgressBar } from '@ionic/react';
import { ribbon, ribbonOutline } from 'ionicons/icons';
import { useState } from 'react';
import { OfflineBanner } from '../platform/ui/OfflineBanner';
import { ScreenState } from '../platform/ui/ScreenState';
import { useCachedResource } from '../platform/api/useCachedResource';
import { useI18n, type MessageId } from '../platform/i18n';
import { formatDate } from '../platform/i18n/dates';
import { ROLE, useSession } from '../auth';
import { profileErrorText } from './AdminProfilePage';
import { AccessLogList, YourDataCard } from '../privacy';
import { LanguageCard } from './LanguageCard';
import type { AreaRole } from './studentTeacher';
import { ChangePasswordDialog, EditProfileDialog, ProfileHeader } from './ProfileParts';
import { fetchProfile, PROFILE_CACHE_KEY, type Badge, type Profile } from './profileApi';
import '../platform/ui/area.css';
import './profile.css';

/**
 * A progress card: the heading, the bar with its percentage, and the figure under it
 * (docs/product.md#teacher-and-student-profiles).
 */
function ProgressCard({ label, percent, detail }: { label: string; percent: number; detail: string }) {
  const { intl } = useI18n();
  return (
    <>
      <h2 className="panel__title">{label}</h2>
      <div className="profile-progress">
        <IonProgressBar value={percent / 100} aria-label={label} aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100} role="progressbar" />
      </div>
      <p>{intl.formatNumber(percent / 100, { style: 'percent' })}</p>
      <p>{detail}</p>
    </>
  );
}

/** The badges, earned first in their fixed order, each with its title, rule and when it was earned (docs/product.md#badges). */
function BadgeList({ badges }: { badges: readonly Badge[] }) {
  const { t } = useI18n();
  const text = (badge: Badge, part: 'title' | 'description') => t(`profile.badge.${badge.id}.${part}` as MessageId);
  const ordered = [...badges.filter((b) => b.earned), ...badges.filter((b) => !b.earned)];
  return (
    <ul className="profile-badges" aria-label={t('profile.badges.list')}>
      {ordered.map((badge) => (
        <li key={badge.id} className={`profile-badge ${badge.earned ? 'profile-badge--earned' : 'profile-badge--open'}`}>
          <IonIcon icon={badge.earned ? ribbon : ribbonOutline} aria-hidden="true" />
          <div>
            <p className="profile-badge__title">{text(badge, 'title')}</p>
            <p>{text(badge, 'description')}</p>
            <p className="profile-badge__when">{badge.earned && badge.earnedAt ? t('profile.badge.earned', { date: formatDate(badge.earnedAt) }) : t('profile.badge.toEarn')}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The student's own cards: "Progress" with "Badges Earned: N" and the badges, then "Enrolled Courses". */
function StudentCards({ figures }: { figures: NonNullable<Profile['student']> }) {
  const { t } = useI18n();
  const earned = figures.badges.filter((badge) => badge.earned).length;
  return (
    <>
      <IonCard className="profile-card">
        <ProgressCard
          label={t('profile.student.progress')}
          percent={figures.progress}
          detail={t('profile.student.assignmentsDone', { completed: figures.completedAssignments, total: figures.totalAssignments })}
        />
        <h3 className="panel__title">{t('profile.student.badges', { count: earned })}</h3>
        <BadgeList badges={figures.badges} />
      </IonCard>
      <IonCard className="profile-card">
        <h2 className="panel__title">{t('profile.student.enrolledCourses')}</h2>
        {figures.courses.length ? (
          <ul className="profile-list">
            {figures.courses.map((course) => (
              <li key={course.id}>{course.title}</li>
            ))}
          </ul>
        ) : (
          <p>{t('profile.student.noCourses')}</p>
        )}
      </IonCard>
    </>
  );
}

/** The teacher's own cards: "Teaching Progress" (or why there is none) with "Courses Taught: N", then "Subjects". */
function TeacherCards({ figures }: { figures: NonNullable<Profile['teacher']> }) {
  const { t } = useI18n();
  const taught = t('teacher.profile.coursesTaught', { count: figures.coursesTaught });
  return (
    <>
      <IonCard className="profile-card">
        {figures.teachingProgress === null ? (
          <>
            <h2 className="panel__title">{t('teacher.profile.progress')}</h2>
            <p>{t('teacher.profile.noAssignments')}</p>
          </>
        ) : (
          <ProgressCard
            label={t('teacher.profile.progress')}
            percent={figures.teachingProgress}
            detail={t('teacher.profile.assignmentsDone', { completed: figures.completedAssignments, total: figures.totalAssignments })}
          />
        )}
        <p>{taught}</p>
      </IonCard>
      <IonCard className="profile-card">
        <h2 className="panel__title">{t('teacher.profile.subjects')}</h2>
        {figures.subjects.length ? (
          <ul className="profile-list">
            {figures.subjects.map((subject, i) => (
              <li key={`${i}-${subject}`}>{subject}</li>
            ))}
          </ul>
        ) : (
          <p>{t('teacher.profile.noCourses')}</p>
        )}
      </IonCard>
    </>
  );
}

/**
 * The teacher's and the student's own profile (docs/product.md#teacher-and-student-profiles), at
 * `/teacher/profile` and `/student/profile`: `GET /api/user/profile/{id}` for the signed-in user,
 * cached on the device for offline use. The header (photo or initials, name, "Role: …", email,
 * "Edit Profile"), "Contact Details" with the email, the role's figures (a student's "Progress",
 * badges and "Enrolled Courses"; a teacher's "Teaching Progress", "Courses Taught" and "Subjects"),
 * "Settings & Preferences" with "Change password", the Language card and "Your data". Loading,
 * error with Retry, and the offline banner over cached data.
 */
export function ProfileScreen({ role }: { role: AreaRole }) {
  const { t } = useI18n();
  const { user } = useSession();
  const userId = user?.id ?? null;
  const profile = useCachedResource(userId ? PROFILE_CACHE_KEY : null, (signal) => fetchProfile(userId ?? '', signal), [userId]);
  const [editing, setEditing] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  const [passwordChanged, setPasswordChanged] = useState(false);
  const data = profile.data;

  return (
    <>
      <h1 className="screen-title">{t('route.profile')}</h1>
      <OfflineBanner offline={profile.offline} savedAt={profile.savedAt} />
      <ScreenState
        loading={profile.loading && !data}
        loadingText={t('admin.profile.loading')}
        error={data ? undefined : (profile.error ?? (userId ? undefined : new Error('')))}
        errorText={profileErrorText(profile.error)}
        onRetry={() => void profile.reload()}
        empty={false}
        emptyText=""
      >
        {data ? (
          <div className="profile-grid">
            <IonCard className="profile-card">
              <ProfileHeader profile={data} onEdit={() => setEditing(true)} />
            </IonCard>
            <IonCard className="profile-card">
              <h2 className="panel__title">{t('profile.contactDetails')}</h2>
              <p className="profile-header__email">{t('profile.email', { email: data.email })}</p>
              <p>{t('profile.edit.intro')}</p>
            </IonCard>
            {role === ROLE.student && data.student ? <StudentCards figures={data.student} /> : null}
            {role === ROLE.teacher && data.teacher ? <TeacherCards figures={data.teacher} /> : null}
            <IonCard className="profile-card">
              <h2 className="panel__title">{t('profile.settingsAndPreferences')}</h2>
              <div className="profile-card__actions">
                <IonButton fill="outline" onClick={() => setChangingPassword(true)}>
                  {t('profile.changePassword')}
                </IonButton>
              </div>
              {passwordChanged ? <p role="status">{t('profile.password.changed')}</p> : null}
            </IonCard>
            <LanguageCard />
            <YourDataCard>{role === ROLE.student ? <AccessLogList /> : null}</YourDataCard>
            <EditProfileDialog
              isOpen={editing}
              profile={data}
              onSaved={(picture) => profile.setData((current) => ({ ...(current ?? data), profilePicture: picture }))}
              onClose={() => setEditing(false)}
            />
            <ChangePasswordDialog isOpen={changingPassword} onChanged={() => setPasswordChanged(true)} onClose={() => setChangingPassword(false)} />
          </div>
        ) : null}
      </ScreenState>
    </>
  );
}

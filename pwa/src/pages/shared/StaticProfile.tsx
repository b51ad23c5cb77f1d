import { IonAvatar, IonButton, IonCard, IonProgressBar } from '@ionic/react';
import type { ReactNode } from 'react';
import avatarPlaceholder from '../../components/avatar-placeholder.svg';
import { useI18n, type MessageId } from '../../i18n';
import { LanguageCard } from './LanguageCard';
import { YourDataCard } from './YourDataCard';
import './area.css';

/** The words of each role's placeholder profile: the placeholder name and the role's name. */
const ROLE_TEXTS: Record<StaticProfileProps['role'], { name: MessageId; role: MessageId }> = {
  Teacher: { name: 'profile.teacher.name', role: 'roles.teacher' },
  Student: { name: 'profile.student.name', role: 'roles.student' },
};

/** Props of {@link StaticProfile}. */
export interface StaticProfileProps {
  /** "Teacher" or "Student", shown (translated) as "Role: {role}" */
  role: 'Teacher' | 'Student';
  /** the progress bar's label, e.g. "Teaching Progress" */
  progressLabel: string;
  /** the progress, 0–100 */
  progress: number;
  /** the role's fixed figure, e.g. "Courses Taught: 10" */
  figure: string;
  /** the role's further sections */
  children?: ReactNode;
  /** further sections of the "Your data" card, e.g. the student's access log */
  yourData?: ReactNode;
}

/**
 * The static teacher and student profile layout (docs/product.md#teacher-and-student-profiles,
 * docs/product.md#constants-and-limits): no data is loaded. An avatar and a name placeholder, "Role:
 * {role}", an "Edit Profile" and an "Edit" button that do nothing,
 * placeholder contact details, a progress bar with its figure, then the
 * role's own sections.
 */
export function StaticProfile({ role, progressLabel, progress, figure, children, yourData }: StaticProfileProps) {
  const { t, intl } = useI18n();
  const texts = ROLE_TEXTS[role];
  return (
    <>
      <h1 className="screen-title">{t('route.profile')}</h1>
      <div className="profile-grid">
        <IonCard className="profile-card">
          <div className="profile-header">
            <IonAvatar>
              <img src={avatarPlaceholder} alt="" />
            </IonAvatar>
            <div className="profile-header__text">
              <h2 className="profile-header__name">{t(texts.name)}</h2>
              <p>{t('profile.role', { role: t(texts.role) })}</p>
            </div>
            <IonButton fill="outline">{t('profile.editProfile')}</IonButton>
          </div>
        </IonCard>

        <IonCard className="profile-card">
          <div className="profile-card__title-row">
            <h2 className="panel__title">{t('profile.contactDetails')}</h2>
            {/* visibly "Edit", to a screen reader "Edit contact details" */}
            <IonButton fill="clear" size="small">
              {t('common.edit')}
              <span className="visually-hidden"> {t('profile.editWhat')}</span>
            </IonButton>
          </div>
          <p>{t('profile.email', { email: `${role.toLowerCase()}@example.com` })}</p>
          <p>{t('profile.phone', { phone: '+00 000 000 0000' })}</p>
          <p>{t('profile.location')}</p>
        </IonCard>

        <IonCard className="profile-card">
          <h2 className="panel__title">{progressLabel}</h2>
          <div className="profile-progress">
            <IonProgressBar value={progress / 100} aria-label={progressLabel} aria-valuenow={progress} aria-valuemin={0} aria-valuemax={100} role="progressbar" />
          </div>
          <p>{intl.formatNumber(progress / 100, { style: 'percent' })}</p>
          <p>{figure}</p>
        </IonCard>

        {children}
        <LanguageCard />
        <YourDataCard>{yourData}</YourDataCard>
      </div>
    </>
  );
}

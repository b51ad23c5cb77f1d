import { IonAvatar, IonButton, IonCard, IonProgressBar } from '@ionic/react';
import type { ReactNode } from 'react';
import avatarPlaceholder from '../../components/avatar-placeholder.svg';
import { PrivacyLinkCard } from './PrivacyLinkCard';
import './area.css';

/** Props of {@link StaticProfile}. */
export interface StaticProfileProps {
  /** "Teacher" or "Student", shown as "Role: {role}" */
  role: 'Teacher' | 'Student';
  /** the progress bar's label, e.g. "Teaching Progress" */
  progressLabel: string;
  /** the progress, 0–100 */
  progress: number;
  /** the role's fixed figure, e.g. "Courses Taught: 10" */
  figure: string;
  /** the role's further sections */
  children?: ReactNode;
}

/**
 * The static teacher and student profile layout (docs/product.md#teacher-and-student-profiles,
 * docs/product.md#constants-and-limits): no data is loaded. An avatar and a name placeholder, "Role:
 * {role}", an "Edit Profile" and an "Edit" button that do nothing,
 * placeholder contact details, a progress bar with its figure, then the
 * role's own sections.
 */
export function StaticProfile({ role, progressLabel, progress, figure, children }: StaticProfileProps) {
  return (
    <>
      <h1 className="screen-title">Profile</h1>
      <div className="profile-grid">
        <IonCard className="profile-card">
          <div className="profile-header">
            <IonAvatar>
              <img src={avatarPlaceholder} alt="" />
            </IonAvatar>
            <div className="profile-header__text">
              <h2 className="profile-header__name">{role} Name</h2>
              <p>Role: {role}</p>
            </div>
            <IonButton fill="outline">Edit Profile</IonButton>
          </div>
        </IonCard>

        <IonCard className="profile-card">
          <div className="profile-card__title-row">
            <h2 className="panel__title">Contact Details</h2>
            <IonButton fill="clear" size="small">
              Edit<span className="visually-hidden"> contact details</span>
            </IonButton>
          </div>
          <p>Email: {role.toLowerCase()}@example.com</p>
          <p>Phone: +00 000 000 0000</p>
          <p>Location: Not set</p>
        </IonCard>

        <IonCard className="profile-card">
          <h2 className="panel__title">{progressLabel}</h2>
          <div className="profile-progress">
            <IonProgressBar value={progress / 100} aria-label={progressLabel} aria-valuenow={progress} aria-valuemin={0} aria-valuemax={100} role="progressbar" />
          </div>
          <p>{progress}%</p>
          <p>{figure}</p>
        </IonCard>

        {children}
        <PrivacyLinkCard />
      </div>
    </>
  );
}

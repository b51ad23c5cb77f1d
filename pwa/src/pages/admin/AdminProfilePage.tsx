import { IonButton, IonCard, IonCardContent, IonCardHeader, IonText } from '@ionic/react';
import { PageLoading } from '../../components/PageLoading';
import { useResource } from '../../data/useResource';
import { readSessionKey } from '../../session/storage';
import { useSession } from '../../session/SessionProvider';
import { roleName } from '../../session/roles';
import { fetchProfile } from './peopleApi';
import { PrivacyLinkCard } from '../shared/PrivacyLinkCard';
import './admin.css';

/** The profile's sections and their buttons (docs/product.md#admin-profile); none of them does anything. */
export const PROFILE_SECTIONS = [
  { title: 'Security', buttons: ['Update Password', 'Set Up 2FA', 'View Login Activity'] },
  { title: 'Settings & Preferences', buttons: ['Theme Selection', 'Notification Settings', 'Language & Locale'] },
  { title: 'Help & Support', buttons: ['Support Tickets', 'Documentation'] },
] as const;

/** "Failed to load profile data: {message or 'Unknown Error'}" (docs/product.md#error-messages). */
export function profileErrorText(error: unknown): string {
  const message = error instanceof Error && error.message ? error.message : 'Unknown Error';
  return `Failed to load profile data: ${message}`;
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

/**
 * The admin profile at /admin/profile (docs/product.md#admin-profile): loads
 * `GET /api/user/profile/{userId}` for the stored userId and shows the name,
 * "Role: {role}" (the role's name), the email and "Edit Profile", then the
 * Security, "Settings & Preferences" and "Help & Support" sections with
 * their (inactive) buttons; "Failed to load profile data: …" on error.
 */
export default function AdminProfilePage() {
  const { user } = useSession();
  const userId = readSessionKey('userId') ?? user?.id ?? '';
  const { data, error, loading, reload } = useResource(async (signal) => {
    if (!userId) throw new Error('');
    return fetchProfile(userId, signal);
  }, [userId]);

  return (
    <>
      <h1 className="screen-title">Profile</h1>
      {loading ? (
        <PageLoading label="Loading profile..." />
      ) : error !== undefined || !data ? (
        <div role="alert">
          <IonText color="danger">
            <p>{profileErrorText(error)}</p>
          </IonText>
          <IonButton fill="outline" onClick={() => void reload()}>
            Retry
          </IonButton>
        </div>
      ) : (
        <>
          <IonCard className="admin-panel">
            <IonCardContent>
              <div className="profile-header">
                <span className="profile-avatar" aria-hidden="true">
                  {initials(data.name)}
                </span>
                <div>
                  <h2>{data.name}</h2>
                  <p>Role: {roleName(data.role)}</p>
                  <p>{data.email}</p>
                </div>
                <IonButton className="profile-header__edit" fill="outline">
                  Edit Profile
                </IonButton>
              </div>
            </IonCardContent>
          </IonCard>
          <div className="settings-grid profile-sections">
            {PROFILE_SECTIONS.map((section) => (
              <IonCard key={section.title}>
                <IonCardHeader>
                  <h2 className="admin-subtitle">{section.title}</h2>
                </IonCardHeader>
                <IonCardContent>
                  <div className="section-buttons">
                    {section.buttons.map((label) => (
                      <IonButton key={label} fill="outline" size="small">
                        {label}
                      </IonButton>
                    ))}
                  </div>
                </IonCardContent>
              </IonCard>
            ))}
          </div>
        </>
      )}
      <PrivacyLinkCard />
    </>
  );
}

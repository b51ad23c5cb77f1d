import { IonButton, IonCard, IonCardContent, IonCardHeader, IonText } from '@ionic/react';
import { PageLoading } from '../../components/PageLoading';
import { useResource } from '../../data/useResource';
import { t, useI18n, type MessageId } from '../../i18n';
import { readSessionKey } from '../../session/storage';
import { useSession } from '../../session/SessionProvider';
import { roleName } from '../../session/roles';
import { fetchProfile } from './peopleApi';
import { LanguageCard } from '../shared/LanguageCard';
import { YourDataCard } from '../shared/YourDataCard';
import './admin.css';

/** The catalogue keys of the profile's sections and their buttons (docs/product.md#admin-profile); none of them does anything. */
export const PROFILE_SECTIONS = [
  { title: 'admin.profile.security', buttons: ['admin.profile.updatePassword', 'admin.profile.setUp2fa', 'admin.profile.loginActivity'] },
  { title: 'profile.settingsAndPreferences', buttons: ['admin.profile.theme', 'admin.profile.notifications', 'admin.profile.languageLocale'] },
  { title: 'admin.profile.help', buttons: ['admin.profile.supportTickets', 'admin.profile.documentation'] },
] as const satisfies readonly { title: MessageId; buttons: readonly MessageId[] }[];

/** "Failed to load profile data: {message or 'Unknown Error'}" (docs/product.md#error-messages), in the active language. */
export function profileErrorText(error: unknown): string {
  const message = error instanceof Error && error.message ? error.message : t('admin.profile.unknownError');
  return t('admin.profile.loadFailed', { message });
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
  const { t } = useI18n();
  const { user } = useSession();
  const userId = readSessionKey('userId') ?? user?.id ?? '';
  const { data, error, loading, reload } = useResource(async (signal) => {
    if (!userId) throw new Error('');
    return fetchProfile(userId, signal);
  }, [userId]);

  return (
    <>
      <h1 className="screen-title">{t('admin.profile.title')}</h1>
      {loading ? (
        <PageLoading label={t('admin.profile.loading')} />
      ) : error !== undefined || !data ? (
        <div role="alert">
          <IonText color="danger">
            <p>{profileErrorText(error)}</p>
          </IonText>
          <IonButton fill="outline" onClick={() => void reload()}>
            {t('common.retry')}
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
                  <p>{t('profile.role', { role: roleName(data.role) })}</p>
                  <p>{data.email}</p>
                </div>
                <IonButton className="profile-header__edit" fill="outline">
                  {t('profile.editProfile')}
                </IonButton>
              </div>
            </IonCardContent>
          </IonCard>
          <div className="settings-grid profile-sections">
            {PROFILE_SECTIONS.map((section) => (
              <IonCard key={section.title}>
                <IonCardHeader>
                  <h2 className="admin-subtitle">{t(section.title)}</h2>
                </IonCardHeader>
                <IonCardContent>
                  <div className="section-buttons">
                    {section.buttons.map((label) => (
                      <IonButton key={label} fill="outline" size="small">
                        {t(label)}
                      </IonButton>
                    ))}
                  </div>
                </IonCardContent>
              </IonCard>
            ))}
          </div>
        </>
      )}
      <LanguageCard />
      <YourDataCard />
    </>
  );
}

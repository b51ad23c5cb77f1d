import { IonButton, IonCard, IonCardContent, IonCardHeader, IonText } from '@ionic/react';
import { useState } from 'react';
import { OfflineBanner } from '../platform/ui/OfflineBanner';
import { PageLoading } from '../platform/ui/PageLoading';
import { useCachedResource } from '../platform/api/useCachedResource';
import { t, useI18n, type MessageId } from '../platform/i18n';
import { readSessionKey, useSession } from '../auth';
import { LanguageCard } from './LanguageCard';
import { ChangePasswordDialog, EditProfileDialog, ProfileHeader } from './ProfileParts';
import { fetchProfile, PROFILE_CACHE_KEY } from './profileApi';
import { YourDataCard } from '../privacy';
import '../platform/ui/admin.css';

/** What a section button does: opens a dialog, or nothing yet (docs/product.md#admin-profile). */
type SectionAction = 'password' | 'edit' | null;

/**
 * The catalogue keys of the profile's sections and their buttons (docs/product.md#admin-profile):
 * "Update Password" opens Change password, "Language & Locale" opens Edit Profile (where the language
 * is); the others do nothing yet.
 */
export const PROFILE_SECTIONS = [
  {
    title: 'admin.profile.security',
    buttons: [
      { label: 'admin.profile.updatePassword', action: 'password' },
      { label: 'admin.profile.setUp2fa', action: null },
      { label: 'admin.profile.loginActivity', action: null },
    ],
  },
  {
    title: 'profile.settingsAndPreferences',
    buttons: [
      { label: 'admin.profile.theme', action: null },
      { label: 'admin.profile.notifications', action: null },
      { label: 'admin.profile.languageLocale', action: 'edit' },
    ],
  },
  {
    title: 'admin.profile.help',
    buttons: [
      { label: 'admin.profile.supportTickets', action: null },
      { label: 'admin.profile.documentation', action: null },
    ],
  },
] as const satisfies readonly { title: MessageId; buttons: readonly { label: MessageId; action: SectionAction }[] }[];

/** "Failed to load profile data: {message or 'Unknown Error'}" (docs/product.md#error-messages), in the active language. */
export function profileErrorText(error: unknown): string {
  const message = error instanceof Error && error.message ? error.message : t('admin.profile.unknownError');
  return t('admin.profile.loadFailed', { message });
}

/**
 * The admin profile at /admin/profile (docs/product.md#admin-profile): loads
 * `GET /api/user/profile/{userId}` for the stored userId (cached on the device for offline use) and
 * shows the photo or initials, the name, "Role: {role}" (the role's name), the email and "Edit
 * Profile" (photo and language, docs/product.md#edit-profile), then the Security, "Settings &
 * Preferences" and "Help & Support" sections — "Update Password" opens Change password
 * (docs/product.md#change-password); "Failed to load profile data: …" with Retry on error.
 */
export default function AdminProfilePage() {
  const { t } = useI18n();
  const { user } = useSession();
  const userId = readSessionKey('userId') ?? user?.id ?? '';
  const { data, error, loading, reload, offline, savedAt, setData } = useCachedResource(
    userId ? PROFILE_CACHE_KEY : null,
    async (signal) => {
      if (!userId) throw new Error('');
      return fetchProfile(userId, signal);
    },
    [userId],
  );
  const [editing, setEditing] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  const [passwordChanged, setPasswordChanged] = useState(false);
  const open = (action: SectionAction) => (action === 'password' ? setChangingPassword(true) : action === 'edit' ? setEditing(true) : undefined);

  return (
    <>
      <h1 className="screen-title">{t('admin.profile.title')}</h1>
      <OfflineBanner offline={offline} savedAt={savedAt} />
      {loading && !data ? (
        <PageLoading label={t('admin.profile.loading')} />
      ) : !data ? (
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
              <ProfileHeader profile={data} onEdit={() => setEditing(true)} />
            </IonCardContent>
          </IonCard>
          {passwordChanged ? <p role="status">{t('profile.password.changed')}</p> : null}
          <div className="settings-grid profile-sections">
            {PROFILE_SECTIONS.map((section) => (
              <IonCard key={section.title}>
                <IonCardHeader>
                  <h2 className="admin-subtitle">{t(section.title)}</h2>
                </IonCardHeader>
                <IonCardContent>
                  <div className="section-buttons">
                    {section.buttons.map((button) => (
                      <IonButton key={button.label} fill="outline" size="small" onClick={() => open(button.action)}>
                        {t(button.label)}
                      </IonButton>
                    ))}
                  </div>
                </IonCardContent>
              </IonCard>
            ))}
          </div>
          <EditProfileDialog
            isOpen={editing}
            profile={data}
            onSaved={(picture) => setData((current) => ({ ...(current ?? data), profilePicture: picture }))}
            onClose={() => setEditing(false)}
          />
          <ChangePasswordDialog isOpen={changingPassword} onChanged={() => setPasswordChanged(true)} onClose={() => setChangingPassword(false)} />
        </>
      )}
      <LanguageCard />
      <YourDataCard />
    </>
  );
}

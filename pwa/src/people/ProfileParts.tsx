import { IonButton, IonContent, IonModal, IonText } from '@ionic/react';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { DialogSaveBar, DialogTitleBar } from '../platform/ui/DialogParts';
import { FileField, SelectField, TextField } from '../platform/ui/FormField';
import { HttpError } from '../platform/api/api';
import { errorMessage } from '../platform/api/errorMessage';
import { LANGUAGE_LABELS, useI18n, type LanguageName } from '../platform/i18n';
import { roleName, useSession } from '../auth';
import { useDialogInstance } from '../platform/ui/useDialogInstance';
import { changePassword, initials, MAX_PHOTO_BYTES, photoErrorText, removePhoto, uploadPhoto, type Profile } from './profileApi';
import '../platform/ui/formFields.css';
import './profile.css';

/** The photo types Edit Profile offers (the server judges the content, docs/product.md#edit-profile). */
const PHOTO_TYPES = 'image/png,image/jpeg,image/gif,image/webp';

/**
 * A person's avatar (docs/product.md#teacher-and-student-profiles): their photo, named "Photo of
 * {name}", or their initials on a coloured disc, hidden from screen readers (the name is next to it).
 */
export function ProfileAvatar({ name, picture }: { name: string; picture: string | null }) {
  const { t } = useI18n();
  if (picture) return <img className="profile-avatar profile-avatar--photo" src={picture} alt={t('profile.photo.alt', { name })} />;
  return (
    <span className="profile-avatar" aria-hidden="true">
      {initials(name)}
    </span>
  );
}

/**
 * The top of every profile (docs/product.md#teacher-and-student-profiles, docs/product.md#admin-profile):
 * avatar, the name (`h2`), "Role: {role}", the email and "Edit Profile".
 */
export function ProfileHeader({ profile, onEdit }: { profile: Profile; onEdit: () => void }) {
  const { t } = useI18n();
  return (
    <div className="profile-header">
      <ProfileAvatar name={profile.name} picture={profile.profilePicture} />
      <div className="profile-header__text">
        <h2 className="profile-header__name">{profile.name}</h2>
        <p>{t('profile.role', { role: roleName(profile.role) })}</p>
        <p className="profile-header__email">{profile.email}</p>
      </div>
      <IonButton className="profile-header__edit" fill="outline" onClick={onEdit}>
        {t('profile.editProfile')}
      </IonButton>
    </div>
  );
}

/** What the language select holds: one of the languages, or the school's. */
type LanguageChoice = LanguageName | 'school';

/** The photo part of {@link EditProfileDialog}: the photo as it will be, the chosen file's name, "Remove photo" and the file field. */
function PhotoChoice(props: {
  name: string;
  /** the photo shown now (null: initials) */
  picture: string | null;
  file: File | null;
  error: string | null;
  disabled: boolean;
  onChoose: (event: ChangeEvent<HTMLInputElement>) => void;
  onRemove: () => void;
}) {
  const { t } = useI18n();
  const { name, picture, file } = props;
  return (
    <>
      <div className="profile-edit__photo">
        <ProfileAvatar name={name} picture={picture} />
        <div>
          {file ? <p>{t('profile.photo.chosen', { file: file.name })}</p> : picture ? null : <p>{t('profile.noPhoto')}</p>}
          {picture && !file ? (
            <IonButton fill="clear" color="danger" onClick={props.onRemove} disabled={props.disabled}>
              {t('profile.photo.remove')}
            </IonButton>
          ) : null}
        </div>
      </div>
      <FileField
        label={t('profile.photo.label')}
        accept={PHOTO_TYPES}
        helper={t('profile.photo.hint')}
        error={props.error ?? undefined}
        disabled={props.disabled}
        onChange={props.onChoose}
      />
    </>
  );
}

/** The language choice of {@link EditProfileDialog}: the school's language (named) or one of the product's languages. */
function LanguageSelect(props: { schoolLanguage: LanguageName; value: LanguageChoice; disabled: boolean; onChange: (value: LanguageChoice) => void }) {
  const { t } = useI18n();
  return (
    <SelectField<LanguageChoice>
      label={t('language.label')}
      value={props.value}
      options={[
        { value: 'school', label: t('language.school', { language: t(LANGUAGE_LABELS[props.schoolLanguage]) }) },
        ...(Object.keys(LANGUAGE_LABELS) as LanguageName[]).map((name) => ({ value: name, label: t(LANGUAGE_LABELS[name]) })),
      ]}
      disabled={props.disabled}
      onChange={props.onChange}
    />
  );
}

/** Props of {@link EditProfileDialog}. */
export interface EditProfileDialogProps {
  isOpen: boolean;
  /** the profile as shown; its photo is the one to replace or remove */
  profile: Profile;
  /** called after a save with the photo's path now (null: initials) */
  onSaved: (picture: string | null) => void;
  /** called when the dialog closes, saved or not */
  onClose: () => void;
}

/**
 * "Edit Profile" (docs/product.md#edit-profile): what a person may change themself — their photo
 * (choose a new one, or remove it) and their language. Their name and email are the school's: the
 * dialog says so. "Save" sends only what changed; a failure is said in the dialog, which keeps the
 * choices for another try.
 */
export function EditProfileDialog({ isOpen, profile, onSaved, onClose }: EditProfileDialogProps) {
  const { t } = useI18n();
  const { user, chooseLanguage } = useSession();
  const headingId = useId();
  const instance = useDialogInstance(isOpen ? t('profile.editProfile') : null);
  const savedLanguage: LanguageChoice = user?.language ?? 'school';
  const [file, setFile] = useState<File | null>(null);
  const [remove, setRemove] = useState(false);
  const [language, setLanguage] = useState<LanguageChoice>(savedLanguage);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const reset = () => {
    setFile(null);
    setRemove(false);
    setLanguage(savedLanguage);
    setPhotoError(null);
    setSaveError(null);
    setSaving(false);
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!chosen) return;
    setSaveError(null);
    if (chosen.size > MAX_PHOTO_BYTES) {
      setPhotoError(t('profile.photo.tooBig'));
      return;
    }
    setPhotoError(null);
    setRemove(false);
    setFile(chosen);
  };

  const save = async () => {
    if (saving) return;
    setSaving(true);
    setSaveError(null);
    try {
      if (file) onSaved(await uploadPhoto(file));
      else if (remove) {
        await removePhoto();
        onSaved(null);
      }
      setFile(null);
      setRemove(false);
    } catch (error) {
      setPhotoError(photoErrorText(error));
      setSaving(false);
      return;
    }
    try {
      if (language !== savedLanguage) await chooseLanguage(language === 'school' ? null : language);
    } catch {
      setSaveError(t('language.failed'));
      setSaving(false);
      return;
    }
    setSaving(false);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };

  const shownPicture = remove ? null : profile.profilePicture;
  return (
    <IonModal key={instance.key} isOpen={isOpen} onWillPresent={reset} onDidDismiss={onClose} className="profile-edit-dialog" aria-label={instance.label}>
      <DialogTitleBar id={headingId}>{t('profile.editProfile')}</DialogTitleBar>
      <IonContent className="ion-padding">
        <form className="dialog-form" onSubmit={submit} noValidate aria-labelledby={headingId}>
          <p>{t('profile.edit.intro')}</p>
          <PhotoChoice name={profile.name} picture={shownPicture} file={file} error={photoError} disabled={saving} onChoose={choose} onRemove={() => setRemove(true)} />
          {user ? <LanguageSelect schoolLanguage={user.schoolLanguage} value={language} disabled={saving} onChange={setLanguage} /> : null}
          {saveError ? (
            <IonText color="danger">
              <p role="alert">{saveError}</p>
            </IonText>
          ) : null}
        </form>
      </IonContent>
      <DialogSaveBar saving={saving} onCancel={onClose} onSave={() => void save()} />
    </IonModal>
  );
}

/** The fields of {@link ChangePasswordDialog}. */
interface PasswordFields {
  currentPassword: string;
  password: string;
  confirmPassword: string;
}

type PasswordErrors = Partial<Record<keyof PasswordFields, string>>;

const EMPTY_FIELDS: PasswordFields = { currentPassword: '', password: '', confirmPassword: '' };

/** Shortest new password, characters: the rule of registration (docs/product.md#change-password). */
export const NEW_PASSWORD_MIN_LENGTH = 10;

/**
 * The errors to show for the typed passwords before anything is sent: each field filled, the new
 * password 10 characters or more, typed the same twice. The server checks again (and the common list).
 */
function checkPasswords(fields: PasswordFields, t: ReturnType<typeof useI18n>['t']): PasswordErrors {
  const errors: PasswordErrors = {};
  if (!fields.currentPassword) errors.currentPassword = t('profile.password.enterCurrent');
  if (!fields.password) errors.password = t('profile.password.enterNew');
  else if (fields.password.length < NEW_PASSWORD_MIN_LENGTH) errors.password = t('profile.password.tooShort');
  if (fields.confirmPassword !== fields.password) errors.confirmPassword = t('profile.password.differ');
  return errors;
}

/**
 * The field errors of a refused change, in the active language, from the server's reason per field
 * (`error.reasons`, docs/product.md#error-format; the server's words are English): the current
 * password again, too short, or else too weak.
 */
function serverPasswordErrors(error: HttpError, t: ReturnType<typeof useI18n>['t']): PasswordErrors | null {
  if (error.code === 'wrong_current_password') return { currentPassword: t('profile.password.wrongCurrent') };
  if (error.code !== 'validation_error') return null;
  const errors: PasswordErrors = {};
  const password = error.reasons.password;
  if (password) errors.password = password === 'same_as_current' ? t('profile.password.same') : password === 'too_short' ? t('profile.password.tooShort') : t('profile.password.weak');
  if (error.reasons.confirmPassword) errors.confirmPassword = t('profile.password.differ');
  if (error.reasons.currentPassword) errors.currentPassword = t('profile.password.enterCurrent');
  return Object.keys(errors).length ? errors : null;
}

/** The three password fields of {@link ChangePasswordDialog}, each with its error; Enter in the last one submits. */
function PasswordInputs(props: { fields: PasswordFields; errors: PasswordErrors; disabled: boolean; onChange: (key: keyof PasswordFields) => (value: string) => void }) {
  const { t } = useI18n();
  const { fields, errors, disabled, onChange } = props;
  return (
    <>
      <TextField
        label={t('profile.password.current')}
        type="password"
        autocomplete="current-password"
        value={fields.currentPassword}
        error={errors.currentPassword}
        disabled={disabled}
        required
        onChange={onChange('currentPassword')}
      />
      <TextField
        label={t('profile.password.new')}
        type="password"
        autocomplete="new-password"
        value={fields.password}
        error={errors.password}
        disabled={disabled}
        required
        onChange={onChange('password')}
      />
      <TextField
        label={t('profile.password.confirm')}
        type="password"
        autocomplete="new-password"
        value={fields.confirmPassword}
        error={errors.confirmPassword}
        disabled={disabled}
        required
        enterKeyHint="done"
        onChange={onChange('confirmPassword')}
      />
    </>
  );
}

/**
 * "Change password" (docs/product.md#change-password): the current password and the new one typed
 * twice, under the rules of registration. On success the server ends the user's other sessions and
 * this browser stays signed in; `onChanged` is called and the dialog closes. Refusals are said at
 * their fields; the typed passwords stay.
 */
export function ChangePasswordDialog({ isOpen, onChanged, onClose }: { isOpen: boolean; onChanged: () => void; onClose: () => void }) {
  const { t } = useI18n();
  const headingId = useId();
  const instance = useDialogInstance(isOpen ? t('profile.changePassword') : null);
  const [fields, setFields] = useState<PasswordFields>(EMPTY_FIELDS);
  const [errors, setErrors] = useState<PasswordErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const reset = () => {
    setFields(EMPTY_FIELDS);
    setErrors({});
    setFormError(null);
    setSaving(false);
  };
  const set = (key: keyof PasswordFields) => (value: string) => setFields((before) => ({ ...before, [key]: value }));

  const save = async () => {
    if (saving) return;
    const found = checkPasswords(fields, t);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      await changePassword(fields);
      setSaving(false);
      onChanged();
      onClose();
    } catch (error) {
      setSaving(false);
      const fieldErrors = error instanceof HttpError ? serverPasswordErrors(error, t) : null;
      if (fieldErrors) setErrors(fieldErrors);
      else if (error instanceof HttpError && error.status === 429) setFormError(t('profile.password.tooMany'));
      else setFormError(errorMessage(error, t('profile.password.failed')));
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };

  return (
    <IonModal key={instance.key} isOpen={isOpen} onWillPresent={reset} onDidDismiss={onClose} className="password-dialog" aria-label={instance.label}>
      <DialogTitleBar id={headingId}>{t('profile.changePassword')}</DialogTitleBar>
      <IonContent className="ion-padding">
        <form className="dialog-form" onSubmit={submit} noValidate aria-labelledby={headingId}>
          <p>{t('profile.password.hint')}</p>
          <PasswordInputs fields={fields} errors={errors} disabled={saving} onChange={set} />
          {formError ? (
            <IonText color="danger">
              <p role="alert">{formError}</p>
            </IonText>
          ) : null}
          {/* Enter in a field submits */}
          <button type="submit" hidden />
        </form>
      </IonContent>
      <DialogSaveBar saving={saving} onCancel={onClose} onSave={() => void save()} />
    </IonModal>
  );
}

import { IonContent, IonFooter, IonModal, IonButton } from '@ionic/react';
import { useId, useState, type FormEvent } from 'react';
import { DialogTitleBar } from '../platform/ui/DialogParts';
import { SelectField, TextField } from '../platform/ui/FormField';
import { HttpError } from '../platform/api/api';
import { t, useI18n } from '../platform/i18n';
import { ROLE, ROLE_OPTIONS, type Role } from '../auth';
import { useDialogInstance } from '../platform/ui/useDialogInstance';
import { createUser, type OneTimePasswordGrant } from './peopleApi';
import '../platform/ui/formFields.css';

/** What the form holds, as typed. */
export interface NewUserValues {
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
}

/** A message per field that needs fixing, in the active language. */
export type NewUserErrors = Partial<Record<keyof NewUserValues, string>>;

const EMPTY: NewUserValues = { firstName: '', lastName: '', email: '', role: ROLE.student };
/** The longest names and email the server takes (docs/product.md#names-and-titles). */
const NAME_MAX = 100;
const EMAIL_MAX = 254;
/** Something, an `@`, something with a dot: the server checks the address fully. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/**
 * The characters no name may hold, as the server's rule (docs/product.md#names-and-titles): controls
 * and format characters (Cc, Cf), the line and paragraph separators (Zl, Zp), and those that render
 * blank — Hangul fillers, the blank braille pattern, the combining grapheme joiner, Khmer's inherent vowels.
 */
const INVISIBLE_IN_NAME = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0\u2800\u034F\u17B4\u17B5]/u;
/** A letter of any script: a name must hold one (docs/product.md#names-and-titles). */
const LETTER = /\p{L}/u;

/** The message of a name the server would refuse, or undefined: missing, too long, an invisible character, no letter. */
function nameError(value: string, missing: string): string | undefined {
  const name = value.trim();
  if (!name) return missing;
  if (name.length > NAME_MAX) return t('admin.createUser.tooLong', { max: NAME_MAX });
  if (INVISIBLE_IN_NAME.test(value)) return t('admin.createUser.nameInvisible');
  if (!LETTER.test(name)) return t('admin.createUser.nameNoLetter');
  return undefined;
}

/**
 * Checks the form as the server will (docs/product.md#admin-made-accounts): both names 1–100
 * characters after trimming, without a control, invisible or blank character and with at least one
 * letter (docs/product.md#names-and-titles), a valid email of at most 254. Messages are the server's, in the active language.
 * @returns a message per failing field; empty when all is well
 */
export function validateNewUser(values: NewUserValues): NewUserErrors {
  const errors: NewUserErrors = {};
  const email = values.email.trim();
  const first = nameError(values.firstName, t('admin.createUser.firstNameMissing'));
  if (first) errors.firstName = first;
  const last = nameError(values.lastName, t('admin.createUser.lastNameMissing'));
  if (last) errors.lastName = last;
  if (!email) errors.email = t('admin.createUser.emailMissing');
  else if (email.length > EMAIL_MAX) errors.email = t('admin.createUser.tooLong', { max: EMAIL_MAX });
  else if (!EMAIL_SHAPE.test(email)) errors.email = t('admin.createUser.emailInvalid');
  return errors;
}

/** The banner of a create the server refused or that did not arrive, in the active language (the server's reason stays as it came). */
export function createFailureMessage(error: unknown): string {
  if (error instanceof HttpError && error.status === 400 && Object.keys(error.fields).length > 0) {
    return t('admin.createUser.failedFields');
  }
  if (error instanceof HttpError && error.status < 500) return t('admin.createUser.failedBecause', { reason: error.message });
  return t('admin.createUser.failed');
}

/** Props of {@link CreateUserDialog}. */
export interface CreateUserDialogProps {
  isOpen: boolean;
  /** called when the dialog closes without an account made (Cancel, Escape, backdrop) */
  onClose: () => void;
  /** called with the new account and its one-time password, before the dialog closes */
  onCreated: (grant: OneTimePasswordGrant) => void;
}

/**
 * "Create User" (docs/product.md#admin-made-accounts): First name, Last name, Email and Role
 * (Student, Teacher, Admin; Student first), with Cancel and "Create". "Create" checks the fields
 * (messages under them, the typed text kept) and sends `POST /api/admin/users`; the server makes
 * the one-time password, which `onCreated` receives. A refusal keeps the dialog open with the
 * typed text, a banner, and the server's message under each field it names (a taken email among
 * them).
 */
export function CreateUserDialog({ isOpen, onClose, onCreated }: CreateUserDialogProps) {
  const { t } = useI18n();
  const titleId = useId();
  const instance = useDialogInstance(isOpen ? t('admin.createUser.title') : null);
  return (
    <IonModal key={instance.key} isOpen={isOpen} onDidDismiss={onClose} className="create-user-dialog" aria-label={instance.label}>
      {isOpen && <CreateUserBody titleId={titleId} onCancel={onClose} onCreated={onCreated} />}
    </IonModal>
  );
}

function CreateUserBody(props: { titleId: string; onCancel: () => void; onCreated: (grant: OneTimePasswordGrant) => void }) {
  const { titleId, onCancel, onCreated } = props;
  const { t } = useI18n();
  const [values, setValues] = useState<NewUserValues>(EMPTY);
  const [serverErrors, setServerErrors] = useState<NewUserErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  // The failure itself, worded at render so that a language switch reaches the banner.
  const [saveError, setSaveError] = useState<{ error: unknown } | null>(null);
  // Once a create was tried, the messages follow the fields as they change (and the language).
  const errors = submitted ? validateNewUser(values) : {};

  const change = <K extends keyof NewUserValues>(key: K, value: NewUserValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    // The server's message about a field holds until that field changes.
    setServerErrors((current) => ({ ...current, [key]: undefined }));
  };

  const create = async (event?: FormEvent) => {
    event?.preventDefault();
    if (saving) return;
    setSubmitted(true);
    const found = validateNewUser(values);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    setSaveError(null);
    try {
      const grant = await createUser({ firstName: values.firstName.trim(), lastName: values.lastName.trim(), email: values.email.trim(), role: values.role });
      onCreated(grant);
    } catch (error) {
      console.error('Failed to create the user', error);
      setSaveError({ error });
      if (error instanceof HttpError) {
        const named: NewUserErrors = { ...(error.fields as NewUserErrors) };
        if (error.status === 409) named.email = error.message;
        setServerErrors(named);
      }
      setSaving(false);
    }
  };

  const shown = (key: keyof NewUserValues) => errors[key] ?? serverErrors[key];
  const text = (key: 'firstName' | 'lastName' | 'email', label: string, type: 'text' | 'email', maxLength: number) => (
    <TextField label={label} type={type} value={values[key]} maxLength={maxLength} error={shown(key)} onChange={(value) => change(key, value)} />
  );

  return (
    <>
      <DialogTitleBar id={titleId}>{t('admin.createUser.title')}</DialogTitleBar>
      <IonContent className="ion-padding">
        <form aria-labelledby={titleId} noValidate onSubmit={(event) => void create(event)}>
          {saveError && (
            <p className="form-banner" role="alert">
              {createFailureMessage(saveError.error)}
            </p>
          )}
          <p className="form-field__hint create-user__hint">{t('admin.createUser.hint')}</p>
          <div className="form-fields">
            <div className="form-row">
              {text('firstName', t('admin.createUser.firstName'), 'text', NAME_MAX)}
              {text('lastName', t('admin.createUser.lastName'), 'text', NAME_MAX)}
            </div>
            {text('email', t('admin.createUser.email'), 'email', EMAIL_MAX)}
            <SelectField<Role> label={t('admin.createUser.role')} value={values.role} options={ROLE_OPTIONS} error={shown('role')} onChange={(role) => change('role', role)} />
          </div>
          {/* Enter in a field submits; the visible button is in the footer. */}
          <button type="submit" hidden />
        </form>
      </IonContent>
      <IonFooter>
        <div className="dialog-actions">
          <IonButton fill="outline" onClick={onCancel} disabled={saving}>
            {t('common.cancel')}
          </IonButton>
          <IonButton onClick={() => void create()} disabled={saving}>
            {saving ? t('admin.createUser.creating') : t('admin.createUser.create')}
          </IonButton>
        </div>
      </IonFooter>
    </>
  );
}

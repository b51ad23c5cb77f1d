import { IonCard, IonItem, IonSelect, IonSelectOption, IonSpinner } from '@ionic/react';
import { useState } from 'react';
import { LANGUAGE_LABELS, useI18n, type LanguageName } from '../../i18n';
import { useSession } from '../../session/SessionProvider';
import './formFields.css';

/** What the select holds: one of the languages, or the school's. */
type Choice = LanguageName | 'school';


/**
 * The profile screens' "Language" card (docs/product.md#language): the signed-in user chooses the
 * language Oracy shows them — "The school's language ({language})", English, Spanish or French.
 * Saved at once (`PUT /api/user/language`); the app switches when the server has answered. A
 * failure is said under the select, which goes back to the saved choice. Renders nothing before
 * the user is known.
 */
export function LanguageCard() {
  const { user, chooseLanguage } = useSession();
  const { t } = useI18n();
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  if (!user) return null;

  const current: Choice = user.language ?? 'school';
  const choose = async (choice: Choice) => {
    if (choice === current || saving) return;
    setSaving(true);
    setFailed(false);
    try {
      await chooseLanguage(choice === 'school' ? null : choice);
    } catch {
      setFailed(true);
    } finally {
      setSaving(false);
    }
  };

  return (
    <IonCard className="profile-card">
      <h2 className="panel__title" id="language-card-title">
        {t('language.title')}
      </h2>
      <p>{t('language.intro')}</p>
      <IonItem lines="none">
        <IonSelect
          label={t('language.label')}
          labelPlacement="stacked"
          interface="popover"
          value={current}
          disabled={saving}
          onIonChange={(event) => void choose(event.detail.value as Choice)}
        >
          <IonSelectOption value="school">{t('language.school', { language: t(LANGUAGE_LABELS[user.schoolLanguage]) })}</IonSelectOption>
          {(Object.keys(LANGUAGE_LABELS) as LanguageName[]).map((name) => (
            <IonSelectOption key={name} value={name}>
              {t(LANGUAGE_LABELS[name])}
            </IonSelectOption>
          ))}
        </IonSelect>
        {saving ? <IonSpinner name="crescent" slot="end" role="status" aria-label={t('language.saving')} /> : null}
      </IonItem>
      {failed ? (
        <p className="form-field__error" role="alert">
          {t('language.failed')}
        </p>
      ) : null}
    </IonCard>
  );
}

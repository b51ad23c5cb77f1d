import { IonCard, IonSpinner } from '@ionic/react';
import { useState } from 'react';
import { SelectField } from '../platform/ui/FormField';
import { LANGUAGE_LABELS, useI18n, type LanguageName } from '../platform/i18n';
import { useSession } from '../auth';
import '../platform/ui/formFields.css';

/** What the select holds: one of the languages, or the school's. */
type Choice = LanguageName | 'school';

/**
 * The profile screens' "Language" card (docs/product.md#language): the signed-in user chooses the
 * language Oracy shows them — "The school's language ({language})", English, Spanish or French.
 * Saved at once (`PUT /api/user/language`); the app switches when the server has answered. A
 * failure is said under the select (its error text), which goes back to the saved choice. Renders
 * nothing before the user is known.
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
      <div className="language-card__field">
        <SelectField<Choice>
          label={t('language.label')}
          value={current}
          options={[
            { value: 'school', label: t('language.school', { language: t(LANGUAGE_LABELS[user.schoolLanguage]) }) },
            ...(Object.keys(LANGUAGE_LABELS) as LanguageName[]).map((name) => ({ value: name, label: t(LANGUAGE_LABELS[name]) })),
          ]}
          disabled={saving}
          error={failed ? t('language.failed') : undefined}
          onChange={(choice) => void choose(choice)}
        />
        {saving ? <IonSpinner name="crescent" role="status" aria-label={t('language.saving')} /> : null}
      </div>
    </IonCard>
  );
}

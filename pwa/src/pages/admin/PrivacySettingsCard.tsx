import { IonCard, IonCardContent, IonCardHeader } from '@ionic/react';
import { FormField } from '../../components/FormField';
import { useI18n } from '../../i18n';
import type { SchoolSettingsFields } from './peopleApi';
import '../shared/formFields.css';

/** Longest school name and privacy contact, characters (as the server checks, docs/product.md#privacy). */
export const PRIVACY_SETTING_LIMITS = { schoolName: 120, privacyContact: 200 } as const;

/** The two privacy settings as the card edits them. */
export type PrivacySettings = Pick<SchoolSettingsFields, 'schoolName' | 'privacyContact'>;

/**
 * The settings screen's "Privacy Notice" card (docs/product.md#privacy): the school's name and
 * privacy contact the public notice at /privacy shows. It edits the screen's draft; "Save All
 * Changes" saves them with the other settings.
 */
export function PrivacySettingsCard({ value, onChange }: { value: PrivacySettings; onChange: (value: PrivacySettings) => void }) {
  const { t } = useI18n();
  return (
    <IonCard>
      <IonCardHeader>
        <h2 className="admin-subtitle">{t('privacy.settings.title')}</h2>
      </IonCardHeader>
      <IonCardContent>
        <p>{t('privacy.settings.intro')}</p>
        <div className="form-fields">
          <FormField id="privacy-school-name" label={t('privacy.settings.schoolName')}>
            {(describedBy) => (
              <input
                id="privacy-school-name"
                type="text"
                value={value.schoolName}
                maxLength={PRIVACY_SETTING_LIMITS.schoolName}
                aria-describedby={describedBy}
                onChange={(event) => onChange({ ...value, schoolName: event.target.value })}
              />
            )}
          </FormField>
          <FormField id="privacy-contact" label={t('privacy.settings.privacyContact')} hint={t('privacy.settings.privacyContactHelper')}>
            {(describedBy) => (
              <input
                id="privacy-contact"
                type="text"
                value={value.privacyContact}
                maxLength={PRIVACY_SETTING_LIMITS.privacyContact}
                aria-describedby={describedBy}
                onChange={(event) => onChange({ ...value, privacyContact: event.target.value })}
              />
            )}
          </FormField>
        </div>
      </IonCardContent>
    </IonCard>
  );
}

import { IonCard, IonCardContent, IonCardHeader } from '@ionic/react';
import { TextField } from '../platform/ui/FormField';
import { useI18n } from '../platform/i18n';
import type { SchoolSettingsFields } from '../people';
import '../platform/ui/formFields.css';

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
          <TextField
            label={t('privacy.settings.schoolName')}
            value={value.schoolName}
            maxLength={PRIVACY_SETTING_LIMITS.schoolName}
            onChange={(schoolName) => onChange({ ...value, schoolName })}
          />
          <TextField
            label={t('privacy.settings.privacyContact')}
            helper={t('privacy.settings.privacyContactHelper')}
            value={value.privacyContact}
            maxLength={PRIVACY_SETTING_LIMITS.privacyContact}
            onChange={(privacyContact) => onChange({ ...value, privacyContact })}
          />
        </div>
      </IonCardContent>
    </IonCard>
  );
}

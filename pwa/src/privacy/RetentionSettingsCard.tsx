import { IonButton, IonCard, IonCardContent, IonCardHeader } from '@ionic/react';
import { useEffect, useState } from 'react';
import { TextField } from '../platform/ui/FormField';
import { useI18n } from '../platform/i18n';
import type { SchoolSettingsFields } from '../people';
import '../platform/ui/formFields.css';

/** The bounds the server checks (docs/product.md#retention): audio kept 30–1,825 days; inactive accounts reported after 6–60 months, or never. */
export const RETENTION_LIMITS = { days: { min: 30, max: 1825 }, months: { min: 6, max: 60 } } as const;

/** The two retention settings as the card edits them; `NaN` while the text typed is not a valid number. */
export type RetentionSettings = Pick<SchoolSettingsFields, 'recordingRetentionDays' | 'inactiveAccountMonths'>;

const wholeIn = (n: number, { min, max }: { min: number; max: number }) => Number.isInteger(n) && n >= min && n <= max;

/** Whether the recording retention is a whole number of days from 30 to 1,825. */
export const daysValid = (days: number) => wholeIn(days, RETENTION_LIMITS.days);
/** Whether the inactive-account months are off (null) or a whole number from 6 to 60. */
export const monthsValid = (months: number | null) => months === null || wholeIn(months, RETENTION_LIMITS.months);
/** Whether both retention settings can be saved. */
export const retentionValid = (value: RetentionSettings) => daysValid(value.recordingRetentionDays) && monthsValid(value.inactiveAccountMonths);

/** A number typed in a field: `NaN` when it is not one. */
const parsed = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/**
 * The settings screen's "Retention" card (docs/product.md#retention): how many days recordings'
 * audio is kept (30–1,825) and after how many months without a sign-in an account is reported as
 * inactive (6–60, empty for off), each a number field with its hint and, when the value cannot
 * be saved, its message; and a link to the access log. It edits the screen's draft; "Save All
 * Changes" saves them with the other settings, asking first when a shorter retention removes audio.
 */
export function RetentionSettingsCard({ value, onChange }: { value: RetentionSettings; onChange: (value: RetentionSettings) => void }) {
  const { t } = useI18n();
  const [daysText, setDaysText] = useState(String(value.recordingRetentionDays));
  const [monthsText, setMonthsText] = useState(value.inactiveAccountMonths === null ? '' : String(value.inactiveAccountMonths));

  // a value set from outside (loaded, saved, reverted) replaces what the field shows.
  useEffect(() => {
    if (!Number.isNaN(value.recordingRetentionDays)) setDaysText((text) => (parsed(text) === value.recordingRetentionDays ? text : String(value.recordingRetentionDays)));
  }, [value.recordingRetentionDays]);
  useEffect(() => {
    const months = value.inactiveAccountMonths;
    if (months === null) setMonthsText((text) => (text.trim() === '' ? text : ''));
    else if (!Number.isNaN(months)) setMonthsText((text) => (parsed(text) === months ? text : String(months)));
  }, [value.inactiveAccountMonths]);

  const daysBad = !daysValid(value.recordingRetentionDays);
  const monthsBad = !monthsValid(value.inactiveAccountMonths);

  return (
    <IonCard>
      <IonCardHeader>
        <h2 className="admin-subtitle">{t('retention.settings.title')}</h2>
      </IonCardHeader>
      <IonCardContent>
        <p>{t('retention.settings.intro')}</p>
        <div className="form-fields">
          <TextField
            label={t('retention.settings.recordingDays')}
            helper={t('retention.settings.recordingDaysHint')}
            error={daysBad ? t('retention.settings.recordingDaysInvalid') : undefined}
            type="number"
            inputMode="numeric"
            min={RETENTION_LIMITS.days.min}
            max={RETENTION_LIMITS.days.max}
            step="1"
            value={daysText}
            onChange={(text) => {
              setDaysText(text);
              onChange({ ...value, recordingRetentionDays: parsed(text) });
            }}
          />
          <TextField
            label={t('retention.settings.inactiveMonths')}
            helper={t('retention.settings.inactiveMonthsHint')}
            error={monthsBad ? t('retention.settings.inactiveMonthsInvalid') : undefined}
            type="number"
            inputMode="numeric"
            min={RETENTION_LIMITS.months.min}
            max={RETENTION_LIMITS.months.max}
            step="1"
            value={monthsText}
            onChange={(text) => {
              setMonthsText(text);
              onChange({ ...value, inactiveAccountMonths: text.trim() === '' ? null : parsed(text) });
            }}
          />
        </div>
        <IonButton fill="outline" routerLink="/admin/access-log">
          {t('admin.accessLog.open')}
        </IonButton>
      </IonCardContent>
    </IonCard>
  );
}

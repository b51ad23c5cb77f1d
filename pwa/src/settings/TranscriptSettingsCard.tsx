import { IonButton, IonCard, IonCardContent, IonCardHeader } from '@ionic/react';
import { useEffect, useState } from 'react';
import { CheckboxField, TextAreaField, TextField } from '../platform/ui/FormField';
import { useI18n } from '../platform/i18n';
import '../platform/ui/formFields.css';

/** The API's default filler list (docs/product.md#transcripts), what "Reset to defaults" puts back. */
export const DEFAULT_FILLER_WORDS: readonly string[] = [
  // i18n-exempt: words the transcripts look for in English speech, not text for people
  'um',
  // i18n-exempt: as above
  'uh',
  // i18n-exempt: as above
  'er',
  // i18n-exempt: as above
  'erm',
  // i18n-exempt: as above
  'hmm',
  // i18n-exempt: as above
  'like',
  // i18n-exempt: as above
  'you know',
];

/** The bounds the server checks for kept transcripts (docs/product.md#retention): 30–3,650 days, and at least the audio's days. */
export const TRANSCRIPT_DAYS_LIMITS = { min: 30, max: 3650 } as const;

/** The transcript settings as the card edits them (docs/product.md#settings). */
export interface TranscriptSettingsValue {
  /** the filler list as typed, one entry a line */
  fillerText: string;
  /** days a transcript is kept; null: removed with the audio; `NaN` while the text typed is not a number */
  transcriptRetentionDays: number | null;
}

/** The filler list typed one a line as the API takes it: each line trimmed, empty lines left out (docs/product.md#transcripts). */
export const fillerLines = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** The days the card asks for at least: 30, or the audio's days when longer. */
const leastDays = (recordingRetentionDays: number) => Math.max(TRANSCRIPT_DAYS_LIMITS.min, Number.isFinite(recordingRetentionDays) ? recordingRetentionDays : 0);

/** Whether the kept transcripts' days can be saved: off, or a whole number from the least days to 3,650 (docs/product.md#retention). */
export const transcriptDaysValid = (days: number | null, recordingRetentionDays: number) =>
  days === null || (Number.isInteger(days) && days >= leastDays(recordingRetentionDays) && days <= TRANSCRIPT_DAYS_LIMITS.max);

/** A number typed in a field: `NaN` when it is not one. */
const parsed = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/**
 * The settings screen's "Transcripts" card (docs/product.md#settings): the school's filler words,
 * one a line, with "Reset to defaults", and "Keep transcripts after the audio is removed" — off
 * (the default: a transcript goes with its audio) or a number of days, at least the audio's
 * (docs/product.md#retention). It edits the screen's draft; `errors` are the server's messages
 * of the last save (`fillerWords`, `transcriptRetentionDays`), shown beside their field with the
 * typed text kept.
 */
export function TranscriptSettingsCard({
  value,
  recordingRetentionDays,
  errors,
  onChange,
}: {
  value: TranscriptSettingsValue;
  /** the draft's days of recordings' audio: the least the transcripts may be kept */
  recordingRetentionDays: number;
  errors: Readonly<Record<string, string>>;
  onChange: (value: TranscriptSettingsValue) => void;
}) {
  const { t } = useI18n();
  const days = value.transcriptRetentionDays;
  const [daysText, setDaysText] = useState(days === null || Number.isNaN(days) ? '' : String(days));
  // a value set from outside (loaded, saved, turned on) replaces what the field shows.
  useEffect(() => {
    if (days !== null && !Number.isNaN(days)) setDaysText((text) => (parsed(text) === days ? text : String(days)));
  }, [days]);

  const least = leastDays(recordingRetentionDays);
  const daysError = !transcriptDaysValid(days, recordingRetentionDays) ? t('transcripts.settings.keepDaysInvalid', { min: least.toLocaleString() }) : errors.transcriptRetentionDays;

  return (
    <IonCard>
      <IonCardHeader>
        <h2 className="admin-subtitle">{t('transcripts.settings.title')}</h2>
      </IonCardHeader>
      <IonCardContent>
        <p>{t('transcripts.settings.intro')}</p>
        <div className="form-fields">
          <TextAreaField
            label={t('transcripts.settings.fillerWords')}
            helper={t('transcripts.settings.fillerWordsHint')}
            error={errors.fillerWords}
            rows={6}
            autoGrow
            value={value.fillerText}
            onChange={(fillerText) => onChange({ ...value, fillerText })}
          />
          <div>
            <IonButton fill="outline" size="small" onClick={() => onChange({ ...value, fillerText: DEFAULT_FILLER_WORDS.join('\n') })}>
              {t('transcripts.settings.resetFillers')}
            </IonButton>
          </div>
          <CheckboxField
            label={t('transcripts.settings.keepText')}
            checked={days !== null}
            onChange={(checked) => onChange({ ...value, transcriptRetentionDays: checked ? Math.min(TRANSCRIPT_DAYS_LIMITS.max, Math.max(least, 730)) : null })}
          />
          {days !== null ? (
            <TextField
              label={t('transcripts.settings.keepDays')}
              helper={t('transcripts.settings.keepDaysHint')}
              error={daysError}
              type="number"
              inputMode="numeric"
              min={least}
              max={TRANSCRIPT_DAYS_LIMITS.max}
              step="1"
              value={daysText}
              onChange={(text) => {
                setDaysText(text);
                onChange({ ...value, transcriptRetentionDays: parsed(text) });
              }}
            />
          ) : null}
        </div>
      </IonCardContent>
    </IonCard>
  );
}

import { z } from 'zod';
import { BACKUP_FREQUENCIES, FILLER_WORD_LIMITS, PRIVACY_SETTING_LIMITS, RETENTION_SETTING_LIMITS, SCHOOL_LANGUAGES } from './model.js';

const { recordingRetentionDays: days, inactiveAccountMonths: months, transcriptRetentionDays: textDays } = RETENTION_SETTING_LIMITS;
const DAYS_RULE = `Recording retention must be a whole number of days from ${days.min} to ${days.max}.`;
const FILLERS_RULE = `Filler words must be a list of at most ${FILLER_WORD_LIMITS.entries} words or short phrases of 1 to ${FILLER_WORD_LIMITS.length} characters.`;
const TEXT_DAYS_RULE = `Keeping transcripts must be off or a whole number of days from ${textDays.min} to ${textDays.max}.`;
const MONTHS_RULE = `Inactive accounts must be off or a whole number of months from ${months.min} to ${months.max}.`;

/**
 * `PUT /api/admin/settings` (docs/product.md#settings): every setting, nothing else — a full
 * replace (a field that is not one of them is a 400, "Unknown field.", so that a typo is not
 * silently ignored; a missing one is a 400 too, so that an older screen cannot blank the privacy
 * fields it does not know) — but `fillerWords` and `transcriptRetentionDays`, which stay as they
 * are when absent.
 */
export const schoolSettingsBodySchema = z.strictObject(
  {
    /** English, Spanish or French */
    language: z.enum(SCHOOL_LANGUAGES, { error: 'Language must be English, Spanish or French.' }),
    /** Daily, Weekly or Monthly */
    backupFrequency: z.enum(BACKUP_FREQUENCIES, { error: 'Backup Frequency must be Daily, Weekly or Monthly.' }),
    /** the school's name on the privacy notice, trimmed, 0–120 characters (docs/product.md#privacy) */
    schoolName: z
      .string({ error: 'School name must be text.' })
      .trim()
      .max(PRIVACY_SETTING_LIMITS.schoolName, { error: `School name must be at most ${PRIVACY_SETTING_LIMITS.schoolName} characters.` }),
    /** whom to ask about one's data: an email or a short text, trimmed, 0–200 characters (docs/product.md#privacy) */
    privacyContact: z
      .string({ error: 'Privacy contact must be text.' })
      .trim()
      .max(PRIVACY_SETTING_LIMITS.privacyContact, { error: `Privacy contact must be at most ${PRIVACY_SETTING_LIMITS.privacyContact} characters.` }),
    /** days a reviewed recording's audio is kept, a whole number 30–1,825 (docs/product.md#retention) */
    recordingRetentionDays: z.number({ error: DAYS_RULE }).int({ error: DAYS_RULE }).min(days.min, { error: DAYS_RULE }).max(days.max, { error: DAYS_RULE }),
    /** months without a sign-in before an account is reported as inactive, a whole number 6–60, or null: off (docs/product.md#retention) */
    inactiveAccountMonths: z.number({ error: MONTHS_RULE }).int({ error: MONTHS_RULE }).min(months.min, { error: MONTHS_RULE }).max(months.max, { error: MONTHS_RULE }).nullable(),
    /**
     * days a reviewed recording's transcript is kept, a whole number 30–3,650 and at least
     * `recordingRetentionDays` (checked by the route), or null: removed with the audio; absent:
     * unchanged (docs/product.md#retention)
     */
    transcriptRetentionDays: z
      .number({ error: TEXT_DAYS_RULE })
      .int({ error: TEXT_DAYS_RULE })
      .min(textDays.min, { error: TEXT_DAYS_RULE })
      .max(textDays.max, { error: TEXT_DAYS_RULE })
      .nullable()
      .optional(),
    /** the words the transcripts mark as fillers, each trimmed and lower-cased, 1–40 characters, at most 50; absent: unchanged (docs/product.md#transcripts) */
    fillerWords: z
      .array(z.string({ error: FILLERS_RULE }).trim().toLowerCase().min(1, { error: FILLERS_RULE }).max(FILLER_WORD_LIMITS.length, { error: FILLERS_RULE }), { error: FILLERS_RULE })
      .max(FILLER_WORD_LIMITS.entries, { error: FILLERS_RULE })
      .transform((words) => [...new Set(words)])
      .optional(),
  },
  { error: (issue) => (issue.code === 'invalid_type' ? 'Must be an object of the settings.' : undefined) },
);

/** The school's settings (`SchoolSettings`, docs/product.md#settings). */
export const schoolSettingsSchema = z
  .object({
    language: z.enum(['English', 'Spanish', 'French']),
    backupFrequency: z.enum(['Daily', 'Weekly', 'Monthly']),
    schoolName: z.string().meta({ description: 'the school’s name on the privacy notice, at most 120 characters; empty until set' }),
    privacyContact: z.string().meta({ description: 'whom to ask for a copy or the deletion of one’s data (an email or a short text), at most 200 characters; empty until set' }),
    recordingRetentionDays: z.number().meta({ description: 'days a reviewed recording’s audio is kept, 30–1,825; default 365 (docs/product.md#retention)' }),
    inactiveAccountMonths: z.number().nullable().meta({ description: 'months without a sign-in before the retention report counts an account as inactive, 6–60; null: off (the default)' }),
    transcriptRetentionDays: z.number().nullable().meta({
      description: 'days a reviewed recording’s transcript is kept, 30–3,650 and at least `recordingRetentionDays`; null: removed with the audio (the default, docs/product.md#retention)',
    }),
    fillerWords: z
      .array(z.string())
      .meta({ description: 'the words and phrases transcripts mark as fillers, lower case; default um, uh, er, erm, hmm, like, you know (docs/product.md#transcripts)' }),
    updatedAt: z.string().nullable().meta({ format: 'date-time', description: 'the last save; null until the defaults were first saved' }),
    updatedBy: z.object({ id: z.string(), name: z.string() }).nullable().meta({ description: 'the admin who saved last; null before the first save or once that account is gone' }),
  })
  .meta({ id: 'SchoolSettings' });

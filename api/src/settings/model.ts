import { Schema, Types, model } from 'mongoose';
import { watchWrites } from '../platform/db/writes.js';
import { DEFAULT_FILLERS } from '../transcripts/fillers.js';

/** Languages the school can choose (docs/product.md#settings); default English. */
export const SCHOOL_LANGUAGES = ['English', 'Spanish', 'French'] as const;
/** How often backups are taken (docs/product.md#settings); default Daily. */
export const BACKUP_FREQUENCIES = ['Daily', 'Weekly', 'Monthly'] as const;
/** The settings a school starts with; "Revert to Default" restores the language and the backup frequency. */
export const DEFAULT_SCHOOL_SETTINGS = {
  language: 'English',
  backupFrequency: 'Daily',
  schoolName: '',
  privacyContact: '',
  recordingRetentionDays: 365,
  inactiveAccountMonths: null,
  transcriptRetentionDays: null,
  fillerWords: DEFAULT_FILLERS,
} as const;
/**
 * Bounds of the retention settings (docs/product.md#retention): recordings' audio is kept 30–1,825
 * days (default 365); inactive accounts are reported after 6–60 months, or never (null, the default);
 * transcripts are kept with the audio (null, the default) or 30–3,650 days, at least as long as the audio.
 */
export const RETENTION_SETTING_LIMITS = {
  recordingRetentionDays: { min: 30, max: 1825 },
  inactiveAccountMonths: { min: 6, max: 60 },
  transcriptRetentionDays: { min: 30, max: 3650 },
} as const;
/** Longest school name and privacy contact, characters (docs/product.md#privacy). */
export const PRIVACY_SETTING_LIMITS = { schoolName: 120, privacyContact: 200 } as const;
/** The school's filler-word list (docs/product.md#transcripts): at most 50 entries of 1–40 characters each. */
export const FILLER_WORD_LIMITS = { entries: 50, length: 40 } as const;
/** The `_id` of the one settings document. */
export const SCHOOL_SETTINGS_ID = 'school';

/**
 * The school's settings (docs/product.md#settings): one document, `_id: 'school'`, the same for
 * every API process sharing the database. Absent until an admin first saves; the defaults stand
 * in for it meanwhile.
 */
const schoolSettingsSchema = new Schema(
  {
    _id: { type: String, required: true },
    /** the school's language: English, Spanish or French */
    language: { type: String, enum: SCHOOL_LANGUAGES, required: true },
    /** how often the embedded database is backed up: Daily, Weekly or Monthly */
    backupFrequency: { type: String, enum: BACKUP_FREQUENCIES, required: true },
    /** the school's name as the privacy notice shows it, at most 120 characters; '' until set (docs/product.md#privacy) */
    schoolName: { type: String, default: '', maxlength: PRIVACY_SETTING_LIMITS.schoolName },
    /** whom to ask for a copy or the deletion of one's data: an email or a short text, at most 200 characters; '' until set */
    privacyContact: { type: String, default: '', maxlength: PRIVACY_SETTING_LIMITS.privacyContact },
    /** days a reviewed recording's audio is kept after it was sent, 30–1,825; then the retention job removes it (docs/product.md#retention) */
    recordingRetentionDays: {
      type: Number,
      default: DEFAULT_SCHOOL_SETTINGS.recordingRetentionDays,
      min: RETENTION_SETTING_LIMITS.recordingRetentionDays.min,
      max: RETENTION_SETTING_LIMITS.recordingRetentionDays.max,
    },
    /** months without a sign-in after which the retention job's report counts an account as inactive, 6–60; null: not reported. Nothing is deleted. */
    inactiveAccountMonths: {
      type: Number,
      default: null,
      min: RETENTION_SETTING_LIMITS.inactiveAccountMonths.min,
      max: RETENTION_SETTING_LIMITS.inactiveAccountMonths.max,
    },
    /**
     * days a reviewed recording's transcript is kept after it was sent, 30–3,650 and at least
     * `recordingRetentionDays`: its words outlive the audio until then; null: removed with the audio
     * (docs/product.md#retention)
     */
    transcriptRetentionDays: {
      type: Number,
      default: null,
      min: RETENTION_SETTING_LIMITS.transcriptRetentionDays.min,
      max: RETENTION_SETTING_LIMITS.transcriptRetentionDays.max,
    },
    /** the words and phrases the transcripts mark as fillers ("um", "you know"), lower case (docs/product.md#transcripts) */
    fillerWords: { type: [String], default: () => [...DEFAULT_FILLERS] },
    /** the admin who saved last; null once that account is deleted */
    updatedBy: { type: Types.ObjectId, ref: 'User', default: null },
  },
  { timestamps: { createdAt: false, updatedAt: true }, versionKey: false },
);

// The school's language is cached (settings/language.ts) and emptied by every write here.
watchWrites(schoolSettingsSchema, 'SchoolSettings');

export const SchoolSettings = model('SchoolSettings', schoolSettingsSchema);

import { Schema, Types, model } from 'mongoose';

/** Languages the school can choose (docs/product.md#settings); default English. */
export const SCHOOL_LANGUAGES = ['English', 'Spanish', 'French'] as const;
/** How often backups are taken (docs/product.md#settings); default Daily. */
export const BACKUP_FREQUENCIES = ['Daily', 'Weekly', 'Monthly'] as const;
/** The settings a school starts with; "Revert to Default" restores the language and the backup frequency. */
export const DEFAULT_SCHOOL_SETTINGS = { language: 'English', backupFrequency: 'Daily', schoolName: '', privacyContact: '' } as const;
/** Longest school name and privacy contact, characters (docs/product.md#privacy). */
export const PRIVACY_SETTING_LIMITS = { schoolName: 120, privacyContact: 200 } as const;
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
    /** the admin who saved last; null once that account is deleted */
    updatedBy: { type: Types.ObjectId, ref: 'User', default: null },
  },
  { timestamps: { createdAt: false, updatedAt: true }, versionKey: false },
);

export const SchoolSettings = model('SchoolSettings', schoolSettingsSchema);

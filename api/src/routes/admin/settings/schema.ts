import { z } from 'zod';
import { BACKUP_FREQUENCIES, PRIVACY_SETTING_LIMITS, SCHOOL_LANGUAGES } from '../../../db/models/index.js';

/**
 * `PUT /api/admin/settings` (docs/product.md#settings): every setting, nothing else — a full
 * replace (a field that is not one of them is a 400, "Unknown field.", so that a typo is not
 * silently ignored; a missing one is a 400 too, so that an older screen cannot blank the privacy
 * fields it does not know).
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
  },
  { error: (issue) => (issue.code === 'invalid_type' ? 'Must be an object of the settings.' : undefined) },
);
/** A validated settings body: `{language, backupFrequency, schoolName, privacyContact}`. */
export type SchoolSettingsBody = z.output<typeof schoolSettingsBodySchema>;

import { z } from 'zod';
import { BACKUP_FREQUENCIES, SCHOOL_LANGUAGES } from '../../../db/models/index.js';

/**
 * `PUT /api/admin/settings` (docs/product.md#settings): both settings, nothing else (a field that
 * is not one of them is a 400, "Unknown field.", so that a typo is not silently ignored).
 */
export const schoolSettingsBodySchema = z.strictObject(
  {
    /** English, Spanish or French */
    language: z.enum(SCHOOL_LANGUAGES, { error: 'Language must be English, Spanish or French.' }),
    /** Daily, Weekly or Monthly */
    backupFrequency: z.enum(BACKUP_FREQUENCIES, { error: 'Backup Frequency must be Daily, Weekly or Monthly.' }),
  },
  { error: (issue) => (issue.code === 'invalid_type' ? 'Must be an object of the settings.' : undefined) },
);
/** A validated settings body: `{language, backupFrequency}`. */
export type SchoolSettingsBody = z.output<typeof schoolSettingsBodySchema>;

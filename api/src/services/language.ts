import { DEFAULT_SCHOOL_SETTINGS, SCHOOL_SETTINGS_ID, SchoolSettings } from '../db/models/index.js';
import type { Language } from '../presenters/user.js';

/**
 * The school's language (docs/product.md#language): the saved setting, or English while the
 * settings were never saved. One read of the one settings document.
 */
export async function readSchoolLanguage(): Promise<Language> {
  const stored = await SchoolSettings.findById(SCHOOL_SETTINGS_ID, { language: 1 }).lean();
  return (stored?.language ?? DEFAULT_SCHOOL_SETTINGS.language) as Language;
}

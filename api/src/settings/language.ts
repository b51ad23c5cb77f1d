import { DEFAULT_SCHOOL_SETTINGS, SCHOOL_SETTINGS_ID, SchoolSettings } from './model.js';
import type { Language } from '../platform/http/fields.js';
import { ReadCache } from '../platform/readCache.js';

/** The school's language, for `READ_CACHE_TTL_MS` at most; emptied by any write to the settings (`platform/readCache.ts`). */
const schoolLanguage = new ReadCache<Language>(['SchoolSettings'], 1);

/**
 * The school's language (docs/product.md#language): the saved setting, or English while the
 * settings were never saved. One read of the one settings document, kept in a short-lived
 * cache that every write to the settings empties: `GET /auth/current_user` asks for it on
 * every call.
 */
export function readSchoolLanguage(): Promise<Language> {
  return schoolLanguage.get('language', async () => {
    const stored = await SchoolSettings.findById(SCHOOL_SETTINGS_ID, { language: 1 }).lean();
    return (stored?.language ?? DEFAULT_SCHOOL_SETTINGS.language) as Language;
  });
}

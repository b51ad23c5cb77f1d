/** The settings concept's public surface: what other concepts may import (docs/architecture.md#concept-folders). */
export { readSchoolLanguage } from './language.js';
export { BACKUP_FREQUENCIES, DEFAULT_SCHOOL_SETTINGS, RETENTION_SETTING_LIMITS, SCHOOL_LANGUAGES, SCHOOL_SETTINGS_ID, SchoolSettings } from './model.js';

import { Hono } from 'hono';
import type { AppEnv } from '../auth/context.js';
import { requireRole } from '../auth/middleware.js';
import { DEFAULT_SCHOOL_SETTINGS, SCHOOL_SETTINGS_ID, SchoolSettings, type BACKUP_FREQUENCIES, type SCHOOL_LANGUAGES } from './model.js';
import { ROLES } from '../auth/roles.js';
import { User } from '../people/userModel.js';

type SchoolLanguage = (typeof SCHOOL_LANGUAGES)[number];
type BackupFrequency = (typeof BACKUP_FREQUENCIES)[number];
import { badRequest } from '../platform/http/errors.js';
import { validate } from '../platform/http/validation.js';
import { schoolSettingsBodySchema, schoolSettingsSchema } from './schema.js';
import { describe, json, NOT_JSON, TOO_LARGE } from '../platform/http/describe.js';

/** The school's settings as the API answers them (docs/product.md#settings). */
export interface SchoolSettingsJson {
  /** English, Spanish or French */
  language: SchoolLanguage;
  /** Daily, Weekly or Monthly */
  backupFrequency: BackupFrequency;
  /** the school's name on the privacy notice; '' until set */
  schoolName: string;
  /** whom to ask for a copy or the deletion of one's data; '' until set */
  privacyContact: string;
  /** days a reviewed recording's audio is kept, 30–1,825; default 365 (docs/product.md#retention) */
  recordingRetentionDays: number;
  /** months without a sign-in before the retention report counts an account as inactive, 6–60; null: off (the default) */
  inactiveAccountMonths: number | null;
  /** days a reviewed recording's transcript is kept, 30–3,650; null: removed with the audio (the default, docs/product.md#retention) */
  transcriptRetentionDays: number | null;
  /** the words and phrases the transcripts mark as fillers; default um, uh, er, erm, hmm, like, you know (docs/product.md#transcripts) */
  fillerWords: string[];
  /** ISO 8601 time of the last save; null while the defaults have never been saved */
  updatedAt: string | null;
  /** who saved last, `{id, name}`; null before the first save or once that account is gone */
  updatedBy: { id: string; name: string } | null;
}

/** A stored settings record as answered, with `by` the admin who saved it (null when gone). */
function presentSettings(
  stored: {
    language: string;
    backupFrequency: string;
    schoolName?: string | null;
    privacyContact?: string | null;
    recordingRetentionDays?: number | null;
    inactiveAccountMonths?: number | null;
    transcriptRetentionDays?: number | null;
    fillerWords?: readonly string[] | null;
    updatedAt?: Date | null;
  },
  by: { _id: unknown; name: string } | null,
): SchoolSettingsJson {
  return {
    // the schema's enums hold these to the same lists.
    language: stored.language as SchoolLanguage,
    backupFrequency: stored.backupFrequency as BackupFrequency,
    // settings saved before these fields existed lack them.
    schoolName: stored.schoolName ?? '',
    privacyContact: stored.privacyContact ?? '',
    recordingRetentionDays: stored.recordingRetentionDays ?? DEFAULT_SCHOOL_SETTINGS.recordingRetentionDays,
    inactiveAccountMonths: stored.inactiveAccountMonths ?? null,
    transcriptRetentionDays: stored.transcriptRetentionDays ?? null,
    fillerWords: [...(stored.fillerWords ?? DEFAULT_SCHOOL_SETTINGS.fillerWords)],
    updatedAt: stored.updatedAt ? new Date(stored.updatedAt).toISOString() : null,
    updatedBy: by ? { id: String(by._id), name: by.name } : null,
  };
}

/** The stored settings, or the defaults when none were saved yet; two queries at most. */
export async function readSchoolSettings(): Promise<SchoolSettingsJson> {
  const stored = await SchoolSettings.findById(SCHOOL_SETTINGS_ID).lean();
  if (!stored) return { ...DEFAULT_SCHOOL_SETTINGS, fillerWords: [...DEFAULT_SCHOOL_SETTINGS.fillerWords], updatedAt: null, updatedBy: null };
  const by = stored.updatedBy ? await User.findById(stored.updatedBy, { name: 1 }).lean() : null;
  return presentSettings(stored, by);
}

/** Mounted at `/api`; the calls and their rules: docs/product.md#settings (the reference: `/api/docs`). */
export const settingsRoutes = new Hono<AppEnv>()
  .get(
    '/admin/settings',
    describe({
      summary: "The school's settings",
      tag: 'Settings',
      description: 'Admins only (docs/product.md#settings). English and Daily until an admin first saves.',
      success: { status: 200, answer: json('The settings.', schoolSettingsSchema) },
    }),
    requireRole(ROLES.admin),
    async (c) => c.json(await readSchoolSettings(), 200),
  )
  .put(
    '/admin/settings',
    describe({
      summary: "Save the school's settings",
      tag: 'Settings',
      description:
        'Admins only (docs/product.md#settings): every setting — language, backup frequency, the school’s name and privacy contact (docs/product.md#privacy) — and no other field; a full replace (`fillerWords` and `transcriptRetentionDays` stay as they are when absent). "Revert to Default" saves English and Daily.',
      success: { status: 200, answer: json('Saved; the admin is `updatedBy`.', schoolSettingsSchema) },
      errors: { 400: '`validation_error`: a bad setting, or `transcriptRetentionDays` shorter than `recordingRetentionDays`.', 413: TOO_LARGE, 415: NOT_JSON },
    }),
    requireRole(ROLES.admin),
    validate('json', schoolSettingsBodySchema),
    async (c) => {
      const admin = c.var.user;
      const body = c.req.valid('json');
      const textDays =
        body.transcriptRetentionDays !== undefined
          ? body.transcriptRetentionDays
          : ((await SchoolSettings.findById(SCHOOL_SETTINGS_ID).select('transcriptRetentionDays').lean())?.transcriptRetentionDays ?? null);
      if (textDays !== null && textDays < body.recordingRetentionDays) {
        const message = `Transcripts must be kept at least as long as the audio (${body.recordingRetentionDays} days), or removed with it.`;
        throw badRequest(message, { transcriptRetentionDays: message });
      }
      // one write; the saving admin is known, so the answer needs no second read.
      const stored = await SchoolSettings.findOneAndUpdate(
        { _id: SCHOOL_SETTINGS_ID },
        { $set: { ...body, updatedBy: admin._id } },
        { upsert: true, runValidators: true, returnDocument: 'after' },
      ).lean();
      return c.json(presentSettings(stored!, admin), 200);
    },
  );

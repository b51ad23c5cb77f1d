import { z } from 'zod';
import { RETENTION_SETTING_LIMITS } from '../settings/model.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, objectId } from '../people/usersSchema.js';

const PAGE_RULE = 'Must be a whole number from 1.';
const LIMIT_RULE = `Must be a whole number from 1 to ${MAX_PAGE_SIZE}.`;
const DATE_RULE = 'Must be a date (2026-11-27) or a date and time (2026-11-27T09:00:00Z).';

/** A date (`2026-11-27`, the start of that day in UTC) or an ISO 8601 date and time, as a `Date`. */
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, { error: DATE_RULE })
  .transform((value) => new Date(value))
  .refine((date) => !Number.isNaN(date.getTime()), { error: DATE_RULE });

/**
 * The query of `GET /api/admin/privacy/access-log` and its `/csv` (docs/product.md#access-log):
 * filters, and paging like the people lists (the file ignores it).
 */
export const accessLogQuerySchema = z
  .object({
    /** only entries about this student, 24 hex digits */
    subjectId: objectId.optional(),
    /** only entries by this staff member, 24 hex digits */
    actorId: objectId.optional(),
    /** only entries at or after this time (a date: from its start, UTC) */
    from: isoDate.optional(),
    /** only entries at or before this time (a date: to its end, UTC) */
    to: z
      .string()
      .optional()
      .transform((value) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T23:59:59.999Z` : value))
      .pipe(isoDate.optional()),
    /** 1-based page number; default 1 */
    page: z.coerce.number({ error: PAGE_RULE }).int({ error: PAGE_RULE }).min(1, { error: PAGE_RULE }).max(1_000_000, { error: 'Must be at most 1000000.' }).default(1),
    /** entries per page, 1–100; default 10 */
    limit: z.coerce.number({ error: LIMIT_RULE }).int({ error: LIMIT_RULE }).min(1, { error: LIMIT_RULE }).max(MAX_PAGE_SIZE, { error: LIMIT_RULE }).default(DEFAULT_PAGE_SIZE),
  })
  // runs even when a field failed (then not a Date): only two good dates are compared.
  .refine((q) => !(q.from instanceof Date) || !(q.to instanceof Date) || q.from.getTime() <= q.to.getTime(), { error: 'Must not be after `to`.', path: ['from'] });

const DRY_RUN_MESSAGE = 'Must be 1 or true for a dry run, 0 or false (or absent) to run now.';
const { min, max } = RETENTION_SETTING_LIMITS.recordingRetentionDays;
const DAYS_RULE = `Must be a whole number of days from ${min} to ${max}.`;

/** The query of `POST /api/admin/privacy/retention` (docs/product.md#retention). */
export const retentionQuerySchema = z
  .object({
    /** `1` or `true` (any case): answer what a run would remove, remove nothing; `0`, `false` or absent: run now */
    dryRun: z
      .string()
      .transform((value) => value.trim().toLowerCase())
      .pipe(z.enum(['1', 'true', '0', 'false'], { error: DRY_RUN_MESSAGE }))
      .transform((value) => value === '1' || value === 'true')
      .default(false),
    /** with a dry run only: count as if recordings' audio were kept this many days (30–1,825), to preview a setting before saving it */
    recordingRetentionDays: z.coerce.number({ error: DAYS_RULE }).int({ error: DAYS_RULE }).min(min, { error: DAYS_RULE }).max(max, { error: DAYS_RULE }).optional(),
  })
  .refine((q) => q.dryRun || q.recordingRetentionDays === undefined, { error: 'Only a dry run can preview another retention.', path: ['recordingRetentionDays'] });

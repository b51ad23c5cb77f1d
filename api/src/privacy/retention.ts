import mongoose, { type Types } from 'mongoose';
import { z } from 'zod';
import { DEFAULT_SCHOOL_SETTINGS, SCHOOL_SETTINGS_ID, SchoolSettings } from '../settings/model.js';
import { Feedback, Recording } from '../speaking/model.js';
import { Transcript } from '../transcripts/model.js';
import { Session } from '../auth/sessionModel.js';
import { User } from '../people/userModel.js';
// registers the model `expireBefore` reads by name.
import '../platform/http/idempotencyKeyModel.js';
import { accessLogCutoff, flushAccessLog, sweepReadWindows } from './accessLog.js';
import { KEY_RETENTION_DAYS } from '../platform/http/idempotency.js';
import type { UploadStores } from '../platform/uploads.js';
import { DAY_MS } from '../platform/time.js';

/**
 * Retention (docs/product.md#retention, docs/architecture.md#retention,
 * docs/decisions/0029-access-log-and-retention.md): the steps that remove what has been kept long
 * enough — reviewed recordings' audio after the school's `recordingRetentionDays`, the
 * transcripts a school keeps longer after its `transcriptRetentionDays`, expired
 * sessions, offline-send receipts past their 7 days, access-log entries older than a year — each
 * able to say first what it would remove (a dry run). The daily job (`privacy/retentionJob.ts`) and
 * `POST /api/admin/privacy/retention` run them. A feature with data of its own to expire joins
 * with {@link addRetentionStep} (the privacy exports' sweep does).
 */

/** What a step is told. */
export interface RetentionContext {
  /** the time the run counts from */
  now: Date;
  /** true: count what would go, remove nothing */
  dryRun: boolean;
  /** the school's retention settings (or, for a preview, the proposed ones) */
  settings: RetentionSettings;
  stores: UploadStores;
}

/** The school's retention settings (docs/product.md#retention). */
export interface RetentionSettings {
  /** days a reviewed recording's audio is kept, 30–1,825 */
  recordingRetentionDays: number;
  /** months without a sign-in before an account is reported as inactive; null: off */
  inactiveAccountMonths: number | null;
  /** days a reviewed recording's transcript is kept, 30–3,650 (at least `recordingRetentionDays`); null: removed with the audio */
  transcriptRetentionDays: number | null;
}

/** What a step removed, or would remove. */
export interface StepResult {
  /** records (or files) */
  count: number;
  /** the oldest date among them (the date the rule counts from); null when none */
  oldest: Date | null;
}

/** One kind of data with a retention rule. */
export interface RetentionStep {
  /** a stable name, e.g. `recording_audio`; the key of the report */
  kind: string;
  /** Removes what is due (or, with `ctx.dryRun`, only counts it). Repeatable: a second run finds nothing more. */
  run(ctx: RetentionContext): Promise<StepResult>;
}

/** Count and oldest date of the model `modelName`'s records whose `path` lies before `cutoff`; and, unless a dry run, deletes them. */
async function expireBefore(modelName: string, path: string, cutoff: Date, dryRun: boolean): Promise<StepResult> {
  const model = mongoose.model(modelName);
  const filter = { [path]: { $lt: cutoff } };
  const first = await model
    .findOne(filter)
    .sort({ [path]: 1 })
    .select(path)
    .lean<Record<string, unknown> | null>();
  const oldest = first?.[path] instanceof Date ? (first[path] as Date) : null;
  if (!oldest) return { count: 0, oldest: null };
  if (dryRun) return { count: await model.countDocuments(filter), oldest };
  return { count: (await model.deleteMany(filter)).deletedCount, oldest };
}

/** Recordings looked at per round trip while their audio is removed. */
const AUDIO_BATCH = 200;

/**
 * Reviewed recordings' audio older than `recordingRetentionDays` (counted from `submittedAt`): the
 * file leaves the recordings store, its transcript (the words said in it) goes with it — unless the
 * school keeps transcripts longer (`transcriptRetentionDays`) and the recording is younger than that:
 * then the transcript is marked `audioRemovedAt` for {@link transcriptsStep} — and the
 * recording is marked `audioRemovedAt` (with the days in force); the record, its feedback and its
 * delivery report stay. A recording without feedback keeps its audio whatever its age: its teacher
 * has not heard it yet (docs/product.md#retention).
 */
export const recordingAudioStep: RetentionStep = {
  kind: 'recording_audio',
  async run(ctx) {
    const days = ctx.settings.recordingRetentionDays;
    const cutoff = new Date(ctx.now.getTime() - days * DAY_MS);
    const textDays = ctx.settings.transcriptRetentionDays;
    const textCutoff = textDays === null ? null : new Date(ctx.now.getTime() - textDays * DAY_MS);
    let count = 0;
    let oldest: Date | null = null;
    let after: Types.ObjectId | null = null;
    for (;;) {
      const batch: { _id: Types.ObjectId; submittedAt: Date; file?: { name?: string } }[] = await Recording.find({
        status: 'reviewed',
        submittedAt: { $lt: cutoff },
        audioRemovedAt: null,
        ...(after ? { _id: { $gt: after } } : {}),
      })
        .sort({ _id: 1 })
        .limit(AUDIO_BATCH)
        .select('_id submittedAt file.name')
        .lean();
      if (batch.length === 0) break;
      after = batch[batch.length - 1]!._id;
      const reviewed = new Set(
        (
          await Feedback.find({ recordingId: { $in: batch.map((r) => r._id) } })
            .select('recordingId')
            .lean()
        ).map((f) => String(f.recordingId)),
      );
      for (const recording of batch.filter((r) => reviewed.has(String(r._id)))) {
        if (!ctx.dryRun) {
          // the file first: a run stopped between the two finds the recording again and finishes it.
          await ctx.stores.recordings.remove(recording.file?.name);
          if (textCutoff && recording.submittedAt >= textCutoff) await Transcript.updateOne({ recordingId: recording._id }, { $set: { audioRemovedAt: ctx.now } });
          else await Transcript.deleteOne({ recordingId: recording._id });
          await Recording.updateOne({ _id: recording._id, audioRemovedAt: null }, { $set: { audioRemovedAt: ctx.now, audioRemovedAfterDays: days } });
        }
        count += 1;
        if (!oldest || recording.submittedAt < oldest) oldest = recording.submittedAt;
      }
      if (batch.length < AUDIO_BATCH) break;
    }
    return { count, oldest };
  },
};

/** Transcripts looked at per round trip while kept ones are checked. */
const TRANSCRIPT_BATCH = 200;

/**
 * Transcripts kept after their recording's audio was removed (`audioRemovedAt` set, the school's
 * `transcriptRetentionDays`): removed once the recording is that many days old (counted from
 * `submittedAt`), or at once when the school no longer keeps them (the setting back to null)
 * (docs/product.md#retention).
 */
export const transcriptsStep: RetentionStep = {
  kind: 'recording_transcript',
  async run(ctx) {
    const days = ctx.settings.transcriptRetentionDays;
    const cutoff = days === null ? null : new Date(ctx.now.getTime() - days * DAY_MS);
    let count = 0;
    let oldest: Date | null = null;
    let after: Types.ObjectId | null = null;
    for (;;) {
      const batch: { _id: Types.ObjectId; recordingId: Types.ObjectId }[] = await Transcript.find({ audioRemovedAt: { $ne: null }, ...(after ? { _id: { $gt: after } } : {}) })
        .sort({ _id: 1 })
        .limit(TRANSCRIPT_BATCH)
        .select('_id recordingId')
        .lean();
      if (batch.length === 0) break;
      after = batch[batch.length - 1]!._id;
      const sent = new Map(
        (
          await Recording.find({ _id: { $in: batch.map((t) => t.recordingId) } })
            .select('_id submittedAt')
            .lean()
        ).map((r) => [String(r._id), r.submittedAt]),
      );
      // a transcript whose recording is gone goes too (its date: none known).
      const due = batch.filter((t) => {
        const at = sent.get(String(t.recordingId));
        return !at || !cutoff || at < cutoff;
      });
      if (due.length > 0 && !ctx.dryRun) await Transcript.deleteMany({ _id: { $in: due.map((t) => t._id) } });
      count += due.length;
      for (const t of due) {
        const at = sent.get(String(t.recordingId));
        if (at && (!oldest || at < oldest)) oldest = at;
      }
      if (batch.length < TRANSCRIPT_BATCH) break;
    }
    return { count, oldest };
  },
};

/** Sessions past their absolute expiry (the TTL index or the 10-minute sweep usually got there first). */
export const sessionsStep: RetentionStep = {
  kind: 'sessions',
  run: (ctx) => expireBefore('Session', 'expiresAt', ctx.now, ctx.dryRun),
};

/** Offline-send receipts older than their 7 days (`platform/http/idempotency.ts`, which also sweeps them hourly as it is used). */
export const idempotencyKeysStep: RetentionStep = {
  kind: 'idempotency_keys',
  run: (ctx) => expireBefore('IdempotencyKey', 'createdAt', new Date(ctx.now.getTime() - KEY_RETENTION_DAYS * DAY_MS), ctx.dryRun),
};

/** Access-log entries older than a year (docs/product.md#access-log); also the files' read windows that have ended, which are not counted. */
export const accessLogStep: RetentionStep = {
  kind: 'access_log',
  run: async (ctx) => {
    // what this process still holds in its journal counts too, so that the dry run equals the run.
    await flushAccessLog();
    if (!ctx.dryRun) await sweepReadWindows(ctx.now);
    return expireBefore('AccessLogEntry', 'at', accessLogCutoff(ctx.now), ctx.dryRun);
  },
};

/** The steps a run takes, in order. */
const steps: RetentionStep[] = [recordingAudioStep, transcriptsStep, sessionsStep, idempotencyKeysStep, accessLogStep];

/**
 * The kinds of the steps a run takes, in order.
 * @public with {@link addRetentionStep}, the extension point for data with its own expiry; nothing calls it yet.
 */
export function retentionKinds(): string[] {
  return steps.map((s) => s.kind);
}

/**
 * Adds a step to every run (after the others), or replaces the step of the same `kind`: the
 * extension point for data with its own expiry, such as expired privacy exports
 * (`kind: 'privacy_exports'`). Call it at start-up, in every process.
 * @public the extension point (docs/architecture.md#retention); nothing calls it yet.
 */
export function addRetentionStep(step: RetentionStep): void {
  const at = steps.findIndex((s) => s.kind === step.kind);
  if (at >= 0) steps[at] = step;
  else steps.push(step);
}

/** The school's retention settings, or the defaults (365 days, no inactive-account report, transcripts removed with the audio). One query. */
export async function retentionSettings(): Promise<RetentionSettings> {
  const stored = await SchoolSettings.findById(SCHOOL_SETTINGS_ID).select('recordingRetentionDays inactiveAccountMonths transcriptRetentionDays').lean();
  return {
    recordingRetentionDays: stored?.recordingRetentionDays ?? DEFAULT_SCHOOL_SETTINGS.recordingRetentionDays,
    inactiveAccountMonths: stored?.inactiveAccountMonths ?? null,
    transcriptRetentionDays: stored?.transcriptRetentionDays ?? null,
  };
}

/**
 * Accounts nobody has signed in to for `months` (no session used since; created before then), or
 * null when the setting is off. Only counted: nothing is deleted or changed (docs/product.md#retention).
 */
export async function countInactiveAccounts(months: number | null, now: Date): Promise<{ months: number; count: number } | null> {
  if (months === null) return null;
  const since = new Date(now.getFullYear(), now.getMonth() - months, now.getDate(), now.getHours(), now.getMinutes());
  const active = (await Session.distinct('userId', { lastSeenAt: { $gte: since } })) as Types.ObjectId[];
  const count = await User.countDocuments({ createdAt: { $lt: since }, ...(active.length > 0 ? { _id: { $nin: active } } : {}) });
  return { months, count };
}

/** What a run removed (or, for a dry run, would remove), as `POST /api/admin/privacy/retention` answers it. */
export const retentionReportJsonSchema = z
  .object({
    dryRun: z.boolean(),
    at: z.string().meta({ format: 'date-time', description: 'the time the run counted from' }),
    recordingRetentionDays: z.number().meta({ description: 'the days of recordings’ audio the run applied' }),
    removed: z
      .array(
        z.object({
          kind: z.string().meta({
            description:
              '`recording_audio`, `recording_transcript` (transcripts kept after their audio), `sessions`, `idempotency_keys`, `access_log` (and `privacy_exports` where exports exist)',
          }),
          count: z.number(),
          oldest: z.string().nullable().meta({ format: 'date-time', description: 'the oldest among them; null when none' }),
        }),
      )
      .meta({ description: 'per kind, in the order the steps run' }),
    inactiveAccounts: z
      .object({ months: z.number(), count: z.number() })
      .nullable()
      .meta({ description: 'accounts without a sign-in for that many months: reported, never removed; null while the setting is off' }),
  })
  .meta({ id: 'RetentionReport' });

/** A retention report: see {@link retentionReportJsonSchema}. */
export type RetentionReportJson = z.infer<typeof retentionReportJsonSchema>;

/**
 * Runs every retention step (docs/product.md#retention), one after the other, and reports what
 * each removed — or, with `dryRun`, what each would remove, writing nothing.
 * @param opts.settings override the school's settings (a preview of a proposed retention)
 * @throws what a step throws; the steps before it have done their work (each is repeatable)
 */
export async function runRetention(opts: { stores: UploadStores; dryRun: boolean; now?: Date; settings?: Partial<RetentionSettings> }): Promise<RetentionReportJson> {
  const now = opts.now ?? new Date();
  const settings = { ...(await retentionSettings()), ...opts.settings };
  const ctx: RetentionContext = { now, dryRun: opts.dryRun, settings, stores: opts.stores };
  const removed: RetentionReportJson['removed'] = [];
  for (const step of [...steps]) {
    const result = await step.run(ctx);
    removed.push({ kind: step.kind, count: result.count, oldest: result.oldest ? result.oldest.toISOString() : null });
  }
  return {
    dryRun: opts.dryRun,
    at: now.toISOString(),
    recordingRetentionDays: settings.recordingRetentionDays,
    removed,
    inactiveAccounts: await countInactiveAccounts(settings.inactiveAccountMonths, now),
  };
}

import { Schema, model } from 'mongoose';

/** What a staff member (or, for `peer_listen`, a classmate: docs/product.md#talk-partners) opened of a student's (docs/product.md#access-log). */
export const ACCESS_KINDS = ['recording_audio', 'oracy_profile', 'privacy_export', 'recording_transcript', 'peer_listen'] as const;
/** One of {@link ACCESS_KINDS}. */
export type AccessKind = (typeof ACCESS_KINDS)[number];
/** The roles an access-log entry names as the actor's, in words. */
export const ACCESS_ACTOR_ROLES = ['student', 'teacher', 'admin'] as const;
/** One of {@link ACCESS_ACTOR_ROLES}. */
export type AccessActorRole = (typeof ACCESS_ACTOR_ROLES)[number];
/** How long an entry is kept, days (docs/product.md#retention). */
export const ACCESS_LOG_RETENTION_DAYS = 365;

/**
 * One time someone other than a student opened that student's personal data (docs/product.md#access-log,
 * docs/decisions/0029-access-log-and-retention.md): append-only — written once, before the answer
 * is sent, never changed but by erasure (the actor replaced) and removed by the retention job after
 * {@link ACCESS_LOG_RETENTION_DAYS} days. Not watched by the read caches.
 */
const accessLogEntrySchema = new Schema(
  {
    /** when it was opened */
    at: { type: Date, required: true },
    /** who opened it; null once that account is deleted (the role stays) */
    actorId: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    /** the actor's role when they opened it */
    actorRole: { type: String, enum: ACCESS_ACTOR_ROLES, required: true },
    /** whose data it was: the student */
    subjectId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    what: { type: String, enum: ACCESS_KINDS, required: true },
    /** the record opened (a recording's, an export's id), 24 hex digits; the student's own for their Oracy profile */
    resourceId: { type: String, default: null },
    /** the client's IP address, as the rate limits read it (`platform/security/clientIp.ts`); `unknown` when none */
    ip: { type: String, default: 'unknown' },
  },
  { timestamps: false, versionKey: false },
);
accessLogEntrySchema.index({ at: -1 });
accessLogEntrySchema.index({ subjectId: 1, at: -1 });
accessLogEntrySchema.index({ actorId: 1, at: -1 });

export const AccessLogEntry = model('AccessLogEntry', accessLogEntrySchema);

/**
 * One run of the daily retention job per slot (docs/architecture.md#retention): the unique `slot`
 * makes one process do it when several run; it records what was removed. No personal data.
 */
const retentionRunSchema = new Schema(
  {
    /** `schedule:2026-11-27T03:30` (server local time) or `manual:<the run's id>` */
    slot: { type: String, required: true },
    startedAt: { type: Date, required: true },
    /** null while running */
    finishedAt: { type: Date, default: null },
    /** what each step removed: `{kind, count, oldest}` */
    removed: { type: [Schema.Types.Mixed], default: [] },
    /** why it failed, a sentence; null unless it failed */
    error: { type: String, default: null },
  },
  { timestamps: false, versionKey: false },
);
retentionRunSchema.index({ slot: 1 }, { unique: true });
retentionRunSchema.index({ startedAt: -1 });

export const RetentionRun = model('RetentionRun', retentionRunSchema);

/** How long one opening of a file counts for, ms: further reads by the same person within it write no entry (docs/product.md#access-log). */
export const FILE_READ_WINDOW_MS = 10 * 60 * 1000;

/**
 * The open window of one person's reads of one file (docs/product.md#access-log): while `until`
 * has not passed, a further read of the file by the same person is the same opening and writes no
 * access-log entry. `_id` is `<actorId>:<what>:<resourceId>`, so a claim is one atomic upsert
 * and one process wins, whatever the number of processes. Swept once `until` has passed by the
 * retention job's access-log step.
 */
const accessLogWindowSchema = new Schema(
  {
    /** `<actorId>:<what>:<resourceId>` */
    _id: { type: String, required: true },
    /** who read the file */
    actorId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    /** the student whose file it is */
    subjectId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    what: { type: String, enum: ACCESS_KINDS, required: true },
    /** the file's record (a recording's, an export's id), 24 hex digits */
    resourceId: { type: String, required: true },
    /** the end of the window: the logged read's time plus {@link FILE_READ_WINDOW_MS} */
    until: { type: Date, required: true },
  },
  { timestamps: false, versionKey: false },
);
accessLogWindowSchema.index({ until: 1 });
accessLogWindowSchema.index({ actorId: 1 });
accessLogWindowSchema.index({ subjectId: 1 });

export const AccessLogWindow = model('AccessLogWindow', accessLogWindowSchema);

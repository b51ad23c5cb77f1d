import { Schema, model } from 'mongoose';
import { baseSchemaOptions } from '../db/schemaOptions.js';

/**
 * States of a background job (docs/architecture.md#background-jobs): `queued` (waiting for its
 * `runAt`), `running` (a process holds its lease), `done`, `failed` (every try failed; `lastError`
 * says why).
 */
export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
/** A state of `JOB_STATUSES`. */
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * One background job (docs/architecture.md#background-jobs): a named piece of work with a JSON
 * payload, run by whichever API process claims it (`api/src/platform/jobs/`). Not watched by the read
 * caches: no cached answer reads jobs.
 */
const jobSchema = new Schema(
  {
    /** the job's kind, e.g. `delivery.measure`: which handler runs it */
    name: { type: String, required: true },
    /** what the handler is given: plain JSON */
    payload: { type: Schema.Types.Mixed, default: () => ({}) },
    /** the caller's de-duplication key, or null */
    key: { type: String, default: null },
    /**
     * `{name}:{key}` while the job is queued or running, the job's own id otherwise (no key, or
     * finished): its unique index lets one unfinished job per key exist, in every process.
     */
    dedupeKey: { type: String, required: true },
    status: { type: String, enum: JOB_STATUSES, default: 'queued' },
    /** tries started so far; the next try is claimed as `attempts + 1` */
    attempts: { type: Number, default: 0, min: 0 },
    /** the most tries it gets */
    maxAttempts: { type: Number, required: true, min: 1 },
    /** not before this time (a retry's backoff moves it) */
    runAt: { type: Date, required: true },
    /** while running: the lease's end; a job still `running` after it is taken again */
    leaseUntil: { type: Date, default: null },
    /** while running: the process that holds the lease (host, pid and a random word) */
    owner: { type: String, default: null },
    /** the last try's error message, or null */
    lastError: { type: String, default: null },
    /** when it became `done` or `failed` */
    finishedAt: { type: Date, default: null },
  },
  baseSchemaOptions,
);
jobSchema.index({ dedupeKey: 1 }, { unique: true });
jobSchema.index({ status: 1, runAt: 1 });
jobSchema.index({ status: 1, leaseUntil: 1 });
jobSchema.index({ status: 1, finishedAt: 1 });

export const Job = model('Job', jobSchema);

/**
 * One try of a job, claimed by one process (docs/architecture.md#background-jobs). The unique
 * index on `{jobId, attempt}` makes exactly one of several processes win a try: a conditional
 * update is not exclusive on the embedded database (its filter is read before the write, not with
 * it), an insert against a unique index is, on MongoDB and on FerretDB alike.
 */
const jobClaimSchema = new Schema(
  {
    jobId: { type: Schema.Types.ObjectId, ref: 'Job', required: true },
    /** the try it claims: 1, 2, 3 … */
    attempt: { type: Number, required: true, min: 1 },
    /** the process that claimed it */
    owner: { type: String, required: true },
  },
  baseSchemaOptions,
);
jobClaimSchema.index({ jobId: 1, attempt: 1 }, { unique: true });

export const JobClaim = model('JobClaim', jobClaimSchema);

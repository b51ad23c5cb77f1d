import { once } from 'node:events';
import { Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import { Types } from 'mongoose';
import { PrivacyExport } from './exportModel.js';
import { User } from '../people/userModel.js';
import { isDuplicateKeyError, notFound, tooManyRequests } from '../platform/http/errors.js';
import type { Reader } from '../auth/roles.js';
import { mayDownloadExport } from './policy.js';
import { defineJob, enqueueJob } from '../platform/jobs/index.js';
import { slotKey } from '../platform/jobs/schedule.js';
import type { Logger } from '../platform/logger.js';
import { presentPrivacyExport, type PrivacyExportJson, type PrivacyExportStartedJson } from './exportPresenter.js';
import type { ServedFile } from '../platform/http/static.js';
import type { UploadStores } from '../platform/uploads.js';
import { collectExportData } from './exportData.js';
import { renderExportHtml } from './exportHtml.js';
import { exportFileName, type ExportStore } from './exportStore.js';
import { DAY_MS } from '../platform/time.js';

declare module '../platform/jobs/index.js' {
  interface JobPayloads {
    'privacy.export': ExportPayload;
    'privacy.exports.sweep': Record<string, never>;
  }
}

/**
 * "Download my data" (docs/product.md#download-my-data, docs/decisions/0028-exports-of-personal-data.md,
 * docs/architecture.md#exports-of-personal-data): asking for an export, at most one a day per
 * person; the job `privacy.export` that streams the ZIP (`data.json`, `index.html`, the person's
 * files) into the export store; and the sweep `privacy.exports.sweep` that removes exports 7 days
 * old, and archives whose record is gone (an erased person's).
 */

/** The job that builds one export. */
export const EXPORT_JOB = 'privacy.export';
/** The job that removes expired exports and archives without a record. */
export const EXPORT_SWEEP_JOB = 'privacy.exports.sweep';
/** How long an export is kept, days: 7. */
export const EXPORT_KEEP_DAYS = 7;
/** One export per person per this long, ms: 24 hours. */
export const EXPORT_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** The longest one export may take, ms: 30 minutes. */
export const EXPORT_TIMEOUT_MS = 30 * 60 * 1000;
/** How often every process queues the sweep, ms: 1 hour (its key makes one run per hour). */
export const EXPORT_SWEEP_EVERY_MS = 60 * 60 * 1000;

/** What a `privacy.export` job carries; `userId` names the person for the register (erasure removes the job). */
interface ExportPayload {
  exportId: string;
  userId: string;
}

/** The UTC day of `date`: `2026-11-27`. */
const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** The 429 of a second export within a day, with `Retry-After` until the last one is a day old. */
function limited(last: Date, now: Date) {
  const seconds = Math.ceil((last.getTime() + EXPORT_INTERVAL_MS - now.getTime()) / 1000);
  return tooManyRequests(`You can ask for one export a day. Try again after ${new Date(last.getTime() + EXPORT_INTERVAL_MS).toISOString()}.`, seconds);
}

/**
 * Starts an export of `subjectId`'s data, asked for by `requestedBy` (the person or an admin).
 * @returns `{id, status: 'pending'}`
 * @throws 404 when there is no such user; 429 `rate_limited` with `Retry-After` (seconds) when an
 *   export of that person was asked for less than 24 hours ago and did not fail
 */
export async function requestExport(subjectId: Types.ObjectId, requestedBy: Types.ObjectId, now: Date = new Date()): Promise<PrivacyExportStartedJson> {
  if (!(await User.exists({ _id: subjectId }))) throw notFound('No such user.');
  const last = await PrivacyExport.findOne({ subjectId, status: { $ne: 'failed' }, createdAt: { $gt: new Date(now.getTime() - EXPORT_INTERVAL_MS) } })
    .sort({ createdAt: -1 })
    .select('createdAt')
    .lean();
  if (last) throw limited(last.createdAt, now);
  const _id = new Types.ObjectId();
  try {
    await PrivacyExport.create({
      _id,
      subjectId,
      requestedBy,
      status: 'pending',
      createdAt: now,
      expiresAt: new Date(now.getTime() + EXPORT_KEEP_DAYS * DAY_MS),
      day: utcDay(now),
    });
  } catch (err) {
    // Another request of the same day won the race.
    if (!isDuplicateKeyError(err)) throw err;
    throw limited(now, now);
  }
  const payload: ExportPayload = { exportId: String(_id), userId: String(subjectId) };
  await enqueueJob(EXPORT_JOB, payload, { key: String(_id) });
  return { id: String(_id), status: 'pending' };
}

/** `subjectId`'s exports that are still kept, newest first. */
export async function listExports(subjectId: Types.ObjectId, now: Date = new Date()): Promise<PrivacyExportJson[]> {
  const docs = await PrivacyExport.find({ subjectId, expiresAt: { $gt: now } })
    .sort({ createdAt: -1 })
    .limit(50)
    .lean();
  return docs.map(presentPrivacyExport);
}

/**
 * The archive of export `id` for `user`: their own, or anyone's for an admin (`mayDownloadExport`).
 * @returns the file, its download name and whose data it holds
 * @throws 404 when there is no such export, it is someone else's, expired, not ready, or its archive is gone
 */
export async function exportDownload(id: string, user: Reader, store: ExportStore, now: Date = new Date()): Promise<{ file: ServedFile; filename: string; subjectId: Types.ObjectId }> {
  const doc = await PrivacyExport.findById(id).lean();
  const allowed = doc && mayDownloadExport(user, doc);
  if (!doc || !allowed || doc.expiresAt.getTime() <= now.getTime()) throw notFound('No such export.');
  if (doc.status !== 'ready' || !doc.file) throw notFound('This export is not ready.');
  const file = await store.open(doc.file);
  if (!file) throw notFound('No such export.');
  return { file, filename: `oracy-data-${utcDay(doc.createdAt)}.zip`, subjectId: doc.subjectId };
}

/**
 * Writes the archive of one export into `store` as a stream: `data.json`, `index.html`, then each
 * file of the person's, one at a time from its upload store into the ZIP (stored, not compressed
 * again: audio and images are compressed already). Memory holds the person's records and the
 * streams' buffers, never a whole file.
 * @returns the archive's size in bytes
 */
export async function writeExportArchive(exportId: string, userId: string, deps: { uploads: UploadStores; store: ExportStore; signal?: AbortSignal; now?: Date }): Promise<number | null> {
  const data = await collectExportData(userId, deps.now);
  if (!data) return null;
  // Open every file first (a stat, or a files document): one that is gone is marked, not fatal.
  const opened: { path: string; file: ServedFile }[] = [];
  const records = Object.values(data.json.collections).flat();
  for (const f of data.files) {
    const file = await deps.uploads[f.store].open(f.name);
    if (file) opened.push({ path: f.path, file });
    else for (const r of records) if (r.fileInArchive === f.path) Object.assign(r, { fileInArchive: null, fileMissing: true });
  }

  const name = exportFileName(exportId);
  const upload = await deps.store.create(name);
  const zip = new ZipArchive({ zlib: { level: 6 } });
  const failed = new Promise<never>((_, reject) => {
    zip.once('error', reject);
    upload.stream.once('error', reject);
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- an abort rejects with its signal's reason, as fetch does
    deps.signal?.addEventListener('abort', () => reject(deps.signal?.reason ?? new Error('Aborted.')), { once: true });
  });
  failed.catch(() => undefined);
  const step = <T>(work: Promise<T>) => Promise.race([work, failed]);
  zip.pipe(upload.stream);
  try {
    const date = deps.now ?? new Date();
    const add = async (source: Readable | string, entry: { name: string; store?: boolean }) => {
      const processed = once(zip, 'entry');
      zip.append(source, { ...entry, date });
      await step(processed);
    };
    await add(JSON.stringify(data.json, null, 2), { name: 'data.json' });
    await add(renderExportHtml(data), { name: 'index.html' });
    for (const { path, file } of opened) await add(Readable.fromWeb(file.stream() as import('node:stream/web').ReadableStream<Uint8Array>), { name: path, store: true });
    await step(zip.finalize());
    await step(upload.done);
  } catch (err) {
    zip.abort();
    upload.stream.destroy();
    await deps.store.remove(name).catch(() => undefined);
    throw err;
  }
  return zip.pointer();
}

/**
 * Declares `privacy.export` and `privacy.exports.sweep` (`createApp` does). An export gets 2 tries
 * of up to {@link EXPORT_TIMEOUT_MS}; after the last it is `failed` and its day is given back, so
 * that the person may ask again. Each ready export also queues the sweep for the moment it
 * expires; the hourly timer of {@link startExportSweep} catches anything else.
 */
export function defineExportJobs(deps: { uploads: UploadStores; store: ExportStore; log: Pick<Logger, 'info' | 'warn' | 'error'> }): void {
  defineJob(
    EXPORT_JOB,
    async (payload, ctx) => {
      const doc = await PrivacyExport.findById(payload.exportId).select('status expiresAt').lean();
      if (!doc || doc.status !== 'pending') return;
      const started = Date.now();
      const size = await writeExportArchive(payload.exportId, payload.userId, { uploads: deps.uploads, store: deps.store, signal: ctx.signal });
      if (size === null) {
        await PrivacyExport.deleteOne({ _id: payload.exportId });
        return;
      }
      await PrivacyExport.updateOne({ _id: payload.exportId }, { $set: { status: 'ready', size, file: exportFileName(payload.exportId), error: null } });
      deps.log.info({ exportId: payload.exportId, bytes: size, ms: Date.now() - started }, 'data export written');
      await enqueueJob(EXPORT_SWEEP_JOB, {}, { key: `expiry:${payload.exportId}`, runAt: new Date(doc.expiresAt.getTime() + 1_000) });
    },
    {
      maxAttempts: 2,
      timeoutMs: EXPORT_TIMEOUT_MS,
      onFailed: async (payload, error) => {
        deps.log.error({ exportId: payload.exportId }, `data export failed: ${error}`);
        await PrivacyExport.updateOne({ _id: payload.exportId, status: 'pending' }, { $set: { status: 'failed', error: error.slice(0, 500), day: `failed:${payload.exportId}` } });
      },
    },
  );
  defineJob(EXPORT_SWEEP_JOB, async () => {
    const removed = await sweepExports(deps.store);
    if (removed > 0) deps.log.info({ removed }, 'expired data exports removed');
  });
}

/**
 * Removes every export whose `expiresAt` has passed, archive first, then the record; then every
 * archive in the store without a record (its person was erased, or its record swept by retention),
 * unless it belongs to an export still being made.
 * @returns how many archives and records went
 */
export async function sweepExports(store: ExportStore, now: Date = new Date()): Promise<number> {
  let removed = 0;
  const expired = await PrivacyExport.find({ expiresAt: { $lte: now } })
    .select('_id file')
    .limit(1_000)
    .lean();
  for (const doc of expired) {
    await store.remove(doc.file ?? exportFileName(String(doc._id)));
    await PrivacyExport.deleteOne({ _id: doc._id });
    removed += 1;
  }
  const names = await store.list();
  if (names.length === 0) return removed;
  const ids = names.map((n) => n.slice('export-'.length, -'.zip'.length));
  const kept = new Set(
    (
      await PrivacyExport.find({ _id: { $in: ids.map((id) => new Types.ObjectId(id)) } })
        .select('_id')
        .lean()
    ).map((d) => String(d._id)),
  );
  for (const id of ids) {
    if (kept.has(id)) continue;
    await store.remove(exportFileName(id));
    removed += 1;
  }
  return removed;
}

/** Queues the sweep now, with the hour's key, so that every process queues one per hour. */
export async function queueExportSweep(now: Date = new Date()): Promise<void> {
  const hour = new Date(now);
  hour.setMinutes(0, 0, 0);
  await enqueueJob(EXPORT_SWEEP_JOB, {}, { key: `hour:${slotKey(hour)}` });
}

/**
 * Starts this process's hourly timer of the sweep (`server.ts`): at start and every
 * {@link EXPORT_SWEEP_EVERY_MS} it queues `privacy.exports.sweep` with the hour's key; the jobs
 * home runs it in one process. Unref'd.
 * @returns stop
 */
export function startExportSweep(log: Pick<Logger, 'warn'>): () => void {
  const tick = () => void queueExportSweep().catch((err: unknown) => log.warn({ err }, 'could not queue the sweep of data exports'));
  tick();
  const timer = setInterval(tick, EXPORT_SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}

import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { stringify } from 'csv-stringify/sync';
import type { Context } from 'hono';
import { Types } from 'mongoose';
import { ACCESS_LOG_RETENTION_DAYS, AccessLogEntry, AccessLogWindow, FILE_READ_WINDOW_MS, type AccessActorRole, type AccessKind } from './accessLogModel.js';
import { roleWord } from '../auth/roles.js';
import { User } from '../people/userModel.js';
import type { AccessLogEntryJson, AccessLogPageJson, OwnAccessLogEntryJson } from './accessLogPresenter.js';
import { DELETED_USER_NAME } from '../chat/presenter.js';
import { isBulkDuplicateOnly, isDuplicateKeyError } from '../platform/http/errors.js';
import { SAFE_CSV_CAST } from '../platform/csvCell.js';
import type { Logger } from '../platform/logger.js';
import { clientIp } from '../platform/security/clientIp.js';
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- named by a TSDoc link below
import { JOURNAL_FLUSH_MS, openAccessJournal, type AccessJournal, type JournalEntry } from './accessJournal.js';
import { DAY_MS } from '../platform/time.js';

/**
 * The access log (docs/product.md#access-log, docs/decisions/0029-access-log-and-retention.md):
 * who other than a student opened that student's recording audio, Oracy profile or data export.
 * Written by {@link recordAccess} before the answer is sent; read by admins (a filtered page or a
 * CSV file) and by the student (their last 90 days). Removed after a year by the retention job
 * (`privacy/retention.ts`).
 */

/** How far back a student sees their own log, days (docs/product.md#access-log). */
export const OWN_ACCESS_LOG_DAYS = 90;

/** Whether the client's address is read from `X-Forwarded-For`: `TRUST_PROXY`, set once by `createApp`. */
let trustProxy = false;
/** This process's journal, opened by {@link configureAccessLog}; without one an entry is inserted directly. */
let journal: AccessJournal | null = null;

/** The folder of the access log's journal files under `DATA_DIR`. */
export function accessJournalDir(dataDir: string): string {
  return join(dataDir, 'access-log');
}

/**
 * Inserts journal entries, unordered; an entry already stored (its `_id` is the journal's) is not
 * an error, so a batch inserted twice is stored once.
 * @throws any other write error, or the database's when it is unreachable
 */
async function insertEntries(entries: readonly JournalEntry[]): Promise<void> {
  try {
    await AccessLogEntry.collection.insertMany(
      entries.map((entry) => ({ ...entry })),
      { ordered: false },
    );
  } catch (err) {
    if (!isBulkDuplicateOnly(err)) throw err;
  }
}

/**
 * Sets up the access log of this process (`createApp` does, docs/architecture.md#the-access-log): how
 * to read the client's address (`TRUST_PROXY`) and the journal in `DATA_DIR/access-log`, whose
 * entries reach the collection in batches ({@link openAccessJournal}). A journal opened before
 * (another app in the same process) is flushed and closed.
 */
export function configureAccessLog(opts: { trustProxy: boolean; dataDir: string; log?: Pick<Logger, 'warn'> }): void {
  trustProxy = opts.trustProxy;
  const previous = journal;
  let warnedAt = 0;
  journal = openAccessJournal(accessJournalDir(opts.dataDir), {
    insert: insertEntries,
    onError: (err) => {
      // retried every flush; said once a minute while the database stays away.
      if (Date.now() - warnedAt < 60_000) return;
      warnedAt = Date.now();
      opts.log?.warn({ err }, 'access-log entries wait in the journal: the database did not take them');
    },
  });
  previous?.close().catch(() => undefined);
}

/**
 * Inserts every access-log entry this process has journalled (and what a dead process left) before
 * it resolves: the log's readers, erasure and exports call it first (docs/architecture.md#the-access-log).
 * @throws the database's error when it cannot take them (they stay in the journal)
 */
export async function flushAccessLog(): Promise<void> {
  await journal?.flush();
}

/** Flushes the journal and stops its timer (a server's shutdown); what could not be inserted waits on disk. */
export async function closeAccessLog(): Promise<void> {
  const closing = journal;
  journal = null;
  await closing?.close();
}

/** What {@link recordAccess} records: whose data, what, and which record. */
export interface AccessRecord {
  /** the student whose data was opened, an ObjectId or 24 hex digits */
  subjectId: Types.ObjectId | string;
  what: AccessKind;
  /** the record opened (a recording's or an export's id); for an Oracy profile the student's own id */
  resourceId: Types.ObjectId | string;
}

/**
 * Records that the signed-in user opened a student's data (docs/product.md#access-log): one
 * `AccessLogEntry` `{at, actorId, actorRole, subjectId, what, resourceId, ip}`, written to this
 * process's durable journal before this resolves (a few microseconds; the batch reaches the
 * collection within {@link JOURNAL_FLUSH_MS} ms) — await it before answering, so that an answer
 * that was sent always has its entry, even if the process dies next. Nothing is recorded for the
 * student's own reads, or without a signed-in user. Without a journal (no `createApp`), the entry
 * is inserted directly.
 * @throws the file system's error when the journal cannot be written (the route answers 500 and sends nothing)
 */
export async function recordAccess(c: Context, record: AccessRecord): Promise<void> {
  const actor = actorOf(c);
  if (!actor) return;
  const subjectId = new Types.ObjectId(String(record.subjectId));
  if (subjectId.equals(actor._id)) return;
  const fields = {
    at: new Date(),
    actorId: actor._id,
    actorRole: roleWord(actor.role) ?? 'admin',
    subjectId,
    what: record.what,
    resourceId: String(record.resourceId).toLowerCase(),
    ip: clientIp(c, trustProxy),
  };
  if (journal) journal.append(fields);
  else await insertEntries([{ _id: new Types.ObjectId(), ...fields }]);
}

/** The signed-in user of a request, or null. */
function actorOf(c: Context): { _id: Types.ObjectId; role: number } | null {
  return (c.get as (key: string) => { _id: Types.ObjectId; role: number } | null | undefined)('user') ?? null;
}

/** The key of one person's window on one file: `<actorId>:<what>:<resourceId>`. */
const windowKey = (actorId: Types.ObjectId, what: AccessKind, resourceId: string) => `${actorId.toHexString()}:${what}:${resourceId}`;

/**
 * Opens a window of {@link FILE_READ_WINDOW_MS} on one person's reads of one file, unless one is
 * open: true when this read opened it (and is to be logged). One atomic upsert: the window's
 * record is replaced only once its `until` has passed, and when it has not, the upsert's insert
 * meets the existing `_id` (a duplicate key) — so of two processes claiming at once, one wins.
 */
async function claimReadWindow(key: string, fields: { actorId: Types.ObjectId; subjectId: Types.ObjectId; what: AccessKind; resourceId: string }, now: Date): Promise<Date | null> {
  const until = new Date(now.getTime() + FILE_READ_WINDOW_MS);
  try {
    await AccessLogWindow.collection.updateOne({ _id: key as never, until: { $lte: now } }, { $set: { ...fields, until } }, { upsert: true });
    return until;
  } catch (err) {
    if (isDuplicateKeyError(err)) return null;
    throw err;
  }
}

/**
 * Records a staff read of a student's file — a recording's audio or transcript, a data export's archive
 * (docs/product.md#access-log) — as {@link recordAccess} does, at most once per person, file and
 * {@link FILE_READ_WINDOW_MS} (10 minutes): every request for the file counts, whatever its
 * `Range`, `If-Range` or range unit (a 206, a 200, a 304 or a 416 alike), and the further
 * requests a player makes while it is scrubbing, or a download manager while it resumes, fall in
 * the window the first one opened and write nothing. The window lives in the database
 * (`AccessLogWindow`), so several processes share it. Nothing is recorded for the student's own
 * reads. Await it before answering.
 * @throws the database's error when the window cannot be claimed, or the journal's (the window is then given back)
 */
export async function recordFileRead(
  c: Context,
  record: AccessRecord & { what: 'recording_audio' | 'privacy_export' | 'recording_transcript' | 'peer_listen' },
  now = new Date(),
): Promise<void> {
  const actor = actorOf(c);
  if (!actor) return;
  const subjectId = new Types.ObjectId(String(record.subjectId));
  if (subjectId.equals(actor._id)) return;
  const resourceId = String(record.resourceId).toLowerCase();
  const key = windowKey(actor._id, record.what, resourceId);
  const until = await claimReadWindow(key, { actorId: actor._id, subjectId, what: record.what, resourceId }, now);
  if (!until) return;
  try {
    await recordAccess(c, record);
  } catch (err) {
    // no entry was written: the next read must not find the window open.
    await AccessLogWindow.collection.deleteOne({ _id: key as never, until }).catch(() => undefined);
    throw err;
  }
}

/** Removes the read windows that have ended (the retention job's access-log step). @returns how many */
export async function sweepReadWindows(now: Date): Promise<number> {
  return (await AccessLogWindow.deleteMany({ until: { $lte: now } })).deletedCount;
}

/** The filter of an admin's access-log query (docs/product.md#access-log). */
export interface AccessLogFilter {
  /** only entries about this student, 24 hex digits */
  subjectId?: string | undefined;
  /** only entries by this person, 24 hex digits */
  actorId?: string | undefined;
  /** only entries at or after this time */
  from?: Date | undefined;
  /** only entries at or before this time */
  to?: Date | undefined;
}

/** A stored entry as the log reads it. */
interface EntryDoc {
  _id: Types.ObjectId;
  at: Date;
  actorId: Types.ObjectId | null;
  actorRole: AccessActorRole;
  subjectId: Types.ObjectId;
  what: AccessKind;
  resourceId: string | null;
  ip: string;
}

/** The MongoDB filter of an {@link AccessLogFilter}. */
function queryOf(filter: AccessLogFilter): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  if (filter.subjectId) query.subjectId = new Types.ObjectId(filter.subjectId);
  if (filter.actorId) query.actorId = new Types.ObjectId(filter.actorId);
  if (filter.from || filter.to) query.at = { ...(filter.from ? { $gte: filter.from } : {}), ...(filter.to ? { $lte: filter.to } : {}) };
  return query;
}

/** The name of each person some entries name, by id: "Deleted user" for a gone account or none. One query at most. */
async function namesOf(entries: readonly EntryDoc[]): Promise<(id: Types.ObjectId | null) => string> {
  const ids = [
    ...new Set(
      entries
        .flatMap((e) => [e.actorId, e.subjectId])
        .filter((id): id is Types.ObjectId => id !== null)
        .map(String),
    ),
  ];
  const users = ids.length === 0 ? [] : await User.find({ _id: { $in: ids.map((id) => new Types.ObjectId(id)) } }, { name: 1 }).lean();
  const names = new Map(users.map((u) => [String(u._id), u.name]));
  return (id) => (id ? (names.get(String(id)) ?? DELETED_USER_NAME) : DELETED_USER_NAME);
}

/** Presents entries for an admin, with the names of the people they name ("Deleted user" for a gone account). */
async function presentEntries(entries: readonly EntryDoc[]): Promise<AccessLogEntryJson[]> {
  const nameOf = await namesOf(entries);
  return entries.map((e) => ({
    id: String(e._id),
    at: e.at.toISOString(),
    actor: { id: e.actorId ? String(e.actorId) : null, name: nameOf(e.actorId), role: e.actorRole },
    subject: { id: String(e.subjectId), name: nameOf(e.subjectId) },
    what: e.what,
    resourceId: e.resourceId ?? null,
    ip: e.ip ?? 'unknown',
  }));
}

/**
 * One page of the access log, newest first (`GET /api/admin/privacy/access-log`,
 * docs/product.md#access-log): `{entries, total}`, `total` counting every matching entry. Three queries.
 * @param page 1-based
 * @param limit entries per page, 1–100
 */
export async function listAccessLog(filter: AccessLogFilter, page: number, limit: number): Promise<AccessLogPageJson> {
  await flushAccessLog();
  const query = queryOf(filter);
  const [docs, total] = await Promise.all([
    AccessLogEntry.find(query)
      .sort({ at: -1, _id: -1 })
      .skip((page - 1) * limit)
      .limit(limit)
      .lean<EntryDoc[]>(),
    AccessLogEntry.countDocuments(query),
  ]);
  return { entries: await presentEntries(docs), total };
}

/** The columns of the access log's CSV file, in order. */
export const ACCESS_LOG_CSV_COLUMNS = ['at', 'actorId', 'actorName', 'actorRole', 'subjectId', 'subjectName', 'what', 'resourceId', 'ip'] as const;

/** Entries read per round trip while the CSV file is written. */
const CSV_BATCH = 500;

/** The CSV text of the log matching `filter`, newest first, a header row and then a batch at a time. */
async function* csvChunks(filter: AccessLogFilter): AsyncGenerator<string> {
  await flushAccessLog();
  yield stringify([[...ACCESS_LOG_CSV_COLUMNS]], { cast: SAFE_CSV_CAST });
  const query = queryOf(filter);
  for (let skip = 0; ; skip += CSV_BATCH) {
    const docs = await AccessLogEntry.find(query).sort({ at: -1, _id: -1 }).skip(skip).limit(CSV_BATCH).lean<EntryDoc[]>();
    if (docs.length === 0) return;
    const rows = (await presentEntries(docs)).map((e) => [e.at, e.actor.id ?? '', e.actor.name, e.actor.role, e.subject.id, e.subject.name, e.what, e.resourceId ?? '', e.ip]);
    yield stringify(rows, { cast: SAFE_CSV_CAST });
    if (docs.length < CSV_BATCH) return;
  }
}

/**
 * The access log matching `filter` as a CSV file (`?format=csv`, docs/product.md#access-log): a
 * header row of {@link ACCESS_LOG_CSV_COLUMNS}, then every entry newest first, streamed.
 */
export function accessLogCsv(filter: AccessLogFilter): WebReadableStream<Uint8Array> {
  return Readable.toWeb(Readable.from(csvChunks(filter), { objectMode: false })) as WebReadableStream<Uint8Array>;
}

/** How a student's own log names the classmate of a `peer_listen` entry: never by name (docs/product.md#talk-partners). */
export const PEER_LISTENER_NAME = 'A classmate';

/**
 * A student's own log (`GET /api/privacy/access-log`, docs/product.md#access-log): the entries about
 * them of the last {@link OWN_ACCESS_LOG_DAYS} days, newest first, as `{at, actor: {name, role}, what}`;
 * a classmate who listened is {@link PEER_LISTENER_NAME}. At most 500 entries. Two queries.
 */
export async function ownAccessLog(studentId: Types.ObjectId, now = new Date()): Promise<OwnAccessLogEntryJson[]> {
  await flushAccessLog();
  const since = new Date(now.getTime() - OWN_ACCESS_LOG_DAYS * DAY_MS);
  const docs = await AccessLogEntry.find({ subjectId: studentId, at: { $gte: since } })
    .sort({ at: -1, _id: -1 })
    .limit(500)
    .lean<EntryDoc[]>();
  const nameOf = await namesOf(docs);
  return docs.map((e) => ({
    at: e.at.toISOString(),
    actor: { name: e.what === 'peer_listen' ? PEER_LISTENER_NAME : nameOf(e.actorId), role: e.actorRole },
    what: e.what,
  }));
}

/** The cut-off of the access log's retention: entries before it are removed (docs/product.md#retention). */
export function accessLogCutoff(now: Date): Date {
  return new Date(now.getTime() - ACCESS_LOG_RETENTION_DAYS * DAY_MS);
}

import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { stringify } from 'csv-stringify/sync';
import type { Context } from 'hono';
import { Types } from 'mongoose';
import { ACCESS_LOG_RETENTION_DAYS, AccessLogEntry, ROLES, User, type AccessActorRole, type AccessKind } from '../db/models/index.js';
import type { AccessLogEntryJson, AccessLogPageJson, OwnAccessLogEntryJson } from '../presenters/accessLog.js';
import { DELETED_USER_NAME } from '../presenters/chatMessage.js';
import { clientIp } from '../security/clientIp.js';

/**
 * The access log (docs/product.md#access-log, docs/decisions/0029-access-log-and-retention.md):
 * who other than a student opened that student's recording audio, Oracy profile or data export.
 * Written by {@link recordAccess} before the answer is sent; read by admins (a filtered page or a
 * CSV file) and by the student (their last 90 days). Removed after a year by the retention job
 * (`services/retention.ts`).
 */

/** How far back a student sees their own log, days (docs/product.md#access-log). */
export const OWN_ACCESS_LOG_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether the client's address is read from `X-Forwarded-For`: `TRUST_PROXY`, set once by `createApp`. */
let trustProxy = false;

/** Tells the access log how to read the client's address (`createApp` does, with `TRUST_PROXY`). */
export function configureAccessLog(opts: { trustProxy: boolean }): void {
  trustProxy = opts.trustProxy;
}

const ROLE_WORDS: Readonly<Record<number, AccessActorRole>> = { [ROLES.admin]: 'admin', [ROLES.teacher]: 'teacher', [ROLES.student]: 'student' };

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
 * `AccessLogEntry` `{at, actorId, actorRole, subjectId, what, resourceId, ip}`, inserted and
 * acknowledged by the database before this resolves — await it before answering, so that an
 * answer that was sent always has its entry. Nothing is recorded for the student's own reads, or
 * without a signed-in user. One insert (about 1 ms on the embedded database); start it beside
 * the read and await both to hide it (`Promise.all`). The "Download my data" route calls it with
 * `what: 'privacy_export'` when someone other than the student downloads their export.
 * @throws what the insert throws (the database is down: the route answers 503 and sends nothing)
 */
export async function recordAccess(c: Context, record: AccessRecord): Promise<void> {
  const actor = (c.get as (key: string) => { _id: Types.ObjectId; role: number } | null | undefined)('user');
  if (!actor) return;
  const subjectId = new Types.ObjectId(String(record.subjectId));
  if (subjectId.equals(actor._id)) return;
  // the driver's insert: the values are ours, and Mongoose's document machinery would cost more than the write.
  await AccessLogEntry.collection.insertOne({
    at: new Date(),
    actorId: actor._id,
    actorRole: ROLE_WORDS[actor.role] ?? 'admin',
    subjectId,
    what: record.what,
    resourceId: String(record.resourceId).toLowerCase(),
    ip: clientIp(c, trustProxy),
  });
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
  const ids = [...new Set(entries.flatMap((e) => [e.actorId, e.subjectId]).filter((id): id is Types.ObjectId => id !== null).map(String))];
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
  yield stringify([[...ACCESS_LOG_CSV_COLUMNS]]);
  const query = queryOf(filter);
  for (let skip = 0; ; skip += CSV_BATCH) {
    const docs = await AccessLogEntry.find(query).sort({ at: -1, _id: -1 }).skip(skip).limit(CSV_BATCH).lean<EntryDoc[]>();
    if (docs.length === 0) return;
    const rows = (await presentEntries(docs)).map((e) => [e.at, e.actor.id ?? '', e.actor.name, e.actor.role, e.subject.id, e.subject.name, e.what, e.resourceId ?? '', e.ip]);
    yield stringify(rows);
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

/**
 * A student's own log (`GET /api/privacy/access-log`, docs/product.md#access-log): the entries about
 * them of the last {@link OWN_ACCESS_LOG_DAYS} days, newest first, as `{at, actor: {name, role}, what}`.
 * At most 500 entries. Two queries.
 */
export async function ownAccessLog(studentId: Types.ObjectId, now = new Date()): Promise<OwnAccessLogEntryJson[]> {
  const since = new Date(now.getTime() - OWN_ACCESS_LOG_DAYS * DAY_MS);
  const docs = await AccessLogEntry.find({ subjectId: studentId, at: { $gte: since } })
    .sort({ at: -1, _id: -1 })
    .limit(500)
    .lean<EntryDoc[]>();
  const nameOf = await namesOf(docs);
  return docs.map((e) => ({
    at: e.at.toISOString(),
    actor: { name: nameOf(e.actorId), role: e.actorRole },
    what: e.what,
  }));
}

/** The cut-off of the access log's retention: entries before it are removed (docs/product.md#retention). */
export function accessLogCutoff(now: Date): Date {
  return new Date(now.getTime() - ACCESS_LOG_RETENTION_DAYS * DAY_MS);
}

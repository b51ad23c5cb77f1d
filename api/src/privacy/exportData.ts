import mongoose, { Types } from 'mongoose';
import { Course } from '../courses/courseModel.js';
import { SpeakingTask } from '../speaking/model.js';
import { Assignment } from '../assignments/model.js';
import { User } from '../people/userModel.js';
import { roleWord } from '../auth/roles.js';
import type { Language } from '../platform/http/fields.js';
import { flushAccessLog } from './accessLog.js';
import { readSchoolLanguage } from '../settings/language.js';
import type { UploadStores } from '../platform/uploads.js';
import { PRIVACY_REGISTER, collectionOf, ownerFilter, type OwnerRole, type RegisterEntry } from './register.js';

/**
 * What an export ("Download my data", docs/product.md#download-my-data) holds of one person, read
 * through the privacy register (docs/personal-data.md): for every entry whose `export.included` is
 * true, the records that name the person at an owner path of the roles the entry exports
 * (`export.roles`, default `subject` and `author`), as JSON. Nothing of another person but a name
 * the app shows them: another person's id at an owner path becomes `<field>Name` (a teacher on
 * feedback, a student on feedback a teacher wrote), or goes altogether where that person only
 * acted (the admin who decided a complaint) — unless the entry's `export.names` keeps their name
 * (the staff who opened a student's data: name and role, never their IP address).
 */

/** Fields never exported, whatever the register says: secrets stored as hashes. */
export const NEVER_EXPORTED = ['passwordHash', 'tokenHash'] as const;

/** A file of the person's, to copy from an upload store into the archive. */
export interface ExportFile {
  store: keyof UploadStores;
  /** its key in the store */
  name: string;
  /** where it goes in the archive, e.g. `files/recordings/<record id>.webm` */
  path: string;
}

/** One exported record: plain JSON, ids as strings, dates as ISO 8601 strings. */
export type ExportRecord = Record<string, unknown>;

/** Everything an export holds. */
export interface ExportData {
  /** `data.json`: when it was made, whose it is, and one key per collection (`users`, `recordings` …) */
  json: {
    exportedAt: string;
    subject: { id: string; name: string; role: string };
    collections: Record<string, ExportRecord[]>;
  };
  files: ExportFile[];
  /** the language of `index.html`: the person's own choice, or the school's (docs/product.md#language) */
  language: Language;
}

/** The roles an entry's records are exported for. */
const rolesOf = (entry: RegisterEntry): readonly OwnerRole[] => entry.export.roles ?? ['subject', 'author'];

/** Plain JSON of a lean value: ObjectIds as strings, dates as ISO strings, Maps as objects, binary dropped. */
function plain(value: unknown): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Types.ObjectId) return String(value);
  if (value instanceof Map) return Object.fromEntries([...value].map(([k, v]) => [k, plain(v)]));
  if (Buffer.isBuffer(value) || value instanceof Uint8Array || value instanceof mongoose.mongo.Binary) return undefined;
  if (Array.isArray(value)) return value.map(plain);
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      const p = plain(v);
      if (p !== undefined) out[key === '_id' ? 'id' : key] = p;
    }
    return out;
  }
  return value;
}

/** The value at a dot path of a document, or undefined. */
export function valueAt(doc: unknown, path: string): unknown {
  let value: unknown = doc;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** Removes the dot path `path` from `doc` (in place). */
function removeAt(doc: Record<string, unknown>, path: string): void {
  const keys = path.split('.');
  const last = keys.pop()!;
  const parent = keys.length ? valueAt(doc, keys.join('.')) : doc;
  if (parent && typeof parent === 'object') delete (parent as Record<string, unknown>)[last];
}

/** `teacherId` → `teacherName`, `decidedBy` → `decidedByName`. */
const nameField = (path: string) => `${path.replace(/Id$/, '')}Name`;

/** Titles of the records at `courseId`, `taskId` and `assignmentId`, to add beside them. */
const TITLED: readonly { field: string; model: mongoose.Model<{ title: string }> }[] = [
  { field: 'courseId', model: Course as unknown as mongoose.Model<{ title: string }> },
  { field: 'taskId', model: SpeakingTask as unknown as mongoose.Model<{ title: string }> },
  { field: 'assignmentId', model: Assignment as unknown as mongoose.Model<{ title: string }> },
];

/** The file extension of a stored key (`.webm`), or empty. */
const extOf = (name: string) => /\.[A-Za-z0-9]{1,8}$/.exec(name)?.[0] ?? '';

/** What the records of an export point to, resolved once every entry has been read. */
interface ExportRefs {
  /** another person's id → the records holding `{ pending: id }` for their name */
  otherPeople: Map<string, Record<string, unknown>[]>;
  /** a course, task or assignment id → the records naming it, by field */
  titled: Map<string, { field: string; record: Record<string, unknown> }[]>;
  files: ExportFile[];
}

/** Appends `item` to the list at `key` of `map`. */
function pushAt<T>(map: Map<string, T[]>, key: string, item: T): void {
  const list = map.get(key) ?? [];
  list.push(item);
  map.set(key, list);
}

/** True when the entry's `export.namelessWhen` matches the record: it names nobody else. */
const nameless = (record: Record<string, unknown>, entry: RegisterEntry) =>
  entry.export.namelessWhen !== undefined && Object.entries(entry.export.namelessWhen).every(([path, value]) => valueAt(record, path) === value);

/**
 * One record of an entry as exported: secrets and omitted fields gone, other people's ids left as
 * pending names (or dropped, for actors), titles and files noted in `refs`.
 */
function exportRecord(doc: Record<string, unknown>, entry: RegisterEntry, key: string, userId: string, refs: ExportRefs): ExportRecord {
  const record = plain(doc) as Record<string, unknown>;
  for (const path of [...NEVER_EXPORTED, ...(entry.export.omit ?? [])]) removeAt(record, path);
  for (const owner of entry.owners) {
    if (owner.path === '_id') continue;
    const value = valueAt(record, owner.path);
    if (value === null || value === undefined) continue;
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- an owner field holds an ObjectId or its text
    const id = String(value);
    if (id === userId) continue;
    removeAt(record, owner.path);
    if (owner.role === 'actor' && !entry.export.names?.includes(owner.path)) continue;
    if (nameless(record, entry)) continue;
    pushAt(refs.otherPeople, id, record);
    record[nameField(owner.path)] = { pending: id };
  }
  for (const { field } of TITLED) {
    const value = record[field];
    if (typeof value === 'string') pushAt(refs.titled, value, { field, record });
  }
  for (const file of entry.files ?? []) {
    const name = valueAt(doc, file.path);
    if (typeof name !== 'string' || !name) continue;
    // removed by the school's retention: the record says so (`audioRemovedAt`), there is nothing to copy.
    if (file.goneWhen && valueAt(doc, file.goneWhen)) {
      record.fileInArchive = null;
      continue;
    }
    const path = `files/${key}/${String(doc._id)}${extOf(name)}`;
    refs.files.push({ store: file.store, name, path });
    record.fileInArchive = path;
  }
  return record;
}

/** Names of the other people the records name: one query. */
async function fillNames(otherPeople: ExportRefs['otherPeople']): Promise<void> {
  const people = await User.find({ _id: { $in: [...otherPeople.keys()].map((k) => new Types.ObjectId(k)) } }, { name: 1 }).lean();
  const names = new Map(people.map((p) => [String(p._id), p.name]));
  for (const [personId, records] of otherPeople) {
    for (const record of records) {
      for (const [field, value] of Object.entries(record)) {
        if (value && typeof value === 'object' && (value as { pending?: string }).pending === personId) record[field] = names.get(personId) ?? null;
      }
    }
  }
}

/** Titles of the courses, tasks and assignments the records name, beside their ids. */
async function fillTitles(titled: ExportRefs['titled']): Promise<void> {
  for (const { field, model } of TITLED) {
    const ids = [...titled.entries()].filter(([, uses]) => uses.some((u) => u.field === field)).map(([k]) => k);
    if (ids.length === 0) continue;
    const found = await model.find({ _id: { $in: ids.map((k) => new Types.ObjectId(k)) } }, { title: 1 }).lean();
    const titles = new Map(found.map((f) => [String(f._id), f.title]));
    for (const id of ids) {
      for (const use of titled.get(id)!) if (use.field === field) use.record[field.replace(/Id$/, 'Title')] = titles.get(id) ?? null;
    }
  }
}

/**
 * Collects a person's data by the register. Reads every record of an entry at once (a person's
 * records are hundreds, not millions); the files are only listed here and streamed later.
 * @param userId the person, 24 hex digits
 * @returns null when there is no such user
 */
export async function collectExportData(userId: string, now: Date = new Date()): Promise<ExportData | null> {
  const id = new Types.ObjectId(userId);
  await flushAccessLog();
  const [user, schoolLanguage] = await Promise.all([User.findById(id, { name: 1, role: 1, language: 1 }).lean(), readSchoolLanguage()]);
  if (!user) return null;
  const collections: Record<string, ExportRecord[]> = {};
  const refs: ExportRefs = { otherPeople: new Map(), titled: new Map(), files: [] };
  const files = refs.files;

  for (const entry of PRIVACY_REGISTER) {
    if (!entry.export.included) continue;
    const roles = rolesOf(entry);
    const filters = entry.owners
      .filter((o) => roles.includes(o.role))
      .map((o) => (entry.export.where?.[o.path] ? { $and: [ownerFilter(o, id), entry.export.where[o.path]] } : ownerFilter(o, id)));
    if (filters.length === 0) continue;
    const docs = await mongoose
      .model(entry.model)
      .find(filters.length === 1 ? filters[0]! : { $or: filters })
      .sort({ _id: 1 })
      .lean<Record<string, unknown>[]>();
    const key = collectionOf(entry);
    collections[key] = docs.map((doc) => exportRecord(doc, entry, key, userId, refs));
  }
  await fillNames(refs.otherPeople);
  await fillTitles(refs.titled);

  return {
    json: {
      exportedAt: now.toISOString(),
      subject: { id: userId, name: user.name, role: roleWord(user.role) ?? String(user.role) },
      collections,
    },
    files,
    language: (user.language as Language | null | undefined) ?? schoolLanguage,
  };
}

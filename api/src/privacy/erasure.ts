import mongoose, { type Types } from 'mongoose';
import { flushAccessLog } from './accessLog.js';
import type { UploadStores } from '../platform/uploads.js';
import { PRIVACY_REGISTER, linksTo, ownerFilter, storedId, type OwnerPath, type RegisterEntry } from './register.js';

/**
 * Erasure driven by the privacy register (docs/personal-data.md, docs/product.md#privacy): every
 * path of every model that names a person gets the behaviour its entry declares, records linked to
 * removed records go with them, and files named by removed records leave the upload stores. The
 * register is the only list of models: a model added to it is erased without a change here.
 */

/** A file to remove once the records naming it are gone. */
interface FileToRemove {
  store: keyof UploadStores;
  name: string;
}

/** The value at a dot path of a lean document, or undefined. */
function valueAt(doc: unknown, path: string): unknown {
  let value: unknown = doc;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** The Mongoose model of an entry. */
const modelOf = (entry: RegisterEntry) => mongoose.model(entry.model);

/** The file fields of `entry` that the fields `set` replaces (a file's own path, or a parent of it). */
function filesClearedBy(entry: RegisterEntry, set: readonly string[]) {
  return (entry.files ?? []).filter((file) => set.some((key) => file.path === key || file.path.startsWith(`${key}.`)));
}

/** Adds to `files` the stored names at `fields` of the records matching `filter`. */
async function collectFiles(entry: RegisterEntry, filter: Record<string, unknown>, fields: readonly { path: string; store: keyof UploadStores }[], files: FileToRemove[]) {
  if (fields.length === 0) return;
  const docs = await modelOf(entry)
    .find(filter)
    .select(Object.fromEntries(fields.map((f) => [f.path, 1])))
    .lean();
  for (const doc of docs) {
    for (const field of fields) {
      const name = valueAt(doc, field.path);
      if (typeof name === 'string' && name) files.push({ store: field.store, name });
    }
  }
}

/**
 * Deletes the records of `entry` matching `filter`, after the records of other models linked to
 * them (their feedback, their delivery reports, their background work: depth first), and adds
 * their files to `files`.
 */
async function deleteRecords(entry: RegisterEntry, filter: Record<string, unknown>, files: FileToRemove[]): Promise<void> {
  const fields = entry.files ?? [];
  const docs = await modelOf(entry)
    .find(filter)
    .select({ _id: 1, ...Object.fromEntries(fields.map((f) => [f.path, 1])) })
    .lean();
  if (docs.length === 0) return;
  const ids = docs.map((doc) => doc._id as Types.ObjectId);
  for (const doc of docs) {
    for (const field of fields) {
      const name = valueAt(doc, field.path);
      if (typeof name === 'string' && name) files.push({ store: field.store, name });
    }
  }
  for (const { entry: child, link } of linksTo(entry.model)) {
    await deleteRecords(child, { [link.path]: { $in: ids.map((id) => storedId(id, link.idType)) } }, files);
  }
  await modelOf(entry).deleteMany({ _id: { $in: ids } });
}

/** Applies one owner path's erasure behaviour to the records naming `userId` there. */
async function eraseAt(entry: RegisterEntry, owner: OwnerPath, userId: Types.ObjectId, files: FileToRemove[]): Promise<void> {
  const filter = ownerFilter(owner, userId);
  if (owner.onErasure === 'delete') return deleteRecords(entry, filter, files);
  if (owner.onErasure === 'detach') {
    await modelOf(entry).updateMany(filter, { $set: { [owner.path]: null } });
    return;
  }
  if (owner.deleteIf) await deleteRecords(entry, { $and: [filter, owner.deleteIf] }, files);
  const set = { [owner.path]: null, ...owner.replaceWith };
  await collectFiles(entry, filter, filesClearedBy(entry, Object.keys(set)), files);
  await modelOf(entry).updateMany(filter, { $set: set });
}

/** True for the owner path of the user record itself. */
const isUserRecord = (entry: RegisterEntry, owner: OwnerPath) => entry.model === 'User' && owner.path === '_id';

/**
 * Erases a person by the register (docs/product.md#privacy): their sessions first, so that they
 * cannot act while the rest goes; then every other owner path of every entry (`delete`,
 * `anonymise`, `detach`), records linked to deleted ones with them; then the files those records
 * and the user record (their photo) named, from the upload stores (disk or GridFS); the user record last, so that a failure half-way
 * leaves a user an admin can delete again to finish. No transactions (docs/decisions/0013-no-transactions.md).
 * Checks nothing: the caller (`deletePerson`) has applied the guards.
 * @param stores the upload stores the files live in
 */
export async function erasePerson(userId: Types.ObjectId, stores: UploadStores): Promise<void> {
  // entries about them still in this process's journal would otherwise arrive after the erasure.
  await flushAccessLog();
  const files: FileToRemove[] = [];
  const steps = PRIVACY_REGISTER.flatMap((entry) => entry.owners.map((owner) => ({ entry, owner })));
  const first = steps.filter((s) => s.entry.model === 'Session');
  const last = steps.filter((s) => isUserRecord(s.entry, s.owner));
  const middle = steps.filter((s) => !first.includes(s) && !last.includes(s));
  for (const step of [...first, ...middle]) await eraseAt(step.entry, step.owner, userId, files);
  // the user record's own files (their profile photo) go with the others, before the record itself.
  for (const step of last) await collectFiles(step.entry, ownerFilter(step.owner, userId), step.entry.files ?? [], files);
  for (const file of files) await stores[file.store].remove(file.name);
  for (const step of last) await eraseAt(step.entry, step.owner, userId, files);
}

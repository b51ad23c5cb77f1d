import type { Schema } from 'mongoose';

/** A function told after a write to a watched model; the write's caller waits for its promise. */
export type WriteListener = () => Promise<void> | void;

/** Watched model name → its listeners. */
const listeners = new Map<string, Set<WriteListener>>();

/** The Mongoose query writes that change documents in place. */
const QUERY_WRITES = ['updateOne', 'updateMany', 'replaceOne', 'deleteOne', 'deleteMany', 'findOneAndUpdate', 'findOneAndReplace', 'findOneAndDelete'];

/** Tells the other API processes that model `name` was written; never rejects. */
export type WriteBroadcast = (name: string) => Promise<void>;

let broadcast: WriteBroadcast | undefined;

/** Runs this process's listeners of `name`. */
async function tellHere(name: string): Promise<void> {
  const set = listeners.get(name);
  if (!set || set.size === 0) return;
  // eslint-disable-next-line @typescript-eslint/await-thenable -- a listener returns a promise or nothing
  await Promise.all([...set].map((listener) => listener()));
}

/** After a write here: this process's listeners, then the other processes, before the write's caller goes on. */
async function tell(name: string): Promise<void> {
  await tellHere(name);
  await broadcast?.(name);
}

/**
 * Sets how a write to a watched model reaches the other API processes
 * (Redis pub/sub when `REDIS_URL` is set, see `platform/cluster/redis.ts`);
 * `undefined` turns it off (one process). Mongoose awaits it, so a sign-out
 * or a role change has been announced before its answer is sent.
 */
export function setWriteBroadcast(fn: WriteBroadcast | undefined): void {
  broadcast = fn;
}

/**
 * Runs this process's listeners for a write another process announced, without announcing it
 * again. Unknown names are ignored.
 */
export function applyRemoteWrite(name: string): Promise<void> {
  return tellHere(name);
}

/**
 * Makes every Mongoose write to the model of `schema` — query writes,
 * document `save()` / `deleteOne()` and `insertMany()` — tell the listeners registered for
 * `name` with `onWrites` (in-process caches emptied by the writes
 * that could change them: passed on to the other processes).
 * Must run before the model is compiled: document middleware added later
 * never runs. Writes through the raw driver (`Model.collection`) are not seen.
 */
export function watchWrites(schema: Schema, name: string): void {
  schema.post(QUERY_WRITES as never, () => tell(name));
  schema.post(['save', 'deleteOne'] as never, { document: true, query: false }, () => tell(name));
  // Model.insertMany (assign-courses, the seed) makes no document middleware run.
  schema.post('insertMany', () => tell(name));
}

/**
 * Registers `listener` for the writes of the watched model `name`
 * (`'Session'`, `'User'`). @returns a function that removes it.
 */
export function onWrites(name: string, listener: WriteListener): () => void {
  let set = listeners.get(name);
  if (!set) listeners.set(name, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

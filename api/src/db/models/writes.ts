import type { Schema } from 'mongoose';

/** A function told after a write to a watched model; the write's caller waits for its promise. */
export type WriteListener = () => Promise<void> | void;

/** Watched model name → its listeners. */
const listeners = new Map<string, Set<WriteListener>>();

/** The Mongoose query writes that change documents in place. */
const QUERY_WRITES = ['updateOne', 'updateMany', 'replaceOne', 'deleteOne', 'deleteMany', 'findOneAndUpdate', 'findOneAndReplace', 'findOneAndDelete'];

async function tell(name: string): Promise<void> {
  const set = listeners.get(name);
  if (!set || set.size === 0) return;
  await Promise.all([...set].map((listener) => listener()));
}

/**
 * Makes every Mongoose write to the model of `schema` — query writes,
 * document `save()` / `deleteOne()` and `insertMany()` — tell the listeners registered for
 * `name` with `onWrites` (issue 9: in-process caches emptied by the writes
 * that could change them; issue 10: passed on to the other processes).
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

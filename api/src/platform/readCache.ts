import { onWrites } from './db/writes.js';

/**
 * Short-lived in-process caches of whole read results ("the API
 * must not be the bottleneck"). On the embedded FerretDB whatever its pushdown
 * leaves in Go (operators such as `$in`, regular expressions) reads the whole
 * collection, and every read is a round trip to another process; these reads
 * are asked far more often than what they read changes
 * (docs/architecture.md#the-embedded-database).
 *
 * Each cache is emptied at once by any Mongoose write to the models it reads
 * (`platform/db/writes.ts`, in this process), so a process always sees its own
 * writes. Writes made by another API process are seen after at most
 * `READ_CACHE_TTL_MS` — or at once with `REDIS_URL` set, since every
 * process announces its writes to the watched models through Redis pub/sub
 * and the others run their listeners for them (`platform/cluster/redis.ts`).
 */

/** How long a cached result is used, in ms: bounds what another process's writes can leave stale. */
export const READ_CACHE_TTL_MS = 5000;

interface Entry<V> {
  value: V;
  /** epoch ms after which the entry is not used */
  until: number;
}

/**
 * A keyed cache of one read. `get(key, load)` answers from the cache while
 * the entry is fresh; otherwise it runs `load` — once for all the callers
 * that ask for the same key meanwhile — and keeps the result unless a write
 * to one of `models` happened while it ran (it may have changed what was
 * read; that result is still returned to its callers, as it was read
 * concurrently with the write).
 */
export class ReadCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly loading = new Map<string, Promise<V>>();
  private generation = 0;

  /**
   * @param models the Mongoose model names whose writes empty this cache (`'User'`, `'Enrollment'` …); each must be watched with `watchWrites`
   * @param max most keys kept; the oldest go first
   */
  constructor(
    readonly models: readonly string[],
    private readonly max = 1000,
  ) {
    for (const model of models) onWrites(model, () => this.clear());
  }

  /** The cached value of `key`, or what `load()` resolves to (loaded once for concurrent callers). Rejections are not cached. */
  get(key: string, load: () => Promise<V>): Promise<V> {
    const entry = this.entries.get(key);
    if (entry && entry.until > Date.now()) return Promise.resolve(entry.value);
    const pending = this.loading.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const promise = load().then(
      (value) => {
        if (this.loading.get(key) === promise) this.loading.delete(key);
        if (generation === this.generation) this.remember(key, value);
        return value;
      },
      (err: unknown) => {
        if (this.loading.get(key) === promise) this.loading.delete(key);
        throw err;
      },
    );
    this.loading.set(key, promise);
    return promise;
  }

  /** Forgets every entry and every load under way (later callers read the database again). */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.loading.clear();
  }

  private remember(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, until: Date.now() + READ_CACHE_TTL_MS });
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }
}

import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { Types } from 'mongoose';
import type { AccessActorRole, AccessKind } from './accessLogModel.js';

/**
 * The durable local journal in front of the access log (docs/decisions/0029-access-log-and-retention.md,
 * docs/architecture.md#the-access-log): a staff read appends its entry to a file in this process's
 * journal folder before the answer is sent (one `write(2)`, a few microseconds), and the entries
 * reach the `AccessLogEntry` collection in batches. A crash of the process, or of the database,
 * loses nothing: the file is on disk, and the next process to start on this `DATA_DIR` inserts what
 * a dead process left. Every entry carries its `_id` from the start, so an entry inserted twice
 * (a batch inserted, then the process died before removing its file) is stored once.
 */

/** One access-log entry as stored (`AccessLogEntry`), its `_id` chosen by the journal. */
export interface JournalEntry {
  _id: Types.ObjectId;
  at: Date;
  actorId: Types.ObjectId;
  actorRole: AccessActorRole;
  subjectId: Types.ObjectId;
  what: AccessKind;
  resourceId: string;
  ip: string;
}

/** How entries reach the collection: an unordered bulk insert in which a duplicate `_id` is not an error. */
export type InsertEntries = (entries: readonly JournalEntry[]) => Promise<void>;

/** The journal of one process: see the module's comment. */
export interface AccessJournal {
  /**
   * Writes `entry` to the journal file, synchronously: when this returns, the entry survives a crash.
   * @throws the file system's error (a full disk): the read must then fail, as when the database is down
   */
  append(entry: Omit<JournalEntry, '_id'>): JournalEntry;
  /**
   * Inserts every entry written so far, and what a dead process left, before it resolves: a read of
   * the log (or an erasure, an export) calls it first so that it sees every entry this process wrote.
   * @throws the insert's error; the entries stay in their files for the next attempt
   */
  flush(): Promise<void>;
  /** Flushes, then stops the timer; entries that could not be inserted stay on disk for the next start. */
  close(): Promise<void>;
}

/** How long an entry waits in the journal at most before its batch is inserted, ms. */
export const JOURNAL_FLUSH_MS = 200;
/** A batch this large is inserted at once, without waiting for the timer. */
const BATCH_ENTRIES = 200;
/** A journal file's name: `<pid>-<the process's random token>-<sequence>.ndjson`. */
const FILE_NAME = /^(\d+)-([0-9a-f]{16})-(\d+)\.ndjson$/;

/** The journal line of one entry (newline included): ids as hex, the time as ms. */
export function encodeJournal(entry: JournalEntry): string {
  return `${JSON.stringify({ ...entry, _id: entry._id.toHexString(), at: entry.at.getTime(), actorId: entry.actorId.toHexString(), subjectId: entry.subjectId.toHexString() })}\n`;
}

/** The entries of a journal file's text; a torn last line (the process died while writing it) is skipped. */
export function decodeJournal(text: string): JournalEntry[] {
  const entries: JournalEntry[] = [];
  for (const line of text.split('\n')) {
    if (!line) continue;
    try {
      const raw = JSON.parse(line) as Record<string, string | number>;
      entries.push({
        _id: new Types.ObjectId(String(raw._id)),
        at: new Date(Number(raw.at)),
        actorId: new Types.ObjectId(String(raw.actorId)),
        actorRole: raw.actorRole as AccessActorRole,
        subjectId: new Types.ObjectId(String(raw.subjectId)),
        what: raw.what as AccessKind,
        resourceId: String(raw.resourceId),
        ip: String(raw.ip),
      });
    } catch {
      // only the last line can be torn: its write was never acknowledged, so no answer depended on it.
    }
  }
  return entries;
}

/** Whether a process with this id runs on this machine. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes a journal file; one already gone (another journal of this pid took it as a dead one's) is fine. */
function removeFile(path: string): void {
  try {
    unlinkSync(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

/** A file of entries this process wrote: its name, its descriptor while open, and its entries. */
interface Segment {
  path: string;
  fd: number | null;
  entries: JournalEntry[];
}

/**
 * The segments in `dir` of processes no longer running: another pid not alive, or this pid with
 * another token (a restarted container).
 */
function orphanSegments(dir: string, token: string): Segment[] {
  const found: Segment[] = [];
  if (!existsSync(dir)) return found;
  for (const name of readdirSync(dir)) {
    const match = FILE_NAME.exec(name);
    if (!match || match[2] === token) continue;
    const pid = Number(match[1]);
    if (pid !== process.pid && alive(pid)) continue;
    const path = join(dir, name);
    found.push({ path, fd: null, entries: decodeJournal(readFileSync(path, 'utf8')) });
  }
  return found;
}

/** Opens segment file number `sequence` of this process for appending (0600); the first one makes `dir` (0700). */
function openSegment(dir: string, token: string, sequence: number): Segment {
  if (sequence === 0) mkdirSync(dir, { recursive: true, mode: 0o700 });
  const path = join(dir, `${process.pid}-${token}-${sequence}.ndjson`);
  return { path, fd: openSync(path, 'a', 0o600), entries: [] };
}

/**
 * Opens this process's journal in `dir` (made at the first entry). Writing starts a segment file; each
 * flush closes the open segment and inserts its entries, then removes the file. Segments of
 * processes no longer running (another pid not alive, or this pid with another token: a restarted
 * container) are inserted and removed by the first flush.
 * @param options.insert the bulk insert into the collection
 * @param options.flushMs the longest an entry waits before its batch is inserted, ms (default {@link JOURNAL_FLUSH_MS})
 * @param options.onError told when a timed flush fails (it is retried by the next)
 */
export function openAccessJournal(dir: string, options: { insert: InsertEntries; flushMs?: number; onError?: (err: unknown) => void }): AccessJournal {
  const token = randomBytes(8).toString('hex');
  const flushMs = options.flushMs ?? JOURNAL_FLUSH_MS;
  let sequence = 0;
  let open: Segment | null = null;
  /** closed segments whose entries are not inserted yet, oldest first */
  const closed: Segment[] = [];
  let orphansLeft = true;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  const insertClosed = async (): Promise<void> => {
    if (orphansLeft) {
      closed.unshift(...orphanSegments(dir, token));
      orphansLeft = false;
    }
    while (closed.length > 0) {
      const segment = closed[0]!;
      if (segment.entries.length > 0) await options.insert(segment.entries);
      removeFile(segment.path);
      closed.shift();
    }
  };

  const closeOpen = (): void => {
    if (!open) return;
    if (open.fd !== null) closeSync(open.fd);
    open.fd = null;
    closed.push(open);
    open = null;
  };

  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    // one flush at a time; a later one also inserts what was written while the earlier ran.
    running = running
      .catch(() => undefined)
      .then(async () => {
        closeOpen();
        await insertClosed();
      });
    return running;
  };

  const schedule = (): void => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      flush().catch((err) => {
        options.onError?.(err);
        schedule();
      });
    }, flushMs);
    timer.unref();
  };

  return {
    append(fields) {
      const entry: JournalEntry = { _id: new Types.ObjectId(), ...fields };
      if (!open) {
        open = openSegment(dir, token, sequence++);
      }
      writeSync(open.fd!, encodeJournal(entry));
      open.entries.push(entry);
      if (open.entries.length >= BATCH_ENTRIES) {
        flush().catch((err) => options.onError?.(err));
      } else schedule();
      return entry;
    },
    flush,
    async close() {
      try {
        await flush();
      } finally {
        if (timer) clearTimeout(timer);
        timer = undefined;
      }
    },
  };
}

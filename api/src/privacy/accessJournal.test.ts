import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Types } from 'mongoose';
import { describe, expect, it, vi } from 'vitest';
import { AccessLogEntry } from './accessLogModel.js';
import { isBulkDuplicateOnly } from '../platform/http/errors.js';
import { decodeJournal, encodeJournal, openAccessJournal, type JournalEntry } from './accessJournal.js';

/** docs/architecture.md#the-access-log: the journal in front of the access log. */

const here = dirname(fileURLToPath(import.meta.url));

/** The real bulk insert, as the access log does it. */
async function insert(entries: readonly JournalEntry[]): Promise<void> {
  try {
    await AccessLogEntry.collection.insertMany(
      entries.map((e) => ({ ...e })),
      { ordered: false },
    );
  } catch (err) {
    if (!isBulkDuplicateOnly(err)) throw err;
  }
}

function fields(subjectId: Types.ObjectId) {
  return { at: new Date(), actorId: new Types.ObjectId(), actorRole: 'teacher' as const, subjectId, what: 'oracy_profile' as const, resourceId: String(subjectId), ip: '127.0.0.1' };
}

const stored = (subjectId: Types.ObjectId) => AccessLogEntry.find({ subjectId }).sort({ _id: 1 }).lean();
const journalDir = () => mkdtempSync(join(tmpdir(), 'oracy-journal-'));

/** The id of a process that has ended: nothing runs under it now. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('the access log’s journal', () => {
  it('stores what was appended when flushed, and by itself within its interval', async () => {
    const subject = new Types.ObjectId();
    const dir = journalDir();
    const journal = openAccessJournal(dir, { insert, flushMs: 50 });
    const first = journal.append(fields(subject));
    await journal.flush();
    expect((await stored(subject)).map((e) => String(e._id))).toEqual([String(first._id)]);
    expect(readdirSync(dir)).toEqual([]);

    journal.append(fields(subject));
    await vi.waitFor(async () => expect(await stored(subject)).toHaveLength(2), { timeout: 5000, interval: 50 });
    await journal.close();
  });

  it('keeps the entries of a process killed before its flush, and the next journal on the folder stores them', async () => {
    const subject = new Types.ObjectId();
    const dir = journalDir();
    // the child appends three entries and dies at once (SIGKILL: no exit handler, no flush).
    const script = join(dir, '..', `journal-child-${subject.toString()}.ts`);
    writeFileSync(
      script,
      `import { Types } from ${JSON.stringify(createRequire(import.meta.url).resolve('mongoose'))};
import { openAccessJournal } from ${JSON.stringify(join(here, 'accessJournal.ts'))};
const journal = openAccessJournal(${JSON.stringify(dir)}, { insert: () => new Promise(() => {}), flushMs: 60_000 });
const subjectId = new Types.ObjectId(${JSON.stringify(String(subject))});
const ids = [1, 2, 3].map(() => String(journal.append({ at: new Date(), actorId: new Types.ObjectId(), actorRole: 'admin', subjectId, what: 'recording_audio', resourceId: 'r', ip: '::1' })._id));
process.stdout.write(JSON.stringify(ids));
process.kill(process.pid, 'SIGKILL');
`,
    );
    const child = spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', cwd: resolve(here, '../..') });
    expect(child.signal, child.stderr).toBe('SIGKILL');
    const ids = JSON.parse(child.stdout) as string[];
    expect(ids).toHaveLength(3);
    expect(await stored(subject)).toEqual([]);

    const next = openAccessJournal(dir, { insert });
    await next.flush();
    expect((await stored(subject)).map((e) => String(e._id))).toEqual(ids);
    expect(readdirSync(dir)).toEqual([]);
    await next.close();
  });

  it('stores an entry once when a dead process’s batch had reached the collection already, and skips a torn last line', async () => {
    const subject = new Types.ObjectId();
    const dir = journalDir();
    const writer = openAccessJournal(journalDir(), { insert });
    const a = writer.append(fields(subject));
    const b = writer.append(fields(subject));
    await writer.flush();
    // the dead process's file: a and b (inserted above, the file not yet removed), c, and half a line.
    const c = { ...fields(subject), _id: new Types.ObjectId() };
    const torn = encodeJournal(c).slice(0, 30);
    writeFileSync(join(dir, `${deadPid()}-0123456789abcdef-0.ndjson`), [a, b, c].map(encodeJournal).join('') + torn);
    expect(decodeJournal(encodeJournal(c) + torn)).toEqual([c]);

    const next = openAccessJournal(dir, { insert });
    await next.flush();
    expect((await stored(subject)).map((e) => String(e._id))).toEqual([a, b, c].map((e) => String(e._id)));
    expect(readdirSync(dir)).toEqual([]);
    await Promise.all([writer.close(), next.close()]);
  });

  it('keeps the entries on disk while the database refuses them, and stores them on the next flush', async () => {
    const subject = new Types.ObjectId();
    const dir = journalDir();
    let refuse = true;
    const journal = openAccessJournal(dir, {
      insert: async (entries) => {
        if (refuse) throw new Error('database unreachable');
        await insert(entries);
      },
      flushMs: 60_000,
    });
    journal.append(fields(subject));
    await expect(journal.flush()).rejects.toThrow('database unreachable');
    journal.append(fields(subject));
    expect(readdirSync(dir)).toHaveLength(2);
    refuse = false;
    await journal.flush();
    expect(await stored(subject)).toHaveLength(2);
    expect(readdirSync(dir)).toEqual([]);
    await journal.close();
  });

  it('leaves the files of a process still running alone', async () => {
    const dir = journalDir();
    const subject = new Types.ObjectId();
    const alive = { ...fields(subject), _id: new Types.ObjectId() };
    const name = `${process.ppid}-0123456789abcdef-0.ndjson`;
    writeFileSync(join(dir, name), encodeJournal(alive));
    const journal = openAccessJournal(dir, { insert });
    await journal.flush();
    expect(await stored(subject)).toEqual([]);
    expect(readdirSync(dir)).toEqual([name]);
    await journal.close();
  });
});

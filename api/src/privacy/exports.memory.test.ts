import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { afterAll, describe, expect, it } from 'vitest';
import { Course } from '../courses/courseModel.js';
import { Recording, SpeakingTask } from '../speaking/model.js';
import { DiskUploadStore, type UploadStores } from '../platform/uploads.js';
import { createUser } from '../test/factories.js';
import { DiskExportStore, exportFileName } from './exportStore.js';
import { writeExportArchive } from './exports.js';

/**
 * The export streams (docs/decisions/0028-exports-of-personal-data.md): with 96 MB of recordings,
 * the process's resident memory grows by far less than the files' size while the archive is
 * written. RSS is a coarse measure (the allocator keeps what it had, and the first archive costs
 * the ZIP and zlib machinery once), so a small export runs first and the bound is generous: half
 * the files' size, where buffering them would take all of it. The growth measured is about the same
 * for 16 MB as for 128 MB of files: the garbage of the streams' chunks between collections.
 */

const dir = mkdtempSync(join(tmpdir(), 'oracy-export-memory-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FILES = 12;
const FILE_BYTES = 8 * 1024 * 1024;

/** Writes `bytes` random bytes to `path` in 1 MB pieces. */
async function writeRandom(path: string, bytes: number): Promise<void> {
  const out = createWriteStream(path);
  for (let written = 0; written < bytes; written += 1024 * 1024) {
    if (!out.write(randomBytes(Math.min(1024 * 1024, bytes - written)))) await once(out, 'drain');
  }
  out.end();
  await once(out, 'close');
}

describe('writeExportArchive', () => {
  it('streams 96 MB of recordings into the archive with flat memory', { timeout: 120_000 }, async () => {
    const { user } = await createUser({ role: 3 });
    const course = await Course.create({ title: 'Memory', description: 'x', instructorId: null, duration: 1, startDate: new Date(), endDate: new Date(), image: null });
    const recordings = join(dir, 'recordings');
    mkdirSync(recordings, { recursive: true });
    for (let i = 0; i < FILES; i++) {
      const task = await SpeakingTask.create({ courseId: course._id, teacherId: null, title: `Task ${i}`, prompt: 'Say something.', focusStrands: ['linguistic'], maxSeconds: 60 });
      const name = `recording-${randomBytes(12).toString('hex')}.webm`;
      await writeRandom(join(recordings, name), FILE_BYTES);
      await Recording.create({
        taskId: task._id,
        studentId: user._id,
        courseId: course._id,
        file: { name, type: 'audio/webm', size: FILE_BYTES },
        durationMs: 60_000,
        submittedAt: new Date(),
      });
    }
    const store = new DiskUploadStore(recordings);
    const uploads = { public: store, chat: store, recordings: store } as UploadStores;
    const exports = new DiskExportStore(join(dir, 'exports'));
    const id = '0123456789abcdef01234567';

    // A first, small export: what the first archive costs once is not what this test measures.
    const small = await createUser({ role: 3 });
    await writeExportArchive('0123456789abcdef01234568', String(small.user._id), { uploads, store: exports });

    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    const started = performance.now();
    const size = await writeExportArchive(id, String(user._id), { uploads, store: exports });
    const ms = performance.now() - started;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);

    const total = FILES * FILE_BYTES;
    expect(size).toBe(statSync(join(dir, 'exports', exportFileName(id))).size);
    expect(size).toBeGreaterThan(total);
    const grewMb = (peak - before) / 1024 / 1024;
    console.log(`export of ${total / 1024 / 1024} MB of recordings: archive ${(size! / 1024 / 1024).toFixed(1)} MB in ${ms.toFixed(0)} ms, RSS grew by ${grewMb.toFixed(1)} MB at most`);
    expect(grewMb).toBeLessThan(total / 1024 / 1024 / 2);
  });
});

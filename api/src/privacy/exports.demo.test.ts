import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Assessment } from '../oracy/assessmentModel.js';
import { Recording } from '../speaking/model.js';
import { User } from '../people/userModel.js';
import { seedDemoData } from '../demo/seed.js';
import { DiskUploadStore, type UploadStores } from '../platform/uploads.js';
import { fakeDeliveryTools } from '../test/delivery.js';
import { DiskExportStore } from './exportStore.js';
import { writeExportArchive } from './exports.js';

/**
 * The export of the demo student with the most data (docs/product.md#demo-data,
 * docs/product.md#download-my-data): it holds every one of their recordings. The archive's size and
 * the time it took are printed, for the record; they are not asserted.
 */

const dir = mkdtempSync(join(tmpdir(), 'oracy-export-demo-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the export of the demo student with the most data', () => {
  it('holds all their recordings', { timeout: 120_000 }, async () => {
    const recordings = new DiskUploadStore(join(dir, 'recordings'));
    const images = new DiskUploadStore(join(dir, 'uploads'));
    await seedDemoData({ uploads: images, recordings, deliveryTools: fakeDeliveryTools().tools });
    const students = await User.find({ role: 3 }, { name: 1 }).lean();
    const counted = await Promise.all(
      students.map(async (s) => ({ s, recordings: await Recording.countDocuments({ studentId: s._id }), assessments: await Assessment.countDocuments({ userId: s._id }) })),
    );
    counted.sort((a, b) => b.recordings - a.recordings || b.assessments - a.assessments);
    const top = counted[0]!;
    const uploads: UploadStores = { public: images, chat: new DiskUploadStore(join(dir, 'chat')), recordings };
    const started = performance.now();
    const size = await writeExportArchive('0123456789abcdef0123456a', String(top.s._id), { uploads, store: new DiskExportStore(join(dir, 'exports')) });
    const ms = performance.now() - started;
    const stored = await Recording.find({ studentId: top.s._id }).select('file').lean();
    const audioBytes = stored.reduce((sum, r) => sum + (r.file?.size ?? 0), 0);
    console.log(
      `demo student with the most data: ${top.s.name}, ${top.recordings} recording(s) (${audioBytes} bytes of audio), ${top.assessments} self-assessments; archive ${size} bytes in ${ms.toFixed(0)} ms`,
    );
    expect(size).toBeGreaterThan(audioBytes);
  });
});

import { Types } from 'mongoose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Course } from '../courses/courseModel.js';
import { Enrollment } from '../courses/enrollmentModel.js';
import { Notice } from '../notices/model.js';
import { createUser } from '../test/factories.js';
import { listNotices } from '../notices/routes.js';
import { applyRemoteWrite } from './db/writes.js';
import { READ_CACHE_TTL_MS, ReadCache } from './readCache.js';
import { studentStatsById } from '../dashboards/stats.js';

/**
 * The read caches: answers are reused only until a write to what
 * they read (in this process), or `READ_CACHE_TTL_MS` (another process's
 * writes), and concurrent misses load once.
 */

afterEach(() => {
  vi.useRealTimers();
});

describe('ReadCache', () => {
  it('loads once for concurrent callers and reuses the value until it expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const cache = new ReadCache<number>([]);
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)])).toEqual([1, 1, 1]);
    expect(await cache.get('k', load)).toBe(1);
    vi.setSystemTime(Date.now() + READ_CACHE_TTL_MS + 1);
    expect(await cache.get('k', load)).toBe(2);
  });

  it('does not keep a value read while a write happened, nor a failure', async () => {
    const cache = new ReadCache<number>([]);
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const first = cache.get('k', async () => {
      await slow;
      return 1;
    });
    cache.clear();
    release();
    expect(await first).toBe(1);
    expect(await cache.get('k', async () => 2)).toBe(2);

    await expect(cache.get('e', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('e', async () => 3)).toBe(3);
  });

  it('is emptied when another process announces a write to a model it reads', async () => {
    const cache = new ReadCache<number>(['Notice']);
    await cache.get('k', async () => 1);
    await applyRemoteWrite('Course');
    expect(await cache.get('k', async () => 2)).toBe(1);
    await applyRemoteWrite('Notice');
    expect(await cache.get('k', async () => 3)).toBe(3);
  });
});

describe('cached reads', () => {
  it('show a new, an edited and a deleted notice at once', async () => {
    const before = await listNotices();
    const notice = await Notice.create({ title: 'Cached?', description: 'No.' });
    expect((await listNotices()).map((n) => n.id)).toEqual([String(notice._id), ...before.map((n) => n.id)]);
    await Notice.updateOne({ _id: notice._id }, { $set: { title: 'Edited' } });
    expect((await listNotices())[0]!.title).toBe('Edited');
    await Notice.deleteOne({ _id: notice._id });
    expect(await listNotices()).toEqual(before);
  });

  it('count enrollments added with insertMany and a completion set later', async () => {
    const { user } = await createUser({ role: 3 });
    const id = String(user._id);
    expect((await studentStatsById(id)).totalCourses).toBe(0);
    const course = await Course.create({
      title: 'C',
      description: 'D',
      instructorId: new Types.ObjectId(),
      duration: 1,
      startDate: new Date('2025-01-01'),
      endDate: new Date('2025-02-01'),
    });
    await Enrollment.insertMany([{ studentId: user._id, courseId: course._id }]);
    expect(await studentStatsById(id)).toMatchObject({ totalCourses: 1, completedCourses: 0 });
    await Enrollment.updateOne({ studentId: user._id }, { $set: { completedAt: new Date() } });
    expect(await studentStatsById(id)).toMatchObject({ totalCourses: 1, completedCourses: 1 });
  });
});

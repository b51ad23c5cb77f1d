import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mongoose from 'mongoose';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { ADMINS } from '../demo/demoData.js';
import { Course } from '../courses/courseModel.js';
import { Enrollment } from '../courses/enrollmentModel.js';
import { User } from '../people/userModel.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from '../demo/seed.js';
import { DiskUploadStore } from '../platform/uploads.js';
import { fakeDeliveryTools } from '../test/delivery.js';
import { TEST_ORIGIN, createUser, jsonRequest, readJson, signIn, type LooseJson } from '../test/factories.js';
import { makeCourse } from '../test/testData.js';
import { IMPORT_REASONS } from './plan.js';

const app = createApp();

/** Every person as `email → "first|last|role"`, and every enrollment as `email → sorted course titles`. */
async function school() {
  const [users, courses, enrollments] = await Promise.all([User.find().lean(), Course.find({}, { title: 1 }).lean(), Enrollment.find().lean()]);
  const titles = new Map(courses.map((course) => [String(course._id), course.title]));
  const emails = new Map(users.map((user) => [String(user._id), user.email]));
  const people = Object.fromEntries(users.map((user) => [user.email, `${user.firstName}|${user.lastName}|${user.role}`]));
  const enrolled: Record<string, string[]> = {};
  for (const { studentId, courseId } of enrollments) (enrolled[emails.get(String(studentId))!] ??= []).push(titles.get(String(courseId))!);
  for (const list of Object.values(enrolled)) list.sort();
  return { people, enrolled, courseTitles: courses.map((course) => course.title).sort() };
}

let exported: string;
let before: Awaited<ReturnType<typeof school>>;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'oracy-import-'));
  const seeded = await seedDemoData({
    uploads: new DiskUploadStore(join(dir, 'uploads')),
    recordings: new DiskUploadStore(join(dir, 'recordings')),
    deliveryTools: fakeDeliveryTools().tools,
  });
  expect(seeded).toEqual({ seeded: true });
  const cookie = await signIn(app, DEMO_ACCOUNTS.admin, DEMO_PASSWORD);
  exported = await (await app.request('/api/admin/export?fileType=json', jsonRequest('GET', undefined, cookie))).text();
  before = await school();

  // An empty database, as a new school's: the file's database is dropped and its indexes made again.
  await mongoose.connection.dropDatabase();
  await Promise.all(Object.values(mongoose.models).map((model) => model.createIndexes()));
}, 120_000);

describe('the export of a school imported into an empty database (docs/product.md#import)', () => {
  it('recreates its students and teachers with their roles and enrollments; the admins are made by hand', async () => {
    expect(await User.countDocuments()).toBe(0);
    // The new school: its first admin (the demo admin again) and the same courses, by title.
    const [first] = ADMINS;
    const { password } = await createUser({ role: 1, firstName: first!.firstName, lastName: first!.lastName, email: first!.email });
    for (const title of before.courseTitles) await makeCourse({ title });
    const cookie = await signIn(app, first!.email, password);

    const form = new FormData();
    form.append('file', new Blob([exported], { type: 'application/json' }), 'user_data.json');
    const res = await app.request('/api/admin/import', { method: 'POST', headers: { Origin: TEST_ORIGIN, Cookie: cookie }, body: form });
    expect(res.status).toBe(200);
    const body: LooseJson = await readJson(res);
    const learners = Object.values(before.people).filter((person) => !person.endsWith('|1')).length;
    expect(body.counts).toEqual({ create: learners, update: 0, skip: 1, error: ADMINS.length - 1 });
    expect(body.passwords).toHaveLength(learners);
    const second = body.rows.find((row: LooseJson) => row.email === ADMINS[1]!.email);
    expect(second).toMatchObject({ status: 'error', reasons: [IMPORT_REASONS.adminMade] });

    const after = await school();
    const expected = Object.fromEntries(Object.entries(before.people).filter(([email, person]) => !person.endsWith('|1') || email === first!.email));
    expect(after.people).toEqual(expected);
    expect(after.enrolled).toEqual(before.enrolled);
    expect(await User.countDocuments({ mustChangePassword: true })).toBe(learners);
  });
});

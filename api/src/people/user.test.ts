import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import mongoose, { Types } from 'mongoose';
import { createApp } from '../app.js';
import { Assignment, AssignmentCompletion } from '../assignments/model.js';
import { Course } from '../courses/courseModel.js';
import { Enrollment } from '../courses/enrollmentModel.js';
import { SCHOOL_SETTINGS_ID, SchoolSettings } from '../settings/model.js';
import { User } from './userModel.js';
import { getEnv } from '../platform/env.js';
import { createMemoryRateLimitStore } from '../platform/security/rateLimit.js';
import { MAX_UPLOAD_BYTES } from '../platform/uploads.js';
import { createUser, jsonRequest, readJson, sessionCookieFrom, signIn, TEST_ORIGIN } from '../test/factories.js';
import { TINY_PNG } from '../test/testWorld.js';

// a data folder of its own: photos are written to its uploads.
const app = createApp({ env: { ...getEnv(), DATA_DIR: mkdtempSync(join(tmpdir(), 'oracy-user-')) } });
const get = (path: string, cookie?: string) => app.request(path, jsonRequest('GET', undefined, cookie));

describe('GET /api/user/profile/:userId', () => {
  it('answers the user themself with {name, email, role}', async () => {
    const { user, password } = await createUser({ role: 2, firstName: 'Tina', lastName: 'Teach' });
    const cookie = await signIn(app, user.email, password);
    const res = await get(`/api/user/profile/${user.id}`, cookie);
    expect(res.status).toBe(200);
    expect(await readJson(res)).toEqual({
      name: 'Tina Teach',
      email: user.email,
      role: 2,
      profilePicture: null,
      language: null,
      student: null,
      teacher: { coursesTaught: 0, subjects: [], teachingProgress: null, completedAssignments: 0, totalAssignments: 0 },
    });
  });

  it('answers an admin for anyone, 404 for an absent id', async () => {
    const { user: admin, password } = await createUser({ role: 1 });
    const cookie = await signIn(app, admin.email, password);
    const { user: student } = await createUser({ role: 3 });
    expect(await readJson(await get(`/api/user/profile/${student.id}`, cookie))).toMatchObject({
      name: student.name,
      email: student.email,
      role: 3,
      teacher: null,
      student: { progress: 0, completedAssignments: 0, totalAssignments: 0, courses: [] },
    });
    expect(await readJson(await get(`/api/user/profile/${admin.id}`, cookie))).toMatchObject({ role: 1, student: null, teacher: null });
    const absent = await get('/api/user/profile/0123456789abcdef01234567', cookie);
    expect(absent.status).toBe(404);
    expect((await readJson(absent)).error.code).toBe('not_found');
  });

  it('answers 401 without a session, 403 for someone else, 400 for a malformed id', async () => {
    const { user, password } = await createUser({ role: 3 });
    const { user: other } = await createUser({ role: 3 });
    expect((await get(`/api/user/profile/${user.id}`)).status).toBe(401);
    const cookie = await signIn(app, user.email, password);
    const forbidden = await get(`/api/user/profile/${other.id}`, cookie);
    expect(forbidden.status).toBe(403);
    expect((await readJson(forbidden)).error.code).toBe('forbidden');
    expect((await get('/api/user/profile/123', cookie)).status).toBe(400);
  });
});

describe('PUT /api/user/language (docs/product.md#language)', () => {
  const put = (body: unknown, cookie?: string) => app.request('/api/user/language', jsonRequest('PUT', body, cookie));

  it("saves the user's own language, which current_user sends beside the school's; null follows the school again", async () => {
    await SchoolSettings.findOneAndUpdate({ _id: SCHOOL_SETTINGS_ID }, { $set: { language: 'Spanish', backupFrequency: 'Daily' } }, { upsert: true });
    try {
      const { user, password } = await createUser({ role: 3 });
      const cookie = await signIn(app, user.email, password);
      expect(await readJson(await get('/auth/current_user', cookie))).toMatchObject({ id: user.id, language: null, schoolLanguage: 'Spanish' });

      const saved = await put({ language: 'French' }, cookie);
      expect(saved.status).toBe(200);
      expect(await readJson(saved)).toEqual({ language: 'French' });
      expect(await readJson(await get('/auth/current_user', cookie))).toMatchObject({ language: 'French', schoolLanguage: 'Spanish' });

      expect(await readJson(await put({ language: null }, cookie))).toEqual({ language: null });
      expect(await readJson(await get('/auth/current_user', cookie))).toMatchObject({ language: null, schoolLanguage: 'Spanish' });
    } finally {
      await SchoolSettings.deleteOne({ _id: SCHOOL_SETTINGS_ID });
    }
  });

  it("sends the school's language from a cache that a change of the settings empties at once", async () => {
    const { user, password } = await createUser({ role: 3 });
    const cookie = await signIn(app, user.email, password);
    try {
      expect(await readJson(await get('/auth/current_user', cookie))).toMatchObject({ schoolLanguage: 'English' });
      // The settings document is read once for many calls…
      const reads: string[] = [];
      mongoose.set('debug', (collection: string) => void reads.push(collection));
      for (let i = 0; i < 3; i++) expect(await readJson(await get('/auth/current_user', cookie))).toMatchObject({ schoolLanguage: 'English' });
      mongoose.set('debug', false);
      expect(reads.filter((collection) => collection === 'schoolsettings')).toEqual([]);
      // …and a change is seen by the next call.
      await SchoolSettings.findOneAndUpdate({ _id: SCHOOL_SETTINGS_ID }, { $set: { language: 'French', backupFrequency: 'Daily' } }, { upsert: true });
      expect(await readJson(await get('/auth/current_user', cookie))).toMatchObject({ schoolLanguage: 'French' });
    } finally {
      mongoose.set('debug', false);
      await SchoolSettings.deleteOne({ _id: SCHOOL_SETTINGS_ID });
    }
  });

  it('answers 400 naming the field for another language or another field, and 401 without a session', async () => {
    const { user, password } = await createUser({ role: 2 });
    const cookie = await signIn(app, user.email, password);
    const german = await put({ language: 'German' }, cookie);
    expect(german.status).toBe(400);
    expect((await readJson(german)).error).toMatchObject({ code: 'validation_error', fields: { language: 'Language must be English, Spanish, French or null.' } });
    const extra = await put({ language: 'French', theme: 'dark' }, cookie);
    expect(extra.status).toBe(400);
    expect((await readJson(extra)).error.fields).toMatchObject({ theme: 'Unknown field.' });
    expect((await put({}, cookie)).status).toBe(400);
    expect((await User.findById(user.id).lean())?.language).toBeNull();
    expect((await put({ language: 'French' })).status).toBe(401);
  });
});

describe('profile figures (docs/product.md#teacher-and-student-profiles)', () => {
  it("counts a student's share of their assignments completed and lists their courses; a teacher's courses, subjects and teaching progress", async () => {
    const { user: teacher, password: teacherPassword } = await createUser({ role: 2 });
    const { user: student, password } = await createUser({ role: 3 });
    const { user: classmate } = await createUser({ role: 3 });
    const course = (title: string, start: string) =>
      Course.create({ title, description: 'A course.', instructorId: teacher._id, duration: 4, startDate: new Date(start), endDate: new Date('2027-06-30') });
    const debate = await course('Debate', '2026-02-01');
    const story = await course('Storytelling', '2026-01-01');
    await Enrollment.create([
      { studentId: student._id, courseId: debate._id },
      { studentId: student._id, courseId: story._id },
      { studentId: classmate._id, courseId: debate._id },
    ]);
    const assignments = await Assignment.create([
      { courseId: debate._id, title: 'Opening speech', dueDate: new Date('2026-03-01') },
      { courseId: debate._id, title: 'Rebuttal', dueDate: new Date('2026-03-08') },
      { courseId: story._id, title: 'A fable', dueDate: new Date('2026-02-01') },
    ]);
    await AssignmentCompletion.create([
      { assignmentId: assignments[0]!._id, studentId: student._id },
      { assignmentId: assignments[2]!._id, studentId: student._id },
      { assignmentId: assignments[0]!._id, studentId: classmate._id },
      // an assignment of a course the student does not take does not count
      { assignmentId: new Types.ObjectId(), studentId: student._id },
    ]);

    const own = await readJson(await get(`/api/user/profile/${student.id}`, await signIn(app, student.email, password)));
    expect(own.student).toMatchObject({
      progress: 67,
      completedAssignments: 2,
      totalAssignments: 3,
      courses: [
        { id: String(story._id), title: 'Storytelling' },
        { id: String(debate._id), title: 'Debate' },
      ],
    });

    // handed out: 2 debate assignments × 2 students + 1 story assignment × 1 student = 5; completed 3.
    const teacherProfile = await readJson(await get(`/api/user/profile/${teacher.id}`, await signIn(app, teacher.email, teacherPassword)));
    expect(teacherProfile.teacher).toEqual({ coursesTaught: 2, subjects: ['Debate', 'Storytelling'], teachingProgress: 60, completedAssignments: 3, totalAssignments: 5 });
  });
});

describe('PUT and DELETE /api/user/photo (docs/product.md#edit-profile)', () => {
  const photoRequest = (bytes: Uint8Array, cookie: string, type = 'image/png'): RequestInit => {
    const form = new FormData();
    form.append('photo', new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), 'me.png');
    return { method: 'PUT', headers: { Origin: TEST_ORIGIN, Cookie: cookie }, body: form };
  };

  it('stores a real image, shows it on the profile, replaces and removes it', async () => {
    const { user, password } = await createUser({ role: 3 });
    const cookie = await signIn(app, user.email, password);
    const first = await app.request('/api/user/photo', photoRequest(TINY_PNG, cookie));
    expect(first.status).toBe(200);
    const { profilePicture } = await readJson(first);
    expect(profilePicture).toMatch(/^\/uploads\/photo-[0-9a-f]{24}\.png$/);
    expect((await readJson(await get(`/api/user/profile/${user.id}`, cookie))).profilePicture).toBe(profilePicture);
    const served = await app.request(profilePicture);
    expect(served.status).toBe(200);
    expect(served.headers.get('Content-Type')).toBe('image/png');

    const second = await readJson(await app.request('/api/user/photo', photoRequest(TINY_PNG, cookie)));
    expect(second.profilePicture).not.toBe(profilePicture);
    expect((await app.request(profilePicture)).status).toBe(404);

    const removed = await app.request('/api/user/photo', jsonRequest('DELETE', undefined, cookie));
    expect(await readJson(removed)).toEqual({ profilePicture: null });
    expect((await app.request(second.profilePicture)).status).toBe(404);
    expect(await User.findById(user._id).lean()).toMatchObject({ photo: null, profilePicture: null });
  });

  it('answers 415 for a file that is not an image by its content, 413 over 5 MB, 400 without a file, 401 without a session', async () => {
    const { user, password } = await createUser({ role: 2 });
    const cookie = await signIn(app, user.email, password);
    const text = await app.request('/api/user/photo', photoRequest(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), cookie));
    expect(text.status).toBe(415);
    expect((await readJson(text)).error.code).toBe('unsupported_media_type');

    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    big.set(TINY_PNG);
    const tooBig = await app.request('/api/user/photo', photoRequest(big, cookie));
    expect(tooBig.status).toBe(413);
    expect((await readJson(tooBig)).error.code).toBe('payload_too_large');

    const empty = await app.request('/api/user/photo', { method: 'PUT', headers: { Origin: TEST_ORIGIN, Cookie: cookie }, body: new FormData() });
    expect(empty.status).toBe(400);
    expect((await app.request('/api/user/photo', jsonRequest('PUT', { photo: 'x' }, cookie))).status).toBe(415);
    expect((await app.request('/api/user/photo', { ...photoRequest(TINY_PNG, ''), headers: { Origin: TEST_ORIGIN } })).status).toBe(401);
    expect((await User.findById(user._id).lean())?.photo).toBeNull();
  });
});

describe('POST /api/user/password (docs/product.md#change-password)', () => {
  const post = (body: unknown, cookie?: string) => app.request('/api/user/password', jsonRequest('POST', body, cookie));
  const NEW = 'a brand new phrase 7';

  it('refuses a wrong current password (400 wrong_current_password), a weak or unconfirmed new one (400 naming the field), and keeps the password', async () => {
    const { user, password } = await createUser({ role: 3 });
    const cookie = await signIn(app, user.email, password);
    const wrong = await post({ currentPassword: 'not my password', password: NEW, confirmPassword: NEW }, cookie);
    expect(wrong.status).toBe(400);
    expect((await readJson(wrong)).error).toMatchObject({ code: 'wrong_current_password', fields: { currentPassword: expect.any(String) } });

    const short = await post({ currentPassword: password, password: 'short', confirmPassword: 'short' }, cookie);
    expect(short.status).toBe(400);
    expect((await readJson(short)).error.fields).toMatchObject({ password: 'Use at least 10 characters.' });
    const common = await post({ currentPassword: password, password: 'password123', confirmPassword: 'password123' }, cookie);
    expect((await readJson(common)).error.fields?.password).toMatch(/too common/);
    const differ = await post({ currentPassword: password, password: NEW, confirmPassword: `${NEW}!` }, cookie);
    expect((await readJson(differ)).error.fields).toMatchObject({ confirmPassword: 'The two passwords do not match.' });
    const same = await post({ currentPassword: password, password, confirmPassword: password }, cookie);
    expect((await readJson(same)).error.fields).toMatchObject({ password: 'Choose a new password other than your current one.' });

    expect((await get('/auth/current_user', cookie)).status).toBe(200);
    expect(await signIn(app, user.email, password)).toMatch(/oracy_session=/);
    expect((await post({ currentPassword: password, password: NEW, confirmPassword: NEW })).status).toBe(401);
  });

  it('gives each refused field a reason the PWA tells apart without reading the English (docs/product.md#error-format)', async () => {
    const { user, password } = await createUser({ role: 3 });
    const cookie = await signIn(app, user.email, password);
    const reasons = async (body: Record<string, string>) => (await readJson(await post(body, cookie))).error.reasons;
    expect(await reasons({ currentPassword: password, password: 'short', confirmPassword: 'short' })).toEqual({ password: 'too_short' });
    expect(await reasons({ currentPassword: password, password: 'password123', confirmPassword: 'password123' })).toEqual({ password: 'common_password' });
    expect(await reasons({ currentPassword: password, password: NEW, confirmPassword: `${NEW}!` })).toEqual({ confirmPassword: 'passwords_differ' });
    expect(await reasons({ currentPassword: password, password, confirmPassword: password })).toEqual({ password: 'same_as_current' });
    expect(await reasons({ currentPassword: '', password: NEW, confirmPassword: NEW })).toEqual({ currentPassword: 'required' });
    expect(await reasons({ currentPassword: 'not my password', password: NEW, confirmPassword: NEW })).toEqual({ currentPassword: 'wrong_password' });
  });

  it('changes the password, ends every other session (and the discussion sockets) and keeps this browser signed in with a fresh cookie', async () => {
    const endedSockets: string[] = [];
    const withSockets = createApp({
      env: { ...getEnv(), DATA_DIR: mkdtempSync(join(tmpdir(), 'oracy-user-')) },
      sockets: { endSessionSockets: () => undefined, endUserSockets: (userId) => void endedSockets.push(userId) },
    });
    const { user, password } = await createUser({ role: 2 });
    const here = await signIn(withSockets, user.email, password);
    const elsewhere = await signIn(withSockets, user.email, password);
    const res = await withSockets.request('/api/user/password', jsonRequest('POST', { currentPassword: password, password: NEW, confirmPassword: NEW }, here));
    expect(res.status).toBe(200);
    expect(await readJson(res)).toEqual({ ok: true });
    const fresh = sessionCookieFrom(res);
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(here);

    expect(endedSockets).toEqual([user.id]);
    expect((await get('/auth/current_user', elsewhere)).status).toBe(401);
    expect((await get('/auth/current_user', here)).status).toBe(401);
    expect((await get('/auth/current_user', fresh)).status).toBe(200);
    await expect(signIn(app, user.email, password)).rejects.toThrow();
    expect(await signIn(app, user.email, NEW)).toMatch(/oracy_session=/);
  });

  it('counts wrong current passwords as failed sign-ins: 429 once they are used up', async () => {
    const limited = createApp({ env: { ...getEnv(), DATA_DIR: mkdtempSync(join(tmpdir(), 'oracy-user-')) }, rateLimits: createMemoryRateLimitStore() });
    const { user, password } = await createUser({ role: 3 });
    const cookie = await signIn(limited, user.email, password);
    const attempt = () => limited.request('/api/user/password', jsonRequest('POST', { currentPassword: 'wrong password', password: NEW, confirmPassword: NEW }, cookie));
    for (let i = 0; i < 10; i++) expect((await attempt()).status).toBe(400);
    const blocked = await attempt();
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('Retry-After')).toBeTruthy();
  });
});

import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mongoose from 'mongoose';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { Assignment, AssignmentCompletion } from '../assignments/model.js';
import { Course } from './courseModel.js';
import { Enrollment } from './enrollmentModel.js';
import { getEnv } from '../platform/env.js';
import { GRIDFS_BUCKETS, MAX_UPLOAD_BYTES } from '../platform/uploads.js';
import { createUser, jsonRequest, readJson, signIn } from '../test/factories.js';

// The smallest valid PNG (1×1) and a 1×1 GIF: real images by their signature.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const dataDir = mkdtempSync(join(tmpdir(), 'oracy-courses-'));
const uploadsDir = join(dataDir, 'uploads');
const distDir = mkdtempSync(join(tmpdir(), 'oracy-courses-dist-'));
writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Oracy</title>');
writeFileSync(join(dataDir, 'secret.txt'), 'never served');
const app = createApp({ env: { ...getEnv(), DATA_DIR: dataDir, PWA_DIST: distDir } });

let adminCookie: string;
let teacherCookie: string;
let studentCookie: string;
let teacherId: string;
let teacherName: string;
let studentId: string;

beforeAll(async () => {
  const admin = await createUser({ role: 1 });
  const teacher = await createUser({ role: 2, firstName: 'Grace', lastName: 'Hopper' });
  const student = await createUser({ role: 3 });
  adminCookie = await signIn(app, admin.user.email, admin.password);
  teacherCookie = await signIn(app, teacher.user.email, teacher.password);
  studentCookie = await signIn(app, student.user.email, student.password);
  teacherId = teacher.user.id as string;
  teacherName = teacher.user.name;
  studentId = student.user.id as string;
});

/** A valid course body; `overrides` replace or (with undefined) remove fields. */
function course(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const body: Record<string, unknown> = {
    title: 'Public Speaking',
    description: 'Speak with confidence.',
    instructorId: teacherId,
    duration: 12,
    startDate: '2025-09-01',
    endDate: '2025-12-19',
    status: 'active',
    ...overrides,
  };
  for (const [key, value] of Object.entries(overrides)) if (value === undefined) delete body[key];
  return body;
}

/** A multipart request with the course's fields as text and, optionally, an `image` file. */
function multipart(method: string, fields: Record<string, unknown>, image?: { bytes: Uint8Array; name: string; type: string }, cookie = adminCookie): RequestInit {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
  if (image) form.append('image', new File([image.bytes], image.name, { type: image.type }));
  return { method, headers: { Cookie: cookie }, body: form };
}

const uploadedFiles = () => (existsSync(uploadsDir) ? readdirSync(uploadsDir) : []);

async function createCourse(body = course(), image?: { bytes: Uint8Array; name: string; type: string }) {
  const res = await app.request('/api/admin/courses', image ? multipart('POST', body, image) : jsonRequest('POST', body, adminCookie));
  expect(res.status).toBe(201);
  return readJson(res);
}

describe('course authorization (docs/product.md#authorization-matrix)', () => {
  const someId = '0123456789abcdef01234567';
  const calls: [string, string][] = [
    ['GET', '/api/admin/courses'],
    ['GET', `/api/admin/courses/${someId}`],
    ['POST', '/api/admin/courses'],
    ['PUT', `/api/admin/courses/${someId}`],
    ['DELETE', `/api/admin/courses/${someId}`],
  ];
  it.each(calls)('%s %s answers 401 without a session and 403 for teachers and students', async (method, path) => {
    expect((await app.request(path, jsonRequest(method, method === 'POST' || method === 'PUT' ? course() : undefined))).status).toBe(401);
    for (const cookie of [teacherCookie, studentCookie]) {
      const res = await app.request(path, jsonRequest(method, method === 'POST' || method === 'PUT' ? course() : undefined, cookie));
      expect(res.status).toBe(403);
      expect((await readJson(res)).error.code).toBe('forbidden');
    }
  });

  it('answers 400 for a malformed id and 404 for an absent course', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const bad = await app.request('/api/admin/courses/not-an-id', jsonRequest(method, method === 'PUT' ? course() : undefined, adminCookie));
      expect(bad.status, method).toBe(400);
      expect((await readJson(bad)).error.fields).toHaveProperty('id');
      const absent = await app.request(`/api/admin/courses/${someId}`, jsonRequest(method, method === 'PUT' ? course() : undefined, adminCookie));
      expect(absent.status, method).toBe(404);
    }
  });
});

describe('POST /api/admin/courses', () => {
  it("creates a course from JSON, without an image, and answers it with the instructor's name", async () => {
    const created = await createCourse(course({ title: '  Debate  ' }));
    expect(created).toEqual({
      id: expect.stringMatching(/^[a-f0-9]{24}$/),
      title: 'Debate',
      description: 'Speak with confidence.',
      instructorId: teacherId,
      instructorName: teacherName,
      duration: 12,
      startDate: '2025-09-01',
      endDate: '2025-12-19',
      status: 'active',
      image: null,
      imageUrl: null,
    });
    const got = await app.request(`/api/admin/courses/${created.id}`, jsonRequest('GET', undefined, adminCookie));
    expect(await readJson(got)).toEqual(created);
  });

  it('creates a course from multipart with a real image, stored under a server-generated name and served from /uploads', async () => {
    const created = await createCourse(course({ duration: '7.5', status: 'inactive' }), { bytes: PNG, name: '../../evil.php', type: 'image/png' });
    expect(created).toMatchObject({ duration: 7.5, status: 'inactive', instructorName: teacherName });
    expect(created.image).toMatch(/^course-[0-9a-f]{24}\.png$/);
    expect(created.imageUrl).toBe(`/uploads/${created.image}`);
    expect(existsSync(join(uploadsDir, created.image))).toBe(true);

    const served = await app.request(created.imageUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('Content-Type')).toBe('image/png');
    expect(served.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
  });

  it('treats an empty file or a text "null" image as no image', async () => {
    const empty = await createCourse(course(), { bytes: new Uint8Array(), name: '', type: 'application/octet-stream' });
    expect(empty.image).toBeNull();
    const textNull = await createCourse(course({ image: 'null' }), undefined);
    expect(textNull.image).toBeNull();
    const res = await app.request('/api/admin/courses', multipart('POST', course({ image: 'null' })));
    expect(res.status).toBe(201);
    expect((await readJson(res)).image).toBeNull();
  });

  const invalid: [string, Record<string, unknown>, string, string][] = [
    ['no title', { title: undefined }, 'title', 'Title is required'],
    ['a blank title', { title: '   ' }, 'title', 'Title is required'],
    ['a title of 201 characters', { title: 'x'.repeat(201) }, 'title', 'Title must be at most 200 characters'],
    ['no description', { description: undefined }, 'description', 'Description is required'],
    ['a blank description', { description: ' ' }, 'description', 'Description is required'],
    ['no instructor', { instructorId: undefined }, 'instructorId', 'Instructor ID is required'],
    ['an empty instructor', { instructorId: '' }, 'instructorId', 'Instructor ID is required'],
    ['a malformed instructor id', { instructorId: 'teacher-1' }, 'instructorId', 'Instructor ID must be a valid id'],
    ['an unknown instructor', { instructorId: '0123456789abcdef01234567' }, 'instructorId', 'Instructor must be an existing teacher'],
    ['no duration', { duration: undefined }, 'duration', 'Duration must be a positive number'],
    ['a zero duration', { duration: 0 }, 'duration', 'Duration must be a positive number'],
    ['a negative duration', { duration: -3 }, 'duration', 'Duration must be a positive number'],
    ['a text duration', { duration: 'ten' }, 'duration', 'Duration must be a positive number'],
    ['a huge duration', { duration: 1e9 }, 'duration', 'Duration must be at most 10000 hours'],
    ['no start date', { startDate: undefined }, 'startDate', 'Start Date is required'],
    ['no end date', { endDate: '' }, 'endDate', 'End Date is required'],
    ['an impossible date', { startDate: '2025-02-30' }, 'startDate', 'Must be a date as YYYY-MM-DD.'],
    ['a start after the end', { startDate: '2026-01-02', endDate: '2026-01-01' }, 'endDate', 'End Date must be after Start Date'],
    ['no status', { status: undefined }, 'status', 'Status is required'],
    ['an unknown status', { status: 'paused' }, 'status', 'Status must be active or inactive'],
    ['the legacy status ongoing', { status: 'ongoing' }, 'status', 'Status must be active or inactive'],
  ];
  it.each(invalid)('answers 400 naming the field for %s (JSON and multipart), storing nothing', async (_what, overrides, field, message) => {
    const before = await Course.countDocuments();
    const filesBefore = uploadedFiles().length;
    for (const init of [jsonRequest('POST', course(overrides), adminCookie), multipart('POST', course(overrides), { bytes: PNG, name: 'a.png', type: 'image/png' })]) {
      const res = await app.request('/api/admin/courses', init);
      expect(res.status).toBe(400);
      const body = await readJson(res);
      expect(body.error.code).toBe('validation_error');
      expect(body.error.fields[field]).toBe(message);
    }
    expect(await Course.countDocuments()).toBe(before);
    expect(uploadedFiles()).toHaveLength(filesBefore);
  });

  it('accepts a start date equal to the end date, and refuses a student as the instructor', async () => {
    expect((await createCourse(course({ startDate: '2025-10-10', endDate: '2025-10-10' }))).endDate).toBe('2025-10-10');
    const res = await app.request('/api/admin/courses', jsonRequest('POST', course({ instructorId: studentId }), adminCookie));
    expect(res.status).toBe(400);
    expect((await readJson(res)).error.fields).toEqual({ instructorId: 'Instructor must be an existing teacher' });
  });

  it('names every failing field at once, the date order included', async () => {
    const res = await app.request('/api/admin/courses', jsonRequest('POST', { title: '', startDate: '2026-02-01', endDate: '2026-01-01' }, adminCookie));
    expect(res.status).toBe(400);
    expect(Object.keys((await readJson(res)).error.fields).sort()).toEqual(['description', 'duration', 'endDate', 'instructorId', 'status', 'title']);
  });

  it('refuses content that is not an image whatever its declared type or extension (415), storing nothing', async () => {
    const before = await Course.countDocuments();
    const filesBefore = uploadedFiles().length;
    const fakes = [
      { bytes: Buffer.from('<?php echo "hi"; ?>'), name: 'photo.png', type: 'image/png' },
      { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), name: 'logo.svg', type: 'image/svg+xml' },
      { bytes: Buffer.from('%PDF-1.4\n%%EOF\n'), name: 'doc.jpg', type: 'image/jpeg' },
    ];
    for (const fake of fakes) {
      const res = await app.request('/api/admin/courses', multipart('POST', course(), fake));
      expect(res.status, fake.name).toBe(415);
      expect(await readJson(res)).toEqual({ error: { code: 'unsupported_media_type', message: 'The file is not an image.' } });
    }
    expect(await Course.countDocuments()).toBe(before);
    expect(uploadedFiles()).toHaveLength(filesBefore);
  });

  it('refuses an image over 5 MB with 413, storing nothing', async () => {
    const before = await Course.countDocuments();
    const filesBefore = uploadedFiles().length;
    const big = Buffer.concat([PNG, Buffer.alloc(MAX_UPLOAD_BYTES)]);
    const res = await app.request('/api/admin/courses', multipart('POST', course(), { bytes: big, name: 'big.png', type: 'image/png' }));
    expect(res.status).toBe(413);
    expect((await readJson(res)).error.code).toBe('payload_too_large');
    expect(await Course.countDocuments()).toBe(before);
    expect(uploadedFiles()).toHaveLength(filesBefore);
  });

  it('accepts an image of exactly 5 MB', async () => {
    const exact = Buffer.concat([PNG, Buffer.alloc(MAX_UPLOAD_BYTES - PNG.byteLength)]);
    const created = await createCourse(course(), { bytes: exact, name: 'exact.png', type: 'image/png' });
    expect(created.image).toMatch(/\.png$/);
  });

  it('answers 415 for a body that is neither multipart nor JSON, and 400 for malformed JSON', async () => {
    const text = await app.request('/api/admin/courses', { method: 'POST', headers: { Cookie: adminCookie, 'Content-Type': 'text/plain' }, body: 'title=x' });
    expect(text.status).toBe(415);
    const malformed = await app.request('/api/admin/courses', { method: 'POST', headers: { Cookie: adminCookie, 'Content-Type': 'application/json' }, body: '{"title":' });
    expect(malformed.status).toBe(400);
    expect((await readJson(malformed)).error.code).toBe('bad_request');
    const array = await app.request('/api/admin/courses', jsonRequest('POST', [course()], adminCookie));
    expect(array.status).toBe(400);
    expect((await readJson(array)).error.fields).toHaveProperty('body');
  });
});

describe('GET /api/admin/courses', () => {
  it('lists every course, newest first, with instructor names ("—" is the screen\'s business: null here when none)', async () => {
    const first = await createCourse(course({ title: 'Listed first' }));
    const second = await createCourse(course({ title: 'Listed second' }));
    await Course.create({ title: 'Orphan', description: 'd', instructorId: null, duration: 1, startDate: new Date('2025-01-01'), endDate: new Date('2025-01-02') });
    const res = await app.request('/api/admin/courses', jsonRequest('GET', undefined, adminCookie));
    expect(res.status).toBe(200);
    const list = await readJson(res);
    expect(Array.isArray(list)).toBe(true);
    const titles = list.map((c: { title: string }) => c.title);
    expect(titles.indexOf('Orphan')).toBeLessThan(titles.indexOf('Listed second'));
    expect(titles.indexOf('Listed second')).toBeLessThan(titles.indexOf('Listed first'));
    expect(list.find((c: { id: string }) => c.id === first.id)).toEqual(first);
    expect(list.find((c: { id: string }) => c.id === second.id).instructorName).toBe(teacherName);
    expect(list.find((c: { title: string }) => c.title === 'Orphan')).toMatchObject({ instructorId: null, instructorName: null, status: 'active' });
  });
});

describe('PUT /api/admin/courses/:id', () => {
  it('updates from JSON and keeps the current image', async () => {
    const created = await createCourse(course(), { bytes: PNG, name: 'a.png', type: 'image/png' });
    const res = await app.request(`/api/admin/courses/${created.id}`, jsonRequest('PUT', { ...created, title: 'Renamed', status: 'inactive', duration: 3 }, adminCookie));
    expect(res.status).toBe(200);
    expect(await readJson(res)).toEqual({ ...created, title: 'Renamed', status: 'inactive', duration: 3 });
    expect(existsSync(join(uploadsDir, created.image))).toBe(true);
  });

  it('replaces the image from multipart and removes the old file', async () => {
    const created = await createCourse(course(), { bytes: PNG, name: 'a.png', type: 'image/png' });
    const res = await app.request(`/api/admin/courses/${created.id}`, multipart('PUT', course({ title: 'With a GIF' }), { bytes: GIF, name: 'b.gif', type: 'image/gif' }));
    expect(res.status).toBe(200);
    const updated = await readJson(res);
    expect(updated).toMatchObject({ id: created.id, title: 'With a GIF' });
    expect(updated.image).toMatch(/^course-[0-9a-f]{24}\.gif$/);
    expect(existsSync(join(uploadsDir, updated.image))).toBe(true);
    expect(existsSync(join(uploadsDir, created.image))).toBe(false);
    expect((await app.request(created.imageUrl)).status).toBe(404);
    expect((await app.request(updated.imageUrl)).headers.get('Content-Type')).toBe('image/gif');
  });

  it('validates like create and changes nothing on failure (the old image stays)', async () => {
    const created = await createCourse(course(), { bytes: PNG, name: 'a.png', type: 'image/png' });
    const filesBefore = uploadedFiles().length;
    const res = await app.request(`/api/admin/courses/${created.id}`, multipart('PUT', course({ startDate: '2027-01-01' }), { bytes: GIF, name: 'b.gif', type: 'image/gif' }));
    expect(res.status).toBe(400);
    expect((await readJson(res)).error.fields).toEqual({ endDate: 'End Date must be after Start Date' });
    const notImage = await app.request(`/api/admin/courses/${created.id}`, multipart('PUT', course(), { bytes: Buffer.from('text'), name: 'b.gif', type: 'image/gif' }));
    expect(notImage.status).toBe(415);
    expect(uploadedFiles()).toHaveLength(filesBefore);
    const stored = await app.request(`/api/admin/courses/${created.id}`, jsonRequest('GET', undefined, adminCookie));
    expect(await readJson(stored)).toEqual(created);
  });
});

describe('DELETE /api/admin/courses/:id', () => {
  it('removes the course, its enrollments, assignments, completions and image file, and nothing else', async () => {
    const doomed = await createCourse(course({ title: 'Doomed' }), { bytes: PNG, name: 'a.png', type: 'image/png' });
    const kept = await createCourse(course({ title: 'Kept' }));
    await Enrollment.create([
      { studentId, courseId: doomed.id },
      { studentId, courseId: kept.id },
    ]);
    const [a1, a2] = await Assignment.create([
      { courseId: doomed.id, title: 'Speech 1', dueDate: new Date('2025-10-01') },
      { courseId: kept.id, title: 'Speech 2', dueDate: new Date('2025-10-01') },
    ]);
    await AssignmentCompletion.create([
      { assignmentId: a1!._id, studentId },
      { assignmentId: a2!._id, studentId },
    ]);

    const res = await app.request(`/api/admin/courses/${doomed.id}`, jsonRequest('DELETE', undefined, adminCookie));
    expect(res.status).toBe(204);
    expect(await Course.exists({ _id: doomed.id })).toBeNull();
    expect(await Enrollment.countDocuments({ courseId: doomed.id })).toBe(0);
    expect(await Assignment.countDocuments({ courseId: doomed.id })).toBe(0);
    expect(await AssignmentCompletion.countDocuments({ assignmentId: a1!._id })).toBe(0);
    expect(existsSync(join(uploadsDir, doomed.image))).toBe(false);

    expect(await Enrollment.countDocuments({ courseId: kept.id })).toBe(1);
    expect(await Assignment.countDocuments({ courseId: kept.id })).toBe(1);
    expect(await AssignmentCompletion.countDocuments({ assignmentId: a2!._id })).toBe(1);

    const again = await app.request(`/api/admin/courses/${doomed.id}`, jsonRequest('DELETE', undefined, adminCookie));
    expect(again.status).toBe(404);
  });
});

describe('GET /uploads/:name (no way out of the folder)', () => {
  it('serves stored files only, and answers 404 to traversal attempts', async () => {
    mkdirSync(uploadsDir, { recursive: true });
    const attempts = [
      '/uploads/..%2Fsecret.txt',
      '/uploads/%2e%2e%2fsecret.txt',
      '/uploads/%2E%2E%2Fsecret.txt',
      '/uploads/..%5Csecret.txt',
      // Literal dot segments are removed by URL parsing (as @hono/node-server does): these reach "/secret.txt", outside /uploads.
      '/uploads/../secret.txt',
      '/uploads/../../secret.txt',
      '/uploads/%2e%2e/secret.txt',
      '/uploads/%2Fetc%2Fpasswd',
      '/uploads//etc/passwd',
      '/uploads/%2F%2Fetc%2Fpasswd',
      '/uploads/C:%5Cwindows%5Cwin.ini',
      '/uploads/secret.txt%00.png',
      '/uploads/.',
      '/uploads/',
    ];
    for (const path of attempts) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toContain('never served');
    }
  });
});

describe('course images in GridFS (any process serves any file)', () => {
  /** An app with `UPLOAD_STORE=gridfs` and a DATA_DIR of its own, as a second API process would have. */
  const gridFsApp = () => {
    const ownDataDir = mkdtempSync(join(tmpdir(), 'oracy-courses-gridfs-'));
    return { dir: ownDataDir, app: createApp({ env: { ...getEnv(), DATA_DIR: ownDataDir, PWA_DIST: distDir, UPLOAD_STORE: 'gridfs' } }) };
  };
  const a = gridFsApp();
  const b = gridFsApp();

  it('serves through a second app an image uploaded through the first, and follows its replacement and removal', async () => {
    const created = await a.app.request('/api/admin/courses', multipart('POST', course({ title: 'Shared' }), { bytes: PNG, name: 'dot.png', type: 'image/png' }));
    expect(created.status).toBe(201);
    const { id, image, imageUrl } = await readJson(created);
    expect(imageUrl).toBe(`/uploads/${image}`);
    expect(image).toMatch(/^course-[0-9a-f]{24}\.png$/);

    const served = await b.app.request(imageUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('Content-Type')).toBe('image/png');
    expect(served.headers.get('Content-Length')).toBe(String(PNG.byteLength));
    expect(served.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
    const etag = served.headers.get('ETag')!;
    expect(etag).toMatch(/^W\/".+"$/);

    const revalidated = await a.app.request(imageUrl, { headers: { 'If-None-Match': etag } });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe('');
    const head = await b.app.request(imageUrl, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('Content-Length')).toBe(String(PNG.byteLength));
    expect(await head.text()).toBe('');

    // Nothing went to either process's disk.
    expect(readdirSync(a.dir)).toEqual([]);
    expect(readdirSync(b.dir)).toEqual([]);
    // The disk-backed app of this file does not know the GridFS file.
    expect((await app.request(imageUrl)).status).toBe(404);

    const replaced = await b.app.request(`/api/admin/courses/${id}`, multipart('PUT', course({ title: 'Shared' }), { bytes: GIF, name: 'b.gif', type: 'image/gif' }));
    expect(replaced.status).toBe(200);
    const updated = await readJson(replaced);
    expect((await a.app.request(imageUrl)).status).toBe(404);
    const servedGif = await a.app.request(updated.imageUrl);
    expect(servedGif.headers.get('Content-Type')).toBe('image/gif');
    expect(Buffer.from(await servedGif.arrayBuffer())).toEqual(GIF);

    expect((await a.app.request(`/api/admin/courses/${id}`, jsonRequest('DELETE', undefined, adminCookie))).status).toBe(204);
    expect((await b.app.request(updated.imageUrl)).status).toBe(404);
  });

  it('refuses a file that is not an image (415) and stores nothing', async () => {
    const storedFiles = () => mongoose.connection.db!.collection(`${GRIDFS_BUCKETS.public}.files`).countDocuments();
    const before = await storedFiles();
    const res = await a.app.request('/api/admin/courses', multipart('POST', course(), { bytes: Buffer.from('%PDF-1.4\n%%EOF\n'), name: 'x.png', type: 'image/png' }));
    expect(res.status).toBe(415);
    expect(await storedFiles()).toBe(before);
  });

  it('answers 404 to unknown names and traversal attempts', async () => {
    for (const path of [
      '/uploads/course-000000000000000000000000.png',
      '/uploads/..%2Fsecret.txt',
      '/uploads/%2e%2e%2fsecret.txt',
      '/uploads/.hidden',
      '/uploads/chat',
      '/uploads/secret.txt%00.png',
    ]) {
      const res = await b.app.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toContain('never served');
    }
  });
});

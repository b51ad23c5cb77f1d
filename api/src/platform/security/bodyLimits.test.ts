import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Course } from '../../courses/courseModel.js';
import { Notice } from '../../notices/model.js';
import { TEST_ORIGIN, readJson } from '../../test/factories.js';
import { BODY_LIMITS } from './bodyLimits.js';
import { TINY_PNG, cookieOf, createWorld, type World } from '../../test/testWorld.js';

/**
 * Body and upload limits (ASVS 5.0 V5.2): JSON bodies at most 1 MB
 * (413), multipart at most 11 MB, file contents checked by their signature,
 * file names never used as paths.
 */

let world: World;
let admin: string;

beforeAll(async () => {
  world = await createWorld();
  admin = await cookieOf(world.admin);
});
afterAll(() => world?.cleanup());

const MB = 1024 * 1024;

/** A stream body of `bytes` bytes with no Content-Length: the limit must hold while it streams. */
function streamOf(bytes: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      const size = Math.min(64 * 1024, bytes - sent);
      sent += size;
      controller.enqueue(new Uint8Array(size).fill(0x20));
    },
  });
}

function courseForm(fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  const values = { title: 'Upload test', description: 'D', instructorId: world.t1.id as string, duration: '2', startDate: '2025-01-01', endDate: '2025-02-01', status: 'active', ...fields };
  for (const [key, value] of Object.entries(values)) form.append(key, value);
  return form;
}

function uploadsListing(): string[] {
  return readdirSync(join(world.dataDir, 'uploads')).filter((name) => name !== 'chat');
}

describe('body limits', () => {
  it('are 1 MiB for JSON and 11 MiB for multipart', () => {
    expect(BODY_LIMITS).toEqual({ other: MB, multipart: 11 * MB });
  });

  it('answers 413 in the error shape to a JSON body over 1 MB, declared or streamed, and stores nothing', async () => {
    const before = await Notice.countDocuments();
    const big = JSON.stringify({ title: 'Big', description: 'x'.repeat(MB) });
    const declared = await world.app.request('/api/admin/notice', {
      method: 'POST',
      headers: { Cookie: admin, Origin: TEST_ORIGIN, 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(big)) },
      body: big,
    });
    expect(declared.status).toBe(413);
    expect((await readJson(declared)).error.code).toBe('payload_too_large');

    const streamed = await world.app.request('/api/updateOracyAssessment', {
      method: 'POST',
      headers: { Cookie: admin, Origin: TEST_ORIGIN, 'Content-Type': 'application/json' },
      body: streamOf(MB + 1),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await Notice.countDocuments()).toBe(before);
  });

  it('lets a JSON body of just under 1 MB through to a route without a tighter limit', async () => {
    const near = JSON.stringify({ courses: [world.courseId], padding: 'x'.repeat(MB - 200) });
    const res = await world.app.request(`/api/admin/students/${world.s2.id}/assign-courses`, {
      method: 'POST',
      headers: { Cookie: admin, Origin: TEST_ORIGIN, 'Content-Type': 'application/json' },
      body: near,
    });
    expect(res.status).toBe(200);
  });

  it('answers 413 to a multipart body over 11 MB before reading it', async () => {
    const form = courseForm();
    form.append('image', new Blob([new Uint8Array(11 * MB + 1)], { type: 'image/png' }), 'huge.png');
    const res = await world.app.request('/api/admin/courses', { method: 'POST', headers: { Cookie: admin, Origin: TEST_ORIGIN }, body: form });
    expect(res.status).toBe(413);
    expect(await Course.exists({ title: 'Upload test' })).toBeNull();
  });

  it('holds a course image to 5 MB inside the 11 MB envelope', async () => {
    const form = courseForm();
    const png = new Uint8Array(5_242_881);
    png.set(TINY_PNG);
    form.append('image', new Blob([png], { type: 'image/png' }), 'large.png');
    const res = await world.app.request('/api/admin/courses', { method: 'POST', headers: { Cookie: admin, Origin: TEST_ORIGIN }, body: form });
    expect(res.status).toBe(413);
  });
});

describe('uploads', () => {
  it('checks the content by its signature: a script named .png is refused with 415 and not stored', async () => {
    const before = uploadsListing();
    const form = courseForm({ title: 'Disguised' });
    form.append('image', new Blob(['<script>alert(1)</script>'], { type: 'image/png' }), 'photo.png');
    const res = await world.app.request('/api/admin/courses', { method: 'POST', headers: { Cookie: admin, Origin: TEST_ORIGIN }, body: form });
    expect(res.status).toBe(415);
    expect((await readJson(res)).error.code).toBe('unsupported_media_type');
    expect(uploadsListing()).toEqual(before);
    expect(await Course.exists({ title: 'Disguised' })).toBeNull();

    const svg = courseForm({ title: 'Vector' });
    svg.append('image', new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], { type: 'image/svg+xml' }), 'logo.svg');
    expect((await world.app.request('/api/admin/courses', { method: 'POST', headers: { Cookie: admin, Origin: TEST_ORIGIN }, body: svg })).status).toBe(415);
  });

  it('never uses the file name: a traversal name is stored under a server-generated name inside the uploads folder', async () => {
    const form = courseForm({ title: 'Traversal' });
    form.append('image', new Blob([TINY_PNG as Uint8Array<ArrayBuffer>], { type: 'text/html' }), '../../../../tmp/evil.html');
    const res = await world.app.request('/api/admin/courses', { method: 'POST', headers: { Cookie: admin, Origin: TEST_ORIGIN }, body: form });
    expect(res.status).toBe(201);
    const body = await readJson(res);
    expect(body.imageUrl).toMatch(/^\/uploads\/course-[a-f0-9]{24}\.png$/);
    const stored = body.imageUrl.split('/').pop() as string;
    expect(existsSync(join(world.dataDir, 'uploads', stored))).toBe(true);
    expect(existsSync(resolve(world.dataDir, 'uploads', '../../../../tmp/evil.html'))).toBe(false);
    // Served with the type of its content, never as HTML.
    const served = await world.app.request(body.imageUrl);
    expect(served.headers.get('Content-Type')).toBe('image/png');
    expect(served.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });

  it('serves nothing outside the uploads folder', async () => {
    for (const path of ['/uploads/..%2F..%2Fpackage.json', '/uploads/%2e%2e%2fdb', '/uploads/chat', '/uploads/course-x.png%00.html', `/uploads/${'a'.repeat(300)}.png`]) {
      const res = await world.app.request(path);
      expect(res.status, path).toBe(404);
    }
  });
});

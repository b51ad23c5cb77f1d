import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import type { UserDoc } from '../auth/context.js';
import { Complaint } from './model.js';
import { IDEMPOTENCY_HEADER } from '../platform/http/idempotency.js';
import { createUser, jsonRequest, readJson, signIn } from '../test/factories.js';

const app = createApp();

async function signedIn(role: 1 | 2 | 3): Promise<{ user: UserDoc; cookie: string }> {
  const { user, password } = await createUser({ role });
  return { user, cookie: await signIn(app, user.email, password) };
}

const get = async (path: string, cookie?: string): Promise<Response> => app.request(path, cookie ? { headers: { Cookie: cookie } } : {});

const ABSENT_ID = new Types.ObjectId().toHexString();

/**
 * The two filers of the one complaints resource: the role that files, the other filing role, the
 * query parameter naming the owner, and the owner fields its clients put in the body (ignored).
 */
const FILERS = [
  { area: 'student', role: 3, otherRole: 2, otherArea: 'teacher', ownerQuery: 'sId', ownerFields: ['sId', 'studentId'] },
  { area: 'teacher', role: 2, otherRole: 3, otherArea: 'student', ownerQuery: 'tId', ownerFields: ['tId'] },
] as const;

describe.each(FILERS)(
  '$area complaints (docs/product.md#student-complaints, docs/product.md#teacher-complaints, docs/product.md#complaint-status, docs/product.md#authorization-matrix)',
  ({ area, role, otherRole, otherArea, ownerQuery, ownerFields }) => {
    const path = `/api/${area}/complaints`;
    const list = (ownerId: string, cookie?: string) => get(`${path}?${ownerQuery}=${ownerId}`, cookie);
    const post = (body: unknown, cookie?: string, idempotencyKey?: string) => {
      const init = jsonRequest('POST', body, cookie);
      if (idempotencyKey) init.headers = { ...init.headers, [IDEMPOTENCY_HEADER]: idempotencyKey };
      return app.request(path, init);
    };
    const del = (id: string, cookie?: string) => app.request(`${path}/${id}`, jsonRequest('DELETE', undefined, cookie));
    const ownerFieldsNaming = (id: string) => Object.fromEntries(ownerFields.map((field) => [field, id]));

    describe('who may read the list', () => {
      type Caller = Awaited<ReturnType<typeof signedIn>>;
      let filer: Caller, sameRole: Caller, otherRoleCaller: Caller, admin: Caller, id: string;
      beforeAll(async () => {
        [filer, sameRole, otherRoleCaller, admin] = await Promise.all([signedIn(role), signedIn(role), signedIn(otherRole), signedIn(1)]);
        id = filer.user.id as string;
      });

      it('200 for the filer and an admin, 403 for another filer of either role, 401 without a session', async () => {
        expect((await list(id, filer.cookie)).status).toBe(200);
        expect((await list(id, admin.cookie)).status).toBe(200);
        const forbidden = await list(id, sameRole.cookie);
        expect(forbidden.status).toBe(403);
        expect((await readJson(forbidden)).error.code).toBe('forbidden');
        expect((await list(id, otherRoleCaller.cookie)).status).toBe(403);
        // A user of the other role naming their own id here is still refused.
        expect((await list(otherRoleCaller.user.id as string, otherRoleCaller.cookie)).status).toBe(403);
        const anonymous = await list(id);
        expect(anonymous.status).toBe(401);
        expect((await readJson(anonymous)).error.code).toBe('unauthorized');
      });

      it(`400 for a malformed or missing ${ownerQuery}, 404 for an admin naming no ${area}`, async () => {
        const malformed = await list('not-an-id', filer.cookie);
        expect(malformed.status).toBe(400);
        expect((await readJson(malformed)).error.code).toBe('validation_error');
        const missing = await get(path, filer.cookie);
        expect(missing.status).toBe(400);
        expect((await readJson(missing)).error.fields).toHaveProperty(ownerQuery);
        expect((await list(ABSENT_ID, admin.cookie)).status).toBe(404);
        // A user of the other role is not one of these filers.
        expect((await list(otherRoleCaller.user.id as string, admin.cookie)).status).toBe(404);
      });
    });

    it('files a trimmed complaint for the signed-in filer, ignoring the owner named in the body, and lists it', async () => {
      const { user, cookie } = await signedIn(role);
      const { user: victim } = await createUser({ role });
      const res = await post({ title: '  Broken projector ', description: ' Room 4 \n', userId: victim.id, ...ownerFieldsNaming(victim.id as string) }, cookie);
      expect(res.status).toBe(201);
      const created = await readJson(res);
      expect(created).toEqual({
        id: expect.stringMatching(/^[a-f0-9]{24}$/),
        title: 'Broken projector',
        description: 'Room 4',
        userId: user.id,
        [ownerQuery]: user.id,
        role,
        status: null,
        createdAt: expect.any(String),
        decidedAt: null,
        moderationNote: null,
      });
      expect(await Complaint.countDocuments({ userId: victim._id })).toBe(0);
      expect(await readJson(await list(user.id as string, cookie))).toEqual([created]);
    });

    it("lists only the filer's own complaints, newest first, with every status", async () => {
      const { user, cookie } = await signedIn(role);
      const { user: other } = await createUser({ role });
      await Complaint.create({ title: 'Old', description: 'd', userId: user._id, role, status: 'approved', createdAt: new Date('2025-01-01') });
      await Complaint.create({ title: 'Middle', description: 'd', userId: user._id, role, status: 'disapproved', createdAt: new Date('2025-02-01') });
      await Complaint.create({ title: 'New', description: 'd', userId: user._id, role, createdAt: new Date('2025-03-01') });
      await Complaint.create({ title: 'Someone else', description: 'd', userId: other._id, role });

      const res = await list(user.id as string, cookie);
      expect(res.status).toBe(200);
      const body = await readJson(res);
      expect(body.map((c: { title: string; status: string | null }) => [c.title, c.status])).toEqual([
        ['New', null],
        ['Middle', 'disapproved'],
        ['Old', 'approved'],
      ]);
    });

    it.each([
      ['a blank title', { title: '   ', description: 'x' }, 'title'],
      ['a missing description', { title: 'x' }, 'description'],
      ['a blank description', { title: 'x', description: ' \n\t ' }, 'description'],
      ['a title over 200 characters', { title: 'x'.repeat(201), description: 'x' }, 'title'],
      ['a description over 5000 characters', { title: 'x', description: 'x'.repeat(5001) }, 'description'],
      ['a title that is not text', { title: 42, description: 'x' }, 'title'],
      ['a clientId that is not text', { title: 'x', description: 'x', clientId: 42 }, 'clientId'],
      ['a body that is not an object', ['x'], 'body'],
    ])('answers 400 naming the field for %s, and stores nothing', async (_what, body, field) => {
      const { user, cookie } = await signedIn(role);
      const res = await post(body, cookie);
      expect(res.status).toBe(400);
      const json = await readJson(res);
      expect(json.error.code).toBe('validation_error');
      expect(Object.keys(json.error.fields)).toContain(field);
      expect(await Complaint.countDocuments({ userId: user._id })).toBe(0);
    });

    it('names both fields when title and description are blank', async () => {
      const { cookie } = await signedIn(role);
      const res = await post({ title: ' ', description: '' }, cookie);
      expect(res.status).toBe(400);
      expect(Object.keys((await readJson(res)).error.fields).sort()).toEqual(['description', 'title']);
    });

    it('answers 401 without a session, 403 for the other role or an admin, 415 for a form post', async () => {
      const body = { title: 't', description: 'd' };
      expect((await post(body)).status).toBe(401);
      expect((await post(body, (await signedIn(otherRole)).cookie)).status).toBe(403);
      expect((await post(body, (await signedIn(1)).cookie)).status).toBe(403);
      const { cookie } = await signedIn(role);
      const form = await app.request(path, { method: 'POST', headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'title=t' });
      expect(form.status).toBe(415);
    });

    // Outbox items queued by an older app version carry their key in the body as `clientId` too:
    // the body field is accepted and ignored, the Idempotency-Key header alone makes the replay exactly-once.
    it('accepts and ignores a body clientId; a replay with the same Idempotency-Key gets the first answer', async () => {
      const { user, cookie } = await signedIn(role);
      const key = randomUUID();
      const body = { title: 'Noise', description: 'The hall is loud', clientId: key };
      const first = await post(body, cookie, key);
      expect(first.status).toBe(201);
      const created = await readJson(first);
      expect(created).not.toHaveProperty('clientId');
      const replay = await post(body, cookie, key);
      expect(replay.status).toBe(201);
      expect(await readJson(replay)).toEqual(created);
      expect(await Complaint.countDocuments({ userId: user._id })).toBe(1);
      expect(await Complaint.findById(created.id).lean()).not.toHaveProperty('clientId');
    });

    it('lets the owner delete a complaint On Hold or disapproved, but not an approved one (409)', async () => {
      const { user, cookie } = await signedIn(role);
      const onHold = await Complaint.create({ title: 'a', description: 'd', userId: user._id, role });
      const disapproved = await Complaint.create({ title: 'b', description: 'd', userId: user._id, role, status: 'disapproved' });
      const approved = await Complaint.create({ title: 'c', description: 'd', userId: user._id, role, status: 'approved' });

      const ok = await del(onHold.id, cookie);
      expect(ok.status).toBe(200);
      expect(await readJson(ok)).toEqual({ id: onHold.id });
      expect((await del(onHold.id, cookie)).status).toBe(404);
      expect((await del(disapproved.id, cookie)).status).toBe(200);
      const refused = await del(approved.id, cookie);
      expect(refused.status).toBe(409);
      expect((await readJson(refused)).error.code).toBe('conflict');
      expect(await Complaint.find({ userId: user._id }).distinct('title')).toEqual(['c']);
    });

    it("refuses to delete someone else's complaint (403), even for an admin, and answers 404, 400 and 401", async () => {
      const owner = await signedIn(role);
      const complaint = await Complaint.create({ title: 'a', description: 'd', userId: owner.user._id, role });
      expect((await del(complaint.id, (await signedIn(role)).cookie)).status).toBe(403);
      expect((await del(complaint.id, (await signedIn(1)).cookie)).status).toBe(403);
      expect((await del(complaint.id, (await signedIn(otherRole)).cookie)).status).toBe(403);
      expect((await del(complaint.id)).status).toBe(401);
      expect((await del(ABSENT_ID, owner.cookie)).status).toBe(404);
      const malformed = await del('nope', owner.cookie);
      expect(malformed.status).toBe(400);
      expect((await readJson(malformed)).error.fields).toHaveProperty('id');
      expect(await Complaint.countDocuments({ _id: complaint._id })).toBe(1);
    });

    it(`keeps the areas apart: a complaint filed here is not in the ${otherArea} list, nor deletable through it`, async () => {
      const { user, cookie } = await signedIn(role);
      const complaint = await readJson(await post({ title: 'x', description: 'y' }, cookie));
      expect((await app.request(`/api/${otherArea}/complaints/${complaint.id}`, jsonRequest('DELETE', undefined, cookie))).status).toBe(403);
      const admin = await signedIn(1);
      expect((await get(`/api/${otherArea}/complaints?${otherArea === 'student' ? 'sId' : 'tId'}=${user.id}`, admin.cookie)).status).toBe(404);
      expect(await Complaint.countDocuments({ userId: user._id })).toBe(1);
    });
  },
);

import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { Complaint, ComplaintDecision } from './model.js';
import { User } from '../people/userModel.js';
import { createUser, jsonRequest, readJson, signIn } from '../test/factories.js';

const app = createApp();
const PATH = '/api/admin/complaints';

let adminCookie: string;
let adminId: string;
let teacherCookie: string;
let studentCookie: string;
let teacher: { id: string; name: string };
let student: { id: string; name: string };

beforeAll(async () => {
  const [a, t, s] = await Promise.all([createUser({ role: 1 }), createUser({ role: 2, firstName: 'Tina' }), createUser({ role: 3, firstName: 'Sid' })]);
  adminCookie = await signIn(app, a.user.email, a.password);
  teacherCookie = await signIn(app, t.user.email, t.password);
  studentCookie = await signIn(app, s.user.email, s.password);
  adminId = a.user.id as string;
  teacher = { id: t.user.id as string, name: t.user.name };
  student = { id: s.user.id as string, name: s.user.name };
});

/** A complaint filed by `user` (role 2 or 3) at `createdAt`, with `status`. */
function fileComplaint(user: { id: string }, role: 2 | 3, title: string, createdAt: string, status: 'approved' | 'disapproved' | null = null) {
  return Complaint.create({ title, description: `About ${title}`, userId: user.id, role, status, createdAt: new Date(createdAt) });
}

async function list() {
  const res = await app.request(PATH, jsonRequest('GET', undefined, adminCookie));
  expect(res.status).toBe(200);
  return readJson(res);
}

describe('GET /api/admin/complaints', () => {
  it("lists only unresolved complaints, oldest first, with the filer's name and role", async () => {
    const gone = await createUser({ role: 3 });
    const late = await fileComplaint(student, 3, 'Late bus', '2025-03-03T09:00:00Z');
    const early = await fileComplaint(teacher, 2, 'Broken projector', '2025-03-01T09:00:00Z');
    await fileComplaint(student, 3, 'Already approved', '2025-02-01T09:00:00Z', 'approved');
    await fileComplaint(teacher, 2, 'Already disapproved', '2025-02-02T09:00:00Z', 'disapproved');
    const orphan = await fileComplaint({ id: gone.user.id as string }, 3, 'Filer deleted', '2025-03-02T09:00:00Z');
    await User.deleteOne({ _id: gone.user._id });

    const complaints = await list();
    expect(complaints.map((c: { title: string }) => c.title)).toEqual(['Broken projector', 'Filer deleted', 'Late bus']);
    expect(complaints[0]).toEqual({
      id: early.id,
      title: 'Broken projector',
      description: 'About Broken projector',
      userId: teacher.id,
      tId: teacher.id,
      role: 2,
      status: null,
      createdAt: '2025-03-01T09:00:00.000Z',
      decidedBy: null,
      decidedAt: null,
      moderationNote: null,
      user: { name: teacher.name, role: 2 },
    });
    expect(complaints[1].id).toBe(orphan.id);
    expect(complaints[1]).not.toHaveProperty('user');
    expect(complaints[2]).toMatchObject({ id: late.id, user: { name: student.name, role: 3 } });
  });

  it('answers 401 without a session and 403 for teachers and students', async () => {
    expect((await app.request(PATH)).status).toBe(401);
    for (const cookie of [teacherCookie, studentCookie]) expect((await app.request(PATH, jsonRequest('GET', undefined, cookie))).status).toBe(403);
  });
});

describe.each(['approve', 'disapprove'] as const)('POST /api/admin/complaints/:id/%s', (action) => {
  const status = action === 'approve' ? 'approved' : 'disapproved';

  it(`moves a null complaint to ${status}, records who decided and when, and drops it from the list`, async () => {
    const complaint = await fileComplaint(student, 3, `To ${action}`, '2025-04-01T09:00:00Z');
    const before = Date.now();
    const res = await app.request(`${PATH}/${complaint.id}/${action}`, jsonRequest('POST', undefined, adminCookie));
    expect(res.status).toBe(200);
    const body = await readJson(res);
    expect(body).toMatchObject({ id: complaint.id, status, decidedBy: adminId, moderationNote: null, user: { name: student.name, role: 3 } });
    expect(Date.parse(body.decidedAt)).toBeGreaterThanOrEqual(before - 1000);

    const stored = await Complaint.findById(complaint.id).lean();
    expect(stored?.status).toBe(status);
    expect(String(stored?.decidedBy)).toBe(adminId);
    expect(stored?.decidedAt).toBeInstanceOf(Date);
    expect((await list()).map((c: { id: string }) => c.id)).not.toContain(complaint.id);
  });

  it('answers 409 when the complaint was already decided, leaving the first decision', async () => {
    const complaint = await fileComplaint(teacher, 2, `Twice ${action}`, '2025-04-02T09:00:00Z');
    expect((await app.request(`${PATH}/${complaint.id}/${action}`, jsonRequest('POST', undefined, adminCookie))).status).toBe(200);
    for (const second of ['approve', 'disapprove']) {
      const res = await app.request(`${PATH}/${complaint.id}/${second}`, jsonRequest('POST', undefined, adminCookie));
      expect(res.status).toBe(409);
      expect((await readJson(res)).error.code).toBe('conflict');
    }
    expect((await Complaint.findById(complaint.id).lean())?.status).toBe(status);
  });

  it('answers 400 for a malformed id, 404 for an absent one, 401/403 for others, changing nothing', async () => {
    const bad = await app.request(`${PATH}/abc/${action}`, jsonRequest('POST', undefined, adminCookie));
    expect(bad.status).toBe(400);
    expect((await readJson(bad)).error.fields).toHaveProperty('id');
    expect((await app.request(`${PATH}/0123456789abcdef01234567/${action}`, jsonRequest('POST', undefined, adminCookie))).status).toBe(404);

    const complaint = await fileComplaint(student, 3, `Not yours to ${action}`, '2025-04-03T09:00:00Z');
    expect((await app.request(`${PATH}/${complaint.id}/${action}`, { method: 'POST' })).status).toBe(401);
    for (const cookie of [teacherCookie, studentCookie]) {
      expect((await app.request(`${PATH}/${complaint.id}/${action}`, jsonRequest('POST', undefined, cookie))).status).toBe(403);
    }
    expect((await Complaint.findById(complaint.id).lean())?.status).toBeNull();
  });
});

describe('two admins deciding at once', () => {
  it('lets exactly one decision win; the other gets 409', async () => {
    const complaint = await fileComplaint(student, 3, 'Race', '2025-05-01T09:00:00Z');
    const answers = await Promise.all([
      app.request(`${PATH}/${complaint.id}/approve`, jsonRequest('POST', undefined, adminCookie)),
      app.request(`${PATH}/${complaint.id}/disapprove`, jsonRequest('POST', undefined, adminCookie)),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  // two API processes share no memory; the claim in the database decides.
  it('lets exactly one win when the two decisions go through two separate app instances', async () => {
    const other = createApp();
    for (let round = 0; round < 5; round++) {
      const complaint = await fileComplaint(student, 3, `Race ${round}`, '2025-05-01T09:00:00Z');
      const answers = await Promise.all([
        app.request(`${PATH}/${complaint.id}/approve`, jsonRequest('POST', undefined, adminCookie)),
        other.request(`${PATH}/${complaint.id}/disapprove`, jsonRequest('POST', undefined, adminCookie)),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      const winner = answers[0]!.status === 200 ? 'approved' : 'disapproved';
      expect((await Complaint.findById(complaint.id).lean())?.status).toBe(winner);
    }
  });

  it("lets either the approval or the owner's deletion win, never both", async () => {
    for (let round = 0; round < 5; round++) {
      const complaint = await fileComplaint(student, 3, `Withdraw ${round}`, '2025-05-02T09:00:00Z');
      const [approve, remove] = await Promise.all([
        app.request(`${PATH}/${complaint.id}/approve`, jsonRequest('POST', undefined, adminCookie)),
        app.request(`/api/student/complaints/${complaint.id}`, jsonRequest('DELETE', undefined, studentCookie)),
      ]);
      const stored = await Complaint.findById(complaint.id).lean();
      if (approve.status === 200) {
        expect(remove.status).toBe(409);
        expect(stored?.status).toBe('approved');
      } else {
        expect(approve.status).toBe(404);
        expect(remove.status).toBeLessThan(300);
        expect(stored).toBeNull();
      }
    }
  });

  it('completes a decision whose process stopped between the claim and the update', async () => {
    const complaint = await fileComplaint(student, 3, 'Half done', '2025-05-03T09:00:00Z');
    await ComplaintDecision.create({ _id: complaint._id, status: 'disapproved', decidedBy: adminId, createdAt: new Date(Date.now() - 60_000) });
    const res = await app.request(`${PATH}/${complaint.id}/approve`, jsonRequest('POST', undefined, adminCookie));
    expect(res.status).toBe(409);
    expect((await readJson(res)).error.message).toBe('This complaint has already been disapproved.');
    expect(await Complaint.findById(complaint.id).lean()).toMatchObject({ status: 'disapproved', decidedBy: expect.anything() });
  });
});

describe('the note to the filer (docs/product.md#complaint-status)', () => {
  const ownList = (cookie: string, role: 'student' | 'teacher', id: string) =>
    app.request(`/api/${role}/complaints?${role === 'student' ? 'sId' : 'tId'}=${id}`, jsonRequest('GET', undefined, cookie));

  it.each(['approve', 'disapprove'] as const)('%s stores the note trimmed, with the time, and answers it', async (action) => {
    const complaint = await fileComplaint(student, 3, `Noted ${action}`, '2025-06-01T09:00:00Z');
    const res = await app.request(`${PATH}/${complaint.id}/${action}`, jsonRequest('POST', { note: '  The heating is fixed now.\n ' }, adminCookie));
    expect(res.status).toBe(200);
    expect(await readJson(res)).toMatchObject({ moderationNote: 'The heating is fixed now.', decidedAt: expect.any(String) });
    expect((await Complaint.findById(complaint.id).lean())?.moderationNote).toBe('The heating is fixed now.');
  });

  it('stores no note for a blank one, an empty body or none', async () => {
    for (const body of [{ note: '   ' }, {}, undefined]) {
      const complaint = await fileComplaint(teacher, 2, 'No note', '2025-06-02T09:00:00Z');
      const res = await app.request(`${PATH}/${complaint.id}/disapprove`, jsonRequest('POST', body, adminCookie));
      expect(res.status).toBe(200);
      expect((await readJson(res)).moderationNote).toBeNull();
      expect((await Complaint.findById(complaint.id).lean())?.moderationNote).toBeNull();
    }
  });

  it('refuses a note over 500 characters or not text with 400 naming note, deciding nothing', async () => {
    const complaint = await fileComplaint(student, 3, 'Long note', '2025-06-03T09:00:00Z');
    for (const note of ['x'.repeat(501), 42]) {
      const res = await app.request(`${PATH}/${complaint.id}/approve`, jsonRequest('POST', { note }, adminCookie));
      expect(res.status).toBe(400);
      const body = await readJson(res);
      expect(body.error.code).toBe('validation_error');
      expect(body.error.fields).toHaveProperty('note');
    }
    expect((await Complaint.findById(complaint.id).lean())?.status).toBeNull();
    expect(await ComplaintDecision.exists({ _id: complaint._id })).toBeNull();
    // 500 characters after trimming is the limit
    const ok = await app.request(`${PATH}/${complaint.id}/approve`, jsonRequest('POST', { note: ` ${'y'.repeat(500)} ` }, adminCookie));
    expect(ok.status).toBe(200);
    expect((await readJson(ok)).moderationNote).toHaveLength(500);
  });

  it('refuses a body not sent as JSON with 415', async () => {
    const complaint = await fileComplaint(student, 3, 'Form body', '2025-06-04T09:00:00Z');
    const init = jsonRequest('POST', undefined, adminCookie);
    const res = await app.request(`${PATH}/${complaint.id}/approve`, { ...init, headers: { ...init.headers, 'Content-Type': 'text/plain' }, body: 'note=hi' });
    expect(res.status).toBe(415);
    expect((await Complaint.findById(complaint.id).lean())?.status).toBeNull();
  });

  it("shows the note and the decision's time to the filer and an admin, not who decided, and no one else may read it", async () => {
    const [owner, other] = await Promise.all([createUser({ role: 3 }), createUser({ role: 3 })]);
    const ownerCookie = await signIn(app, owner.user.email, owner.password);
    const otherCookie = await signIn(app, other.user.email, other.password);
    const ownerId = owner.user.id as string;
    const complaint = await fileComplaint({ id: ownerId }, 3, 'Cold classroom', '2025-06-05T09:00:00Z');
    expect((await app.request(`${PATH}/${complaint.id}/disapprove`, jsonRequest('POST', { note: 'Please ask your teacher first.' }, adminCookie))).status).toBe(200);

    const res = await ownList(ownerCookie, 'student', ownerId);
    expect(res.status).toBe(200);
    const [mine] = await readJson(res);
    expect(mine).toMatchObject({ id: complaint.id, status: 'disapproved', moderationNote: 'Please ask your teacher first.', decidedAt: expect.any(String) });
    expect(mine).not.toHaveProperty('decidedBy');
    expect(JSON.stringify(mine)).not.toContain(adminId);
    expect((await ownList(adminCookie, 'student', ownerId)).status).toBe(200);

    const refused = await ownList(otherCookie, 'student', ownerId);
    expect(refused.status).toBe(403);
    expect(await refused.text()).not.toContain('Please ask your teacher first.');
    const others = await readJson(await ownList(otherCookie, 'student', other.user.id as string));
    expect(JSON.stringify(others)).not.toContain('Please ask your teacher first.');
  });
});

describe('POST /api/admin/complaints/:id/undo (docs/product.md#complaint-status)', () => {
  const undo = (id: string, cookie = adminCookie) => app.request(`${PATH}/${id}/undo`, jsonRequest('POST', undefined, cookie));

  it.each(['approve', 'disapprove'] as const)('returns a complaint the admin decided (%s) to On Hold, without note, and to the list', async (action) => {
    const complaint = await fileComplaint(student, 3, `Undo ${action}`, '2025-07-01T09:00:00Z');
    expect((await app.request(`${PATH}/${complaint.id}/${action}`, jsonRequest('POST', { note: 'Sorted.' }, adminCookie))).status).toBe(200);
    expect((await list()).map((c: { id: string }) => c.id)).not.toContain(complaint.id);

    const res = await undo(complaint.id);
    expect(res.status).toBe(200);
    expect(await readJson(res)).toMatchObject({ id: complaint.id, status: null, decidedBy: null, decidedAt: null, moderationNote: null, user: { name: student.name, role: 3 } });
    expect(await Complaint.findById(complaint.id).lean()).toMatchObject({ status: null, decidedBy: null, decidedAt: null, moderationNote: null });
    expect((await list()).map((c: { id: string }) => c.id)).toContain(complaint.id);

    // decided again, by anyone, as if new
    expect((await app.request(`${PATH}/${complaint.id}/disapprove`, jsonRequest('POST', undefined, adminCookie))).status).toBe(200);
    expect((await Complaint.findById(complaint.id).lean())?.status).toBe('disapproved');
  });

  it('lets the owner withdraw the complaint once it is On Hold again', async () => {
    const complaint = await fileComplaint(student, 3, 'Undo then withdraw', '2025-07-02T09:00:00Z');
    await app.request(`${PATH}/${complaint.id}/approve`, jsonRequest('POST', undefined, adminCookie));
    expect((await app.request(`/api/student/complaints/${complaint.id}`, jsonRequest('DELETE', undefined, studentCookie))).status).toBe(409);
    expect((await undo(complaint.id)).status).toBe(200);
    expect((await app.request(`/api/student/complaints/${complaint.id}`, jsonRequest('DELETE', undefined, studentCookie))).status).toBe(200);
    expect(await Complaint.findById(complaint.id).lean()).toBeNull();
  });

  it('answers 409 once more than 60 s have passed since the decision, leaving it decided', async () => {
    const complaint = await fileComplaint(student, 3, 'Too late', '2025-07-03T09:00:00Z');
    await app.request(`${PATH}/${complaint.id}/approve`, jsonRequest('POST', { note: 'Done.' }, adminCookie));
    // the decision was taken 61 s ago
    await Complaint.updateOne({ _id: complaint._id }, { $set: { decidedAt: new Date(Date.now() - 61_000) } });
    const res = await undo(complaint.id);
    expect(res.status).toBe(409);
    expect((await readJson(res)).error).toMatchObject({ code: 'conflict', message: 'This decision can no longer be undone.' });
    expect(await Complaint.findById(complaint.id).lean()).toMatchObject({ status: 'approved', moderationNote: 'Done.' });
    expect((await list()).map((c: { id: string }) => c.id)).not.toContain(complaint.id);
  });

  it('answers 409 for a complaint On Hold, 404 for an absent one, 400 for a malformed id', async () => {
    const complaint = await fileComplaint(student, 3, 'Never decided', '2025-07-04T09:00:00Z');
    expect((await undo(complaint.id)).status).toBe(409);
    expect((await undo('0123456789abcdef01234567')).status).toBe(404);
    expect((await undo('abc')).status).toBe(400);
  });

  it('refuses another admin (403), teachers and students (403) and no session (401), changing nothing', async () => {
    const other = await createUser({ role: 1 });
    const otherAdminCookie = await signIn(app, other.user.email, other.password);
    const complaint = await fileComplaint(teacher, 2, 'Mine to undo', '2025-07-05T09:00:00Z');
    await app.request(`${PATH}/${complaint.id}/disapprove`, jsonRequest('POST', undefined, adminCookie));
    for (const cookie of [otherAdminCookie, teacherCookie, studentCookie]) expect((await undo(complaint.id, cookie)).status).toBe(403);
    expect((await app.request(`${PATH}/${complaint.id}/undo`, { method: 'POST' })).status).toBe(401);
    expect((await Complaint.findById(complaint.id).lean())?.status).toBe('disapproved');
  });
});

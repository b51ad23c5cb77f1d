import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.js';
import { Complaint, ComplaintDecision, User } from '../../../db/models/index.js';
import { createUser, jsonRequest, readJson, signIn } from '../../../test/factories.js';

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
  it('lists only unresolved complaints, oldest first, with the filer\'s name and role', async () => {
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
    expect(body).toMatchObject({ id: complaint.id, status, decidedBy: adminId, user: { name: student.name, role: 3 } });
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

  it('lets either the approval or the owner\'s deletion win, never both', async () => {
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
    expect((await Complaint.findById(complaint.id).lean())).toMatchObject({ status: 'disapproved', decidedBy: expect.anything() });
  });
});

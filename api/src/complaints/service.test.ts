import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { Complaint } from './model.js';
import { createUser } from '../test/factories.js';
import { deleteComplaint, fileComplaint, listComplaints } from './service.js';

/** The rules themselves, below any HTTP middleware (docs/product.md#complaint-status, docs/product.md#authorization-matrix, docs/product.md#derived-and-stored-data). */
describe('the complaint rules', () => {
  it('files On Hold complaints in the given role, and lists them newest first', async () => {
    const { user } = await createUser({ role: 3 });
    const first = await fileComplaint(user.id as string, 3, { title: 'One', description: 'd' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await fileComplaint(user.id as string, 3, { title: 'Two', description: 'd' });
    expect(first).toMatchObject({ status: null, role: 3, sId: user.id });
    expect((await listComplaints(user.id as string, 3)).map((c) => c.id)).toEqual([second.id, first.id]);
    expect(await listComplaints(user.id as string, 2)).toEqual([]);
  });

  it("deletes only the owner's complaint in the same role, never an approved one", async () => {
    const { user } = await createUser({ role: 3 });
    const { user: stranger } = await createUser({ role: 3 });
    const pending = await Complaint.create({ title: 'a', description: 'd', userId: user._id, role: 3 });
    const approved = await Complaint.create({ title: 'b', description: 'd', userId: user._id, role: 3, status: 'approved' });
    await expect(deleteComplaint(stranger.id as string, 3, pending.id as string)).rejects.toMatchObject({ status: 403 });
    await expect(deleteComplaint(user.id as string, 2, pending.id as string)).rejects.toMatchObject({ status: 403 });
    await expect(deleteComplaint(user.id as string, 3, approved.id as string)).rejects.toMatchObject({ status: 409 });
    await expect(deleteComplaint(user.id as string, 3, new Types.ObjectId().toHexString())).rejects.toMatchObject({ status: 404 });
    await deleteComplaint(user.id as string, 3, pending.id as string);
    expect(await Complaint.find({ userId: user._id }).distinct('title')).toEqual(['b']);
  });
});

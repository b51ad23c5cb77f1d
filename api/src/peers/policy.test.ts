import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { ROLES } from '../auth/roles.js';
import { Recording } from '../speaking/model.js';
import { createUser } from '../test/factories.js';
import { enroll, makeCourse } from '../test/testData.js';
import { PartnerMember } from './model.js';
import { authorizeModerator, authorizePeer, authorizePeerTake, authorizeRecipient, peerCircle } from './policy.js';

/** The 403 an `authorize…` rule throws, as `{status, code, message}`. */
const refusal = (message: string) => expect.objectContaining({ status: 403, code: 'forbidden', message });

/** A stored take of `studentId` for `task` (no audio: the rules read only the record). */
const take = (task: { _id: Types.ObjectId; courseId: Types.ObjectId }, studentId: Types.ObjectId) =>
  Recording.create({ taskId: task._id, studentId, courseId: task.courseId, file: { name: 'x.webm', type: 'audio/webm', size: 1 }, durationMs: 1000, submittedAt: new Date() });

/** Talk partners' rules below the routes, with their 403 messages pinned (docs/product.md#talk-partners). */
describe('the talk-partner policy', () => {
  it('lets a student in only on an opened task of their course, after their own take', async () => {
    const [{ user: student }, { user: stranger }] = await Promise.all([createUser({ role: ROLES.student }), createUser({ role: ROLES.student })]);
    const course = await makeCourse();
    await enroll(student._id, [course._id]);
    const task = { _id: new Types.ObjectId(), courseId: course._id, peerFeedback: 'class' as const };
    await expect(authorizePeer(student._id, { ...task, peerFeedback: 'off' })).rejects.toEqual(refusal('This task is not open to peer feedback.'));
    await expect(authorizePeer(student._id, { ...task, peerFeedback: null })).rejects.toEqual(refusal('This task is not open to peer feedback.'));
    await expect(authorizePeer(stranger._id, task)).rejects.toEqual(refusal('You are not enrolled in this task’s course.'));
    await expect(authorizePeer(student._id, task)).rejects.toEqual(refusal('Send your own take first.'));
    await take(task, student._id);
    await expect(authorizePeer(student._id, task)).resolves.toBeUndefined();
  });

  it('lets a student hear only a classmate’s take of the same task, within their group for partners', async () => {
    const users = await Promise.all([0, 1, 2].map(() => createUser({ role: ROLES.student })));
    const [a, b, c] = users.map((u) => u.user._id) as [Types.ObjectId, Types.ObjectId, Types.ObjectId];
    const course = await makeCourse();
    for (const id of [a, b, c]) await enroll(id, [course._id]);
    const task = { _id: new Types.ObjectId(), courseId: course._id, peerFeedback: 'partners' as const };
    const [own, theirs, third] = await Promise.all([take(task, a), take(task, b), take(task, c)]);
    await PartnerMember.insertMany([
      { taskId: task._id, courseId: course._id, studentId: a, group: 1 },
      { taskId: task._id, courseId: course._id, studentId: b, group: 1 },
      { taskId: task._id, courseId: course._id, studentId: c, group: 2 },
    ]);
    expect((await peerCircle(a, task))?.map(String)).toEqual([String(b)]);
    expect(await peerCircle(a, { ...task, peerFeedback: 'class' })).toBeNull();
    await expect(authorizePeerTake(a, task, theirs)).resolves.toBeUndefined();
    await expect(authorizePeerTake(a, task, own)).rejects.toEqual(refusal('This is your own take: listen to it on your task.'));
    await expect(authorizePeerTake(a, task, third)).rejects.toEqual(refusal('This take is not one of your talk partners’.'));
    await expect(authorizePeerTake(a, task, { studentId: b, taskId: new Types.ObjectId() })).rejects.toEqual(refusal('This take is not one of your talk partners’.'));
    await expect(authorizePeerTake(a, { ...task, peerFeedback: 'class' }, third)).resolves.toBeUndefined();
  });

  it('lets the course’s current teacher and admins moderate, and only the recipient report', async () => {
    const [{ user: teacher }, { user: other }, { user: admin }, { user: student }] = await Promise.all([
      createUser({ role: ROLES.teacher }),
      createUser({ role: ROLES.teacher }),
      createUser({ role: ROLES.admin }),
      createUser({ role: ROLES.student }),
    ]);
    const feedback = { courseId: (await makeCourse({ instructorId: teacher._id }))._id, recipientId: student._id };
    await expect(authorizeModerator(teacher, feedback)).resolves.toBeUndefined();
    await expect(authorizeModerator(admin, feedback)).resolves.toBeUndefined();
    for (const who of [other, student]) await expect(authorizeModerator(who, feedback)).rejects.toEqual(refusal('This feedback is not from one of your courses.'));
    expect(() => authorizeRecipient(student, feedback)).not.toThrow();
    for (const who of [teacher, admin]) expect(() => authorizeRecipient(who, feedback)).toThrow(refusal('Only the student it is for can report it.'));
  });
});

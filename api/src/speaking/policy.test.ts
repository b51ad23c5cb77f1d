import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { ROLES } from '../auth/roles.js';
import { createUser } from '../test/factories.js';
import { enroll, makeCourse } from '../test/testData.js';
import { authorizeFeedbackAuthor, authorizeRecorder, authorizeTaskCourse, authorizeTaskOwner } from './policy.js';

/** The 403 an `authorize…` rule throws, as `{status, code, message}`. */
const refusal = (message: string) => expect.objectContaining({ status: 403, code: 'forbidden', message });

/** Speaking practice's task and feedback rules, below the routes (docs/product.md#speaking-practice). */
describe('the speaking policy', () => {
  it('lets only the course’s current teacher set a task in it', async () => {
    const [{ user: teacher }, { user: other }] = await Promise.all([createUser({ role: ROLES.teacher }), createUser({ role: ROLES.teacher })]);
    const course = await makeCourse({ instructorId: teacher._id });
    expect(() => authorizeTaskCourse(teacher, course)).not.toThrow();
    for (const [who, c] of [[other, course] as const, [teacher, null] as const]) {
      expect(() => authorizeTaskCourse(who, c)).toThrow(refusal('This course is not one of your courses.'));
    }
  });

  it('lets the course’s teacher and admins change a task, nobody else', async () => {
    const [{ user: teacher }, { user: other }, { user: admin }] = await Promise.all([
      createUser({ role: ROLES.teacher }),
      createUser({ role: ROLES.teacher }),
      createUser({ role: ROLES.admin }),
    ]);
    const task = { courseId: (await makeCourse({ instructorId: teacher._id }))._id };
    await expect(authorizeTaskOwner(teacher, task)).resolves.toBeUndefined();
    await expect(authorizeTaskOwner(admin, task)).resolves.toBeUndefined();
    await expect(authorizeTaskOwner(other, task)).rejects.toEqual(refusal('This is not one of your speaking tasks.'));
  });

  it('lets a student send a take only to a task of a course they are enrolled in', async () => {
    const { user: student } = await createUser({ role: ROLES.student });
    const [mine, theirs] = await Promise.all([makeCourse(), makeCourse()]);
    await enroll(student._id, [mine._id]);
    await expect(authorizeRecorder(student._id, { courseId: mine._id })).resolves.toBeUndefined();
    await expect(authorizeRecorder(student._id, { courseId: theirs._id })).rejects.toEqual(refusal('You are not enrolled in this task’s course.'));
  });

  it('lets only the teacher who gave feedback change it', () => {
    const teacher = { _id: new Types.ObjectId(), role: ROLES.teacher };
    expect(() => authorizeFeedbackAuthor(teacher, { teacherId: teacher._id })).not.toThrow();
    for (const teacherId of [new Types.ObjectId(), null]) {
      expect(() => authorizeFeedbackAuthor(teacher, { teacherId })).toThrow(refusal('Only the teacher who gave this feedback can change it.'));
    }
  });
});

import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { ROLES } from '../auth/roles.js';
import { createUser } from '../test/factories.js';
import { enroll, makeCourse } from '../test/testData.js';
import { authorizeOverviewCourse, authorizeTeacherOfStudent, mayReadStudentProfile } from './policy.js';

const refusal = (message: string) => expect.objectContaining({ status: 403, code: 'forbidden', message });

/** Who reads a student's Oracy profile (docs/product.md#oracy-profile), below the routes. */
describe('the Oracy profile policy', () => {
  it('gives the profile to the student, their current teacher and admins only', async () => {
    const [{ user: student }, { user: teacher }, { user: other }, { user: admin }, { user: classmate }] = await Promise.all([
      createUser({ role: ROLES.student }),
      createUser({ role: ROLES.teacher }),
      createUser({ role: ROLES.teacher }),
      createUser({ role: ROLES.admin }),
      createUser({ role: ROLES.student }),
    ]);
    await enroll(student._id, [(await makeCourse({ instructorId: teacher._id }))._id]);
    const answers = await Promise.all([student, teacher, admin, other, classmate].map((who) => mayReadStudentProfile(who, student._id)));
    expect(answers).toEqual([true, true, true, false, false]);
    await expect(authorizeTeacherOfStudent(teacher._id, student._id)).resolves.toBeUndefined();
    await expect(authorizeTeacherOfStudent(other._id, student._id)).rejects.toEqual(refusal('This student is not in your courses.'));
  });

  it('narrows a teacher’s overview only to a course of theirs', () => {
    expect(() => authorizeOverviewCourse(undefined, [])).not.toThrow();
    expect(() => authorizeOverviewCourse(String(new Types.ObjectId()), [new Types.ObjectId()])).not.toThrow();
    expect(() => authorizeOverviewCourse(String(new Types.ObjectId()), [])).toThrow(refusal('This course is not one of your courses.'));
  });
});

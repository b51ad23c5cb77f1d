import { z } from 'zod';
import { oracyLevelSchema } from '../platform/http/fields.js';

/* The dashboards' figures as the API answers them (docs/product.md#stats-records). */

/** A month of the dashboards' activity charts: `YYYY-MM` on the UTC calendar (`dashboards/activity.ts`). */
const activityMonth = () => z.string().meta({ description: 'the month, `YYYY-MM` on the UTC calendar' });

/** One month of a student's activity chart (`StudentActivityMonth`, docs/product.md#student-dashboard). */
export const studentActivityMonthSchema = z
  .object({
    month: activityMonth(),
    completedCourses: z.number().meta({ description: 'enrolled courses completed in the month' }),
    completedAssignments: z.number().meta({ description: 'assignments of the enrolled courses the student completed in the month' }),
  })
  .meta({ id: 'StudentActivityMonth' });

/** A student's figures (`StudentStats`, docs/product.md#stats-records). */
export const studentStatsSchema = z
  .object({
    totalCourses: z.number(),
    completedCourses: z.number(),
    totalAssignments: z.number(),
    oracyLevel: oracyLevelSchema,
    selfAssessed: z.boolean().meta({ description: 'whether the student has ever submitted the self-assessment' }),
    activity: z.array(studentActivityMonthSchema).meta({ description: 'the last six months, oldest first, the current one last; a month without any is 0' }),
  })
  .meta({ id: 'StudentStats' });

/** A teacher's figures (`TeacherStats`, docs/product.md#stats-records). */
export const teacherStatsSchema = z.object({ totalCourses: z.number(), totalAssignments: z.number(), completedAssignments: z.number() }).meta({ id: 'TeacherStats' });

/** The admin's figures (`AdminStats`, docs/product.md#stats-records). */
export const adminStatsSchema = z
  .object({
    totalStudents: z.number(),
    totalTeachers: z.number(),
    totalCourses: z.number(),
    activity: z
      .array(
        z.object({ month: activityMonth(), newUsers: z.number().meta({ description: 'accounts of any role created in the month that still exist' }) }).meta({ id: 'AdminActivityMonth' }),
      )
      .meta({ description: 'the last six months, oldest first, the current one last; a month without any is 0' }),
  })
  .meta({ id: 'AdminStats' });

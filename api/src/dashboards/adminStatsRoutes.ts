import { Hono } from 'hono';
import type { AppEnv } from '../auth/context.js';
import { requireRole } from '../auth/middleware.js';
import { ROLES } from '../auth/roles.js';
import { adminStats } from '../people/service.js';
import { adminStatsSchema } from './statsSchema.js';
import { describe, json } from '../platform/http/describe.js';

/**
 * `GET /api/admin/stats` (docs/product.md#admin-dashboard, docs/product.md#stats-and-export-calls), mounted
 * at `/api`: admins only (401 / 403) → 200 `{totalStudents, totalTeachers,
 * totalCourses, activity}` (`AdminStats`), counted from the database on each call.
 */
export const adminStatsRoutes = new Hono<AppEnv>().get(
  '/admin/stats',
  describe({
    summary: 'Figures for the admin dashboard',
    tag: 'Stats and export',
    success: { status: 200, answer: json('Counts of students, teachers and courses, and new users per month for the last six months.', adminStatsSchema) },
  }),
  requireRole(ROLES.admin),
  async (c) => c.json(await adminStats(), 200),
);

import { Hono } from 'hono';
import type { AppEnv } from '../auth/context.js';
import { requireRole } from '../auth/middleware.js';
import { ROLES } from '../auth/roles.js';
import { adminStats } from '../people/service.js';
import { adminStatsSchema } from './statsSchema.js';
import { describe, json } from '../platform/http/describe.js';

/** Mounted at `/api`; the calls and their rules: docs/product.md#admin-dashboard (the reference: `/api/docs`). */
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

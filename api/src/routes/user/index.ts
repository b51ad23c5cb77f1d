import { Hono } from 'hono';
import type { AppEnv } from '../../auth/context.js';
import { requireSelfOrAdmin } from '../../auth/middleware.js';
import { User } from '../../db/models/index.js';
import { presentProfile } from '../../presenters/user.js';
import { notFound } from '../../errors.js';
import { validate } from '../../validation.js';
import { profileParamSchema } from './schema.js';

/**
 * `GET /api/user/profile/:userId` (docs/product.md#admin-profile, docs/product.md#user-calls), mounted at `/api`:
 * the user themself or an admin (docs/product.md#authorization-matrix: 401 without a session, 400
 * malformed id, 403 someone else's id) → 200 `{name, email, role}`; 404 when
 * no such user.
 */
export const userRoutes = new Hono<AppEnv>().get(
  '/user/profile/:userId',
  requireSelfOrAdmin('userId'),
  validate('param', profileParamSchema),
  async (c) => {
    const user = await User.findById(c.req.valid('param').userId, { name: 1, email: 1, role: 1 }).lean();
    if (!user) throw notFound('No such user.');
    return c.json(presentProfile(user), 200);
  },
);

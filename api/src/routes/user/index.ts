import { Hono } from 'hono';
import type { AppEnv } from '../../auth/context.js';
import { requireAuth, requireSelfOrAdmin } from '../../auth/middleware.js';
import { User } from '../../db/models/index.js';
import { presentProfile } from '../../presenters/user.js';
import { notFound } from '../../errors.js';
import { validate } from '../../validation.js';
import { profileParamSchema, userLanguageBodySchema } from './schema.js';

/**
 * The signed-in user's own calls, mounted at `/api`:
 * - `GET /api/user/profile/:userId` (docs/product.md#admin-profile, docs/product.md#user-calls):
 *   the user themself or an admin (docs/product.md#authorization-matrix: 401 without a session,
 *   400 malformed id, 403 someone else's id) → 200 `{name, email, role}`; 404 when no such user.
 * - `PUT /api/user/language` `{language: "English"|"Spanish"|"French"|null}` (docs/product.md#language):
 *   any signed-in user (401 without a session) chooses the language the PWA shows them, null
 *   following the school's → 200 `{language}`; 400 naming the field for anything else.
 */
export const userRoutes = new Hono<AppEnv>()
  .get('/user/profile/:userId', requireSelfOrAdmin('userId'), validate('param', profileParamSchema), async (c) => {
    const user = await User.findById(c.req.valid('param').userId, { name: 1, email: 1, role: 1 }).lean();
    if (!user) throw notFound('No such user.');
    return c.json(presentProfile(user), 200);
  })
  .put('/user/language', requireAuth, validate('json', userLanguageBodySchema), async (c) => {
    const { language } = c.req.valid('json');
    await User.updateOne({ _id: c.var.user._id }, { $set: { language } }, { runValidators: true });
    return c.json({ language }, 200);
  });

import { Hono } from 'hono';
import type { AppEnv } from '../auth/context.js';
import { requireRole } from '../auth/middleware.js';
import { ROLES } from '../auth/roles.js';
import { badRequest } from '../platform/http/errors.js';
import { validate } from '../platform/http/validation.js';
import { changeRoleEndingSockets, deletePerson, listPeople } from './service.js';
import { createAccount, resetPassword } from './accounts.js';
import { newUserBodySchema, peopleListQuerySchema, roleChangeBodySchema, userIdParamSchema } from './usersSchema.js';
import type { UploadStores } from '../platform/uploads.js';
import type { SocketRevocation } from '../chat/revocation.js';

/**
 * The users table's calls (docs/product.md#users-table, docs/product.md#admin-user-calls; docs/product.md#authorization-matrix, docs/product.md#error-format, docs/product.md#clarified-behaviour),
 * mounted at `/api`. Admins only: 401 without a session, 403 for any other
 * role — guarded per route, never on all of `/api/admin/*` (the notices
 * there are open to every signed-in user).
 *
 * - `GET /admin/users?page&limit|rowsPerPage&search` → 200
 *   `{users: [{id, name, email, role}], total}`, sorted by name then id.
 * - `PUT /admin/users/:id/role` with `{role}` or `{id, newRole}` → 200 the
 *   updated `{id, name, email, role}`; the user's live sessions carry the new
 *   role from their next request; a user moved away from admin loses their
 *   open discussion sockets at once. 404 no such user; 409 when it would leave
 *   no admin.
 * - `DELETE /admin/users/:id` → 204 after the cascade of `deletePerson`,
 *   which also ends the user's discussion sockets; 409 for oneself or the last admin; 404 no such user.
 * - `POST /admin/users` with `{firstName, lastName, email, role}` → 201
 *   `{user: {id, name, email, role}, oneTimePassword}` (docs/product.md#admin-made-accounts): the
 *   one-time password is in this answer only; 409 when the email is taken.
 * - `POST /admin/users/:id/reset-password` (no body) → 200 `{user, oneTimePassword}`
 *   (docs/product.md#password-reset): every session and discussion socket of the user ends; 404 no
 *   such user; 409 for oneself.
 */
export const createAdminUsersRoutes = (opts: { uploads: UploadStores; sockets?: SocketRevocation }) =>
  new Hono<AppEnv>()
    .get('/admin/users', requireRole(ROLES.admin), validate('query', peopleListQuerySchema), async (c) => {
      const { people, total } = await listPeople(c.req.valid('query'));
      return c.json({ users: people, total }, 200);
    })
    .post('/admin/users', requireRole(ROLES.admin), validate('json', newUserBodySchema), async (c) => {
      return c.json(await createAccount(c.req.valid('json')), 201);
    })
    .post('/admin/users/:id/reset-password', requireRole(ROLES.admin), validate('param', userIdParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      const grant = await resetPassword(id, { actorId: c.var.user.id as string });
      opts.sockets?.endUserSockets(grant.user.id);
      return c.json(grant, 200);
    })
    .put('/admin/users/:id/role', requireRole(ROLES.admin), validate('param', userIdParamSchema), validate('json', roleChangeBodySchema), async (c) => {
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      if (body.id && body.id.toLowerCase() !== id.toLowerCase()) {
        throw badRequest('The id in the body must be the id in the path.', { id: 'Must equal the id in the path.' });
      }
      return c.json(await changeRoleEndingSockets(id, body.role, opts.sockets), 200);
    })
    .delete('/admin/users/:id', requireRole(ROLES.admin), validate('param', userIdParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      await deletePerson(id, { actorId: c.var.user.id as string, uploads: opts.uploads });
      opts.sockets?.endUserSockets(id.toLowerCase());
      return c.body(null, 204);
    });

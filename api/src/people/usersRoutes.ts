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
import { oneTimePasswordGrantSchema, personSchema, usersPageSchema } from './answers.js';
import { describe, json, noBody, NOT_JSON } from '../platform/http/describe.js';

/** Mounted at `/api`; the calls and their rules: docs/product.md#users-table (the reference: `/api/docs`). */
export const createAdminUsersRoutes = (opts: { uploads: UploadStores; sockets?: SocketRevocation }) =>
  new Hono<AppEnv>()
    .get(
      '/admin/users',
      describe({
        summary: 'A page of users',
        tag: 'Users',
        success: { status: 200, answer: json('The page, sorted by name, and the count of every match.', usersPageSchema) },
      }),
      requireRole(ROLES.admin),
      validate('query', peopleListQuerySchema),
      async (c) => {
        const { people, total } = await listPeople(c.req.valid('query'));
        return c.json({ users: people, total }, 200);
      },
    )
    .post(
      '/admin/users',
      describe({
        summary: 'Make an account with a one-time password',
        tag: 'Users',
        description:
          'The server makes the one-time password and answers it this once; it is stored only as a hash. The user must choose their own password at their next sign-in (docs/product.md#admin-made-accounts).',
        success: { status: 201, answer: json('Made; the one-time password is in this answer only.', oneTimePasswordGrantSchema) },
        errors: { 409: 'A user with this email already exists.', 415: NOT_JSON },
      }),
      requireRole(ROLES.admin),
      validate('json', newUserBodySchema),
      async (c) => {
        return c.json(await createAccount(c.req.valid('json')), 201);
      },
    )
    .post(
      '/admin/users/:id/reset-password',
      describe({
        summary: "Reset a user's password",
        tag: 'Users',
        description:
          'Gives the user a new one-time password, answered this once; the old password stops working and every session and discussion socket of the user ends (docs/product.md#password-reset).',
        success: { status: 200, answer: json('Reset; the one-time password is in this answer only.', oneTimePasswordGrantSchema) },
        errors: { 404: 'No user has this id.', 409: 'Oneself.' },
      }),
      requireRole(ROLES.admin),
      validate('param', userIdParamSchema),
      async (c) => {
        const { id } = c.req.valid('param');
        const grant = await resetPassword(id, { actorId: c.var.user.id as string });
        opts.sockets?.endUserSockets(grant.user.id);
        return c.json(grant, 200);
      },
    )
    .put(
      '/admin/users/:id/role',
      describe({
        summary: "Change a user's role",
        tag: 'Users',
        description: "The user's live sessions carry the new role from their next request (docs/product.md#role-change).",
        success: { status: 200, answer: json('The updated user.', personSchema) },
        errors: { 404: 'No user has this id.', 409: 'It would leave no admin.', 415: NOT_JSON },
      }),
      requireRole(ROLES.admin),
      validate('param', userIdParamSchema),
      validate('json', roleChangeBodySchema),
      async (c) => {
        const { id } = c.req.valid('param');
        const body = c.req.valid('json');
        if (body.id && body.id.toLowerCase() !== id.toLowerCase()) {
          throw badRequest('The id in the body must be the id in the path.', { id: 'Must equal the id in the path.' });
        }
        return c.json(await changeRoleEndingSockets(id, body.role, opts.sockets), 200);
      },
    )
    .delete(
      '/admin/users/:id',
      describe({
        summary: 'Delete a user',
        tag: 'Users',
        success: { status: 204, answer: noBody('Deleted, with everything that was theirs.') },
        errors: { 404: 'No user has this id.', 409: 'Oneself, or the last admin.' },
      }),
      requireRole(ROLES.admin),
      validate('param', userIdParamSchema),
      async (c) => {
        const { id } = c.req.valid('param');
        await deletePerson(id, { actorId: c.var.user.id as string, uploads: opts.uploads });
        opts.sockets?.endUserSockets(id.toLowerCase());
        return c.body(null, 204);
      },
    );

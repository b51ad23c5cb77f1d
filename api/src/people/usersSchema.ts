import { z } from 'zod';
import { OBJECT_ID_PATTERN } from '../auth/middleware.js';
import { emailAddress, personName } from '../auth/schema.js';
import { ROLE_VALUES, type Role } from '../auth/roles.js';

/** Largest page size of a people list (docs/product.md#clarified-behaviour). */
export const MAX_PAGE_SIZE = 100;
/** Page size when the query names none (docs/product.md#clarified-behaviour, docs/product.md#constants-and-limits). */
export const DEFAULT_PAGE_SIZE = 10;

const pageSize = z.coerce
  .number({ error: `Must be a whole number from 1 to ${MAX_PAGE_SIZE}.` })
  .int({ error: `Must be a whole number from 1 to ${MAX_PAGE_SIZE}.` })
  .min(1, { error: `Must be a whole number from 1 to ${MAX_PAGE_SIZE}.` })
  .max(MAX_PAGE_SIZE, { error: `Must be a whole number from 1 to ${MAX_PAGE_SIZE}.` });

/**
 * The query of every people list — `GET /api/admin/users`, `/students`,
 * `/teachers` (docs/product.md#api, docs/product.md#clarified-behaviour). Both names of the page-size parameter
 * are accepted; `limit` wins when both are sent. The output is
 * `{page, limit, search}`, ready for `listPeople`.
 */
export const peopleListQuerySchema = z
  .object({
    /** 1-based page number; default 1. */
    page: z.coerce
      .number({ error: 'Must be a whole number from 1.' })
      .int({ error: 'Must be a whole number from 1.' })
      .min(1, { error: 'Must be a whole number from 1.' })
      .max(1_000_000, { error: 'Must be at most 1000000.' })
      .default(1),
    /** rows per page, 1–100 (one reading of docs/product.md#api). */
    limit: pageSize.optional(),
    /** rows per page, 1–100 (the other reading of docs/product.md#api). */
    rowsPerPage: pageSize.optional(),
    /** text to find in the name or email, case-insensitive, taken literally (no regex); at most 200 characters. */
    search: z.string().max(200, { error: 'Must be at most 200 characters.' }).optional(),
  })
  .transform(({ page, limit, rowsPerPage, search }) => ({
    page,
    limit: limit ?? rowsPerPage ?? DEFAULT_PAGE_SIZE,
    search: search?.trim() || undefined,
  }));

/** A MongoDB ObjectId as 24 hex digits (docs/product.md#authorization-matrix: a malformed id is a 400). */
export const objectId = z.string().regex(OBJECT_ID_PATTERN, { error: 'Must be a valid id.' });

/** The `:id` path parameter of `/api/admin/users/:id…`. */
export const userIdParamSchema = z.object({
  /** the user's id (24 hex digits). */
  id: objectId,
});

const ROLE_MESSAGE = 'Must be 1 (Admin), 2 (Teacher) or 3 (Student).';
/** A role code 1, 2 or 3 (docs/product.md#roles-and-permissions), as a number or a numeric string ("2", as the PWA stores roles). */
const role = z
  .union([z.number(), z.string().regex(/^\d$/).transform(Number)], { error: ROLE_MESSAGE })
  .refine((value): value is Role => (ROLE_VALUES as readonly number[]).includes(value), { error: ROLE_MESSAGE })
  .transform((value) => value as Role);

/**
 * The body of `PUT /api/admin/users/:id/role` in both readings of docs/product.md#api
 * (docs/product.md#clarified-behaviour): `{role}` or `{id, newRole}`. When `id` is sent it must be
 * the path's id; when both `role` and `newRole` are sent they must agree.
 */
export const roleChangeBodySchema = z
  .object({
    /** the new role, 1 admin, 2 teacher, 3 student (first reading). */
    role: role.optional(),
    /** the new role (second reading, with `id`). */
    newRole: role.optional(),
    /** the user's id (second reading); must equal the path's `:id`. */
    id: objectId.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.role === undefined && body.newRole === undefined) {
      ctx.addIssue({ code: 'custom', path: ['role'], message: 'Required: send role (or newRole).' });
    } else if (body.role !== undefined && body.newRole !== undefined && body.role !== body.newRole) {
      ctx.addIssue({ code: 'custom', path: ['newRole'], message: 'Must equal role when both are sent.' });
    }
  })
  .transform((body) => ({ role: (body.role ?? body.newRole) as Role, id: body.id }));

/**
 * The body of `POST /api/admin/users` (docs/product.md#admin-made-accounts): a new person; the
 * server makes their one-time password. Unknown fields are refused (a `password` among them: the
 * admin never chooses it).
 */
export const newUserBodySchema = z.strictObject({
  /** NFC, trimmed, 1–100 characters, no control, invisible or blank character, at least one letter (docs/product.md#names-and-titles). */
  firstName: personName('Enter a first name.'),
  /** NFC, trimmed, 1–100 characters, no control, invisible or blank character, at least one letter (docs/product.md#names-and-titles). */
  lastName: personName('Enter a last name.'),
  /** A valid address, trimmed and lower-cased, ≤ 254 characters; unique among users (409 otherwise). */
  email: emailAddress('Enter an email.'),
  /** 1 (Admin), 2 (Teacher) or 3 (Student), as a number or a numeric string. */
  role,
});

import { Hono, type Env, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../auth/context.js';
import { requireRole, requireSelfOrAdmin } from '../auth/middleware.js';
import { ROLES } from '../auth/roles.js';
import { payloadTooLarge } from '../platform/http/errors.js';
import { validate } from '../platform/http/validation.js';
import { deleteComplaint, fileComplaint, listComplaints, type FilerRole, type NewComplaint } from './service.js';
import { idempotency } from '../platform/http/idempotency.js';
import { findPerson } from '../dashboards/stats.js';
import { complaintIdParamSchema, deletedIdSchema, studentComplaintSchema, teacherComplaintSchema } from './schema.js';
import { complaintJsonSchema } from './presenter.js';
import { describe, IDEMPOTENCY_CONFLICT, idempotencyKey, idQuery, json, NOT_JSON, TOO_LARGE, type RouteDoc } from '../platform/http/describe.js';
import { z } from 'zod';

/** Largest complaint body accepted, in bytes (a 5000-character description with room for escapes); larger → 413. */
const COMPLAINT_BODY_LIMIT = 64 * 1024;

/** `bodyLimit` answering 413 in the docs/product.md#error-format shape. */
const complaintBodyLimit = bodyLimit({
  maxSize: COMPLAINT_BODY_LIMIT,
  onError: () => {
    throw payloadTooLarge();
  },
});

/** The validated POST body every filer's validator yields (its input type differs by filer). */
interface ComplaintBodyInput {
  in: { json: unknown };
  out: { json: NewComplaint };
}

/** The input type of a filer's body validator, so each mounted copy keeps its own body type for `hc`. */
type BodyInputOf<V> = V extends MiddlewareHandler<Env, string, infer I extends ComplaintBodyInput> ? I : never;

/**
 * What differs between the filers of docs/product.md#student-calls and docs/product.md#teacher-calls:
 * the role that files (and, with an admin, reads) the complaints; the query parameter naming the
 * owner of a list (`sId`, `tId`); and the body validator, whose schema accepts and ignores the owner
 * fields that role's clients send (`sId`/`studentId`, `tId`).
 */
const FILERS = {
  student: { role: ROLES.student, ownerQuery: 'sId', body: validate('json', studentComplaintSchema) },
  teacher: { role: ROLES.teacher, ownerQuery: 'tId', body: validate('json', teacherComplaintSchema) },
} as const;

/** The areas that have complaints: `student` and `teacher`. */
type FilerArea = keyof typeof FILERS;

/**
 * The complaint routes of one area (docs/product.md#student-complaints,
 * docs/product.md#teacher-complaints): the same three calls for students and
 * teachers, told apart by the path and the owner's query parameter.
 */
function complaintDocs(area: FilerArea, ownerQuery: string): Record<'list' | 'file' | 'withdraw', RouteDoc> {
  return {
    list: {
      summary: `A ${area}'s complaints`,
      tag: 'Complaints',
      success: { status: 200, answer: json('The complaints, newest first.', z.array(complaintJsonSchema)) },
      errors: { 404: `No ${area} has this id.` },
      parameters: [idQuery(ownerQuery, area)],
    },
    file: {
      summary: `File a complaint (${area})`,
      tag: 'Complaints',
      description: `${area === 'student' ? 'Students' : 'Teachers'} only (docs/product.md#${area}-complaints).`,
      success: { status: 201, answer: json('Filed.', complaintJsonSchema) },
      errors: { 409: IDEMPOTENCY_CONFLICT, 413: TOO_LARGE, 415: NOT_JSON },
      parameters: [idempotencyKey],
    },
    withdraw: {
      summary: `Withdraw a complaint (${area})`,
      tag: 'Complaints',
      success: { status: 200, answer: json('Withdrawn.', deletedIdSchema) },
      errors: { 404: 'No complaint has this id.', 409: 'An approved complaint cannot be deleted.' },
    },
  };
}

/** Mounted at `/api`; the calls and their rules: docs/product.md#student-complaints (the reference: `/api/docs`). */
export function complaintRoutesFor<A extends FilerArea>(area: A) {
  const { role, ownerQuery, body } = FILERS[area];
  return complaintRoutes<`/${A}/complaints`, BodyInputOf<(typeof FILERS)[A]['body']>>(`/${area}/complaints`, role, ownerQuery, body, complaintDocs(area, ownerQuery));
}

/** The routes of {@link complaintRoutesFor} for one filer, at `path`. */
function complaintRoutes<P extends string, I extends ComplaintBodyInput>(
  path: P,
  role: FilerRole,
  ownerQuery: string,
  body: MiddlewareHandler<Env, string, I>,
  docs: Record<'list' | 'file' | 'withdraw', RouteDoc>,
) {
  return (
    new Hono<AppEnv>()
      // an outbox replay with the same Idempotency-Key gets the first answer, never a second complaint.
      .use(path, idempotency())
      .get(path, describe(docs.list), requireRole(role, ROLES.admin), requireSelfOrAdmin(ownerQuery), async (c) => {
        const owner = await findPerson(c.req.query(ownerQuery) ?? '', role);
        return c.json(await listComplaints(String(owner._id), role), 200);
      })
      .post(path, describe(docs.file), requireRole(role), complaintBodyLimit, body, async (c) => {
        const { title, description } = c.req.valid('json');
        return c.json(await fileComplaint(c.var.user.id as string, role, { title, description }), 201);
      })
      .delete(`${path}/:id`, describe(docs.withdraw), requireRole(role), validate('param', complaintIdParamSchema), async (c) => {
        const { id } = c.req.valid('param');
        await deleteComplaint(c.var.user.id as string, role, id);
        return c.json({ id }, 200);
      })
  );
}

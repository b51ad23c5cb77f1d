import type { MiddlewareHandler } from 'hono';
import { describeRoute } from 'hono-openapi';
import { findTargetHandler } from 'hono/utils/handler';
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import { IDEMPOTENCY_HEADER, KEY_LENGTH } from './idempotency.js';

/*
 * A route's OpenAPI description, declared on the route itself (docs/architecture.md#a-routes-description):
 * `describe(doc)` is a middleware placed first in the route's declaration; `openapi/document.ts`
 * finds it in `app.routes` and merges it into the operation built from the route's validators and guards.
 */

/** The groups of the reference, in the order it lists them. */
export const TAGS = [
  { name: 'Authentication', description: 'Sign-in, registration and the session cookie (docs/product.md#authentication-and-assessment-calls).' },
  { name: 'Health', description: 'Liveness and readiness for load balancers; no session.' },
  { name: 'Assessment', description: 'The oracy self-assessment (docs/product.md#self-assessment-flow).' },
  { name: 'Student', description: "A student's own data; an admin may read it too (docs/product.md#student-calls)." },
  { name: 'Teacher', description: "A teacher's own data; an admin may read it too (docs/product.md#teacher-calls)." },
  { name: 'Oracy profile', description: 'Strand scores, history and who needs attention (docs/product.md#oracy-profile).' },
  { name: 'Speaking practice', description: 'Speaking tasks, recorded answers and teachers’ feedback (docs/product.md#speaking-practice).' },
  { name: 'Delivery feedback', description: 'Pace, pauses, expression and volume of recordings, measured by the server (docs/product.md#delivery-feedback).' },
  { name: 'Complaints', description: 'Filing, withdrawing and moderating complaints (docs/product.md#complaint-moderation-calls).' },
  { name: 'Courses', description: 'Course management, admins only (docs/product.md#course-calls).' },
  { name: 'Notices', description: 'Notices: every signed-in user reads, admins write (docs/product.md#notice-calls).' },
  { name: 'Users', description: 'Users, students, teachers and course assignment, admins only (docs/product.md#admin-user-calls).' },
  { name: 'Settings', description: "The school's settings and backups, admins only (docs/product.md#settings)." },
  { name: 'Import', description: 'Importing people from a CSV or an export file, admins only (docs/product.md#import).' },
  { name: 'Stats and export', description: 'Figures and the user export, admins only (docs/product.md#stats-and-export-calls).' },
  { name: 'Chat', description: 'Chat attachments; the chat itself runs over Socket.IO (docs/product.md#real-time-socket).' },
  { name: 'Profile', description: 'Profiles (docs/product.md#user-calls).' },
  {
    name: 'Privacy',
    description:
      'The privacy notice: what Oracy stores, why, for how long and who can see it, without a session (docs/product.md#privacy); and "Download my data" (docs/product.md#download-my-data).',
  },
  { name: 'Documentation', description: 'This document and its reference page; no session.' },
] as const satisfies readonly OpenAPIV3_1.TagObject[];

/** A tag of `TAGS`. */
export type Tag = (typeof TAGS)[number]['name'];

/** A 4xx a route itself may answer (the guards' 401/403 and the validators' 400 are added from the route's middleware). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 416 | 429;

/** One answer of a route: its description and, unless it has no body, its schema (JSON unless `media` says otherwise). */
export interface AnswerDoc {
  /** what the answer means */
  description: string;
  /** the JSON body's shape (`schemas.ts`); omit for a body that is not JSON or for no body */
  schema?: z.ZodType;
  /** media type → OpenAPI schema for bodies that are not JSON, e.g. `{'text/csv': {type: 'string'}}` */
  media?: Record<string, OpenAPIV3_1.SchemaObject>;
  /** response headers, e.g. `Content-Disposition` */
  headers?: Record<string, OpenAPIV3_1.HeaderObject>;
}

/**
 * What the OpenAPI document says of one route beyond what its middleware tells (request
 * parameters and bodies come from its validators, security and 401/403 from its guards).
 */
export interface RouteDoc {
  /** one line for the reference's list */
  summary: string;
  /** the reference's group */
  tag: Tag;
  /** more, in Markdown; where the rule is documented */
  description?: string;
  /** the success status and its answer */
  success: { status: 200 | 201 | 202 | 204; answer: AnswerDoc };
  /** further non-error answers (e.g. 303 after a form, 503 when unhealthy) */
  others?: Partial<Record<number, AnswerDoc>>;
  /** every 4xx the route itself answers, with what it means there; the body is always `ErrorBody` */
  errors?: Partial<Record<ErrorStatus, string>>;
  /** true for a route that reads the session itself (no guard) and answers 401 without one */
  session?: true;
  /** a body the route reads without a validator: media type → zod schema */
  body?: { description?: string; content: Record<string, z.ZodType> };
  /** parameters the route reads without a validator (a query the guard checks, a header) */
  parameters?: OpenAPIV3_1.ParameterObject[];
}

export const json = (description: string, schema: z.ZodType): AnswerDoc => ({ description, schema });
export const noBody = (description: string): AnswerDoc => ({ description });

/** `{ok: true}` of `GET /api/health` and `GET`/`POST /auth/logout`. */
export const okSchema = z.object({ ok: z.literal(true) }).meta({ id: 'Ok' });

export const idempotencyKey: OpenAPIV3_1.ParameterObject = {
  in: 'header',
  name: IDEMPOTENCY_HEADER,
  required: false,
  description: `Makes a retried POST safe: a repeat with the same key and body gets the first answer (${KEY_LENGTH.min}–${KEY_LENGTH.max} visible characters).`,
  schema: { type: 'string', minLength: KEY_LENGTH.min, maxLength: KEY_LENGTH.max },
};

export const idQuery = (name: string, who: string): OpenAPIV3_1.ParameterObject => ({
  in: 'query',
  name,
  required: true,
  description: `The ${who}'s id: the caller's own, or any for an admin.`,
  schema: { type: 'string', pattern: '^[a-fA-F0-9]{24}$' },
});

export const TOO_LARGE = 'The body is larger than the route accepts.';
export const NOT_JSON = 'The body was not sent as `application/json`.';
export const IDEMPOTENCY_CONFLICT = 'The Idempotency-Key was used with another body, or its first request is still running.';

const ROUTE_DOC = Symbol('routeDoc');

/**
 * The route's description as a middleware (hono-openapi's `describeRoute`, which only calls `next`):
 * put it first in the route's declaration, e.g. `.get('/api/x', describe({...}), requireAuth, handler)`.
 * The whole `doc` rides along for `openapi/document.ts`, which builds the answers and bodies from it.
 */
export function describe(doc: RouteDoc): MiddlewareHandler {
  const spec = { summary: doc.summary, tags: [doc.tag], ...(doc.description ? { description: doc.description } : {}) };
  return Object.assign(describeRoute(spec), { [ROUTE_DOC]: doc });
}

/** The `RouteDoc` a handler of `app.routes` carries when it is a `describe(doc)` middleware (even mounted in a sub-app). */
export function routeDocOf(handler: unknown): RouteDoc | undefined {
  const target = findTargetHandler(handler as Parameters<typeof findTargetHandler>[0]) as { [ROUTE_DOC]?: RouteDoc };
  return target[ROUTE_DOC];
}

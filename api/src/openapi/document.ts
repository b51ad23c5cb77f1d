import type { Hono } from 'hono';
import type { RouterRoute } from 'hono/types';
import { generateSpecs, resolver } from 'hono-openapi';
import type { OpenAPIV3_1 } from 'openapi-types';
import type { z } from 'zod';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '../auth/sessions.js';
import { TAGS, routeDocOf, type AnswerDoc, type RouteDoc } from '../platform/http/describe.js';
import { errorBodySchema } from './schemas.js';
import { GUARD_RESPONSE_REFS, SESSION_SECURITY_SCHEME } from '../platform/http/openApiSecurity.js';

/** What the document is built from: an app's registered routes (`Hono#routes`), one entry per handler. */
export interface RoutedApp {
  readonly routes: RouterRoute[];
}

/** The OpenAPI 3.1 document `GET /api/openapi.json` answers. */
export type OpenApiDocument = OpenAPIV3_1.Document;

/**
 * Routes of the app that are not part of the JSON API, left out of the document on purpose:
 * the HTML sign-in pages (and the page that replaces a one-time password), the public upload files
 * and the PWA (its single-page fallback).
 * Written `METHOD /path` in Hono's syntax, as `app.routes` lists them.
 */
export const NOT_API_ROUTES: readonly string[] = ['GET /login', 'GET /register', 'GET /change-password', 'GET /uploads/:name', 'GET *'];

/**
 * True for a route the document must describe: a concrete method (not a `use`/`all` middleware
 * or catch-all) on `/api/*`, `/auth/*`, `/healthz` or `/readyz`, not in `NOT_API_ROUTES`.
 */
export function isApiRoute(method: string, path: string): boolean {
  if (method === 'ALL' || path.includes('*') || NOT_API_ROUTES.includes(`${method} ${path}`)) return false;
  return /^\/(api|auth)\//.test(path) || path === '/healthz' || path === '/readyz';
}

/** Hono's `/a/:id` as OpenAPI's `/a/{id}`. */
export function toOpenApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** OpenAPI's `/a/{id}` as Hono's `/a/:id` (as `app.routes` lists it). */
export function toHonoPath(path: string): string {
  return path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');
}

const ERROR_BODY_REF = '#/components/schemas/ErrorBody';
const errorContent = { 'application/json': { schema: { $ref: ERROR_BODY_REF } } };

/** The shared answers the guards, the validators and the app-wide middleware give. */
const SHARED_RESPONSES: Record<string, OpenAPIV3_1.ResponseObject> = {
  BadRequest: {
    description: 'The request is not valid: `validation_error` with `fields` naming each failing field, or `bad_request`.',
    content: errorContent,
  },
  Unauthorized: { description: 'No valid session (`unauthorized`).', content: errorContent },
  Forbidden: {
    description:
      "Not allowed (`forbidden`): another role, or someone else's record — or, on POST/PUT/PATCH/DELETE, a request from another site. Every `/api` call of a user who signed in with a one-time password answers 403 `password_change_required` until they have chosen their own (docs/product.md#one-time-passwords).",
    content: errorContent,
  },
  CrossSite: { description: 'The request came from another site (`forbidden`): every POST/PUT/PATCH/DELETE is refused then.', content: errorContent },
  PayloadTooLarge: {
    description: "The body is too large (`payload_too_large`): over 1 MB of JSON or 11 MB of multipart, or the route's own smaller limit.",
    content: errorContent,
  },
};

const UNSAFE_METHODS = new Set(['post', 'put', 'patch', 'delete']);
const BODY_METHODS = new Set(['post', 'put', 'patch']);
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

const DESCRIPTION = [
  'The HTTP API of Oracy (docs/product.md#api). Every answer is JSON unless said otherwise; every error is',
  '`{"error": {"code", "message", "fields"?, "reasons"?}}` (`ErrorBody`, docs/product.md#error-messages).',
  '',
  `Sign in with \`POST /auth/login\`: the session lives in an HttpOnly cookie, \`${SESSION_COOKIE}\` (\`${SECURE_SESSION_COOKIE}\` over HTTPS),`,
  'which the browser sends by itself. POST/PUT/PATCH/DELETE from another site are refused (403).',
  '',
  'The chat is not HTTP: it runs over Socket.IO at `/socket.io/` on this origin with the same session cookie',
  '(docs/product.md#real-time-socket) and is not described here.',
].join('\n');

/** Collects the named schemas the zod conversions produce. */
class SchemaCollector {
  readonly schemas: Record<string, OpenAPIV3_1.SchemaObject> = {};

  /** The OpenAPI schema of `schema`; its named parts go to `components.schemas`. */
  async convert(schema: z.ZodType): Promise<OpenAPIV3_1.SchemaObject> {
    const result = await resolver(schema).toOpenAPISchema();
    const { $defs, ...rest } = result.schema as OpenAPIV3_1.SchemaObject & { $defs?: Record<string, OpenAPIV3_1.SchemaObject> };
    Object.assign(this.schemas, $defs ?? {}, result.components?.schemas ?? {});
    return rest;
  }
}

async function answerObject(answer: AnswerDoc, collect: SchemaCollector): Promise<OpenAPIV3_1.ResponseObject> {
  const content: Record<string, OpenAPIV3_1.MediaTypeObject> = {};
  if (answer.schema) content['application/json'] = { schema: await collect.convert(answer.schema) };
  for (const [media, schema] of Object.entries(answer.media ?? {})) content[media] = { schema };
  return {
    description: answer.description,
    ...(Object.keys(content).length ? { content } : {}),
    ...(answer.headers ? { headers: answer.headers } : {}),
  };
}

/** Merges a route's `describe(doc)` into the operation built from the route's middleware. */
async function applyRouteDoc(op: OpenAPIV3_1.OperationObject, doc: RouteDoc, collect: SchemaCollector): Promise<void> {
  op.summary = doc.summary;
  op.tags = [doc.tag];
  if (doc.description) op.description = doc.description;
  const responses: OpenAPIV3_1.ResponsesObject = { ...op.responses };
  // hono-openapi's placeholder for a route without documented answers.
  if (responses['200'] && !('$ref' in responses['200']) && !responses['200'].description) delete responses['200'];
  responses[String(doc.success.status)] = await answerObject(doc.success.answer, collect);
  for (const [status, answer] of Object.entries(doc.others ?? {})) if (answer) responses[status] = await answerObject(answer, collect);
  for (const [status, description] of Object.entries(doc.errors ?? {})) responses[status] = { description, content: errorContent };
  op.responses = responses;
  if (doc.session) op.security = [{ [SESSION_SECURITY_SCHEME]: [] }];
  if (doc.parameters) op.parameters = [...(op.parameters ?? []), ...doc.parameters];
  if (doc.body) {
    const content: Record<string, OpenAPIV3_1.MediaTypeObject> = {};
    for (const [media, schema] of Object.entries(doc.body.content)) content[media] = { schema: await collect.convert(schema) };
    op.requestBody = { required: true, ...(doc.body.description ? { description: doc.body.description } : {}), content };
  }
}

/**
 * The `describe(doc)` of each route (`METHOD /path` → doc), and the routes without those middlewares:
 * the doc is merged here whole (its answers' schemas become named components in the order of the
 * paths), so hono-openapi is not handed it as well.
 */
export function splitRouteDocs(app: RoutedApp): { docs: Map<string, RouteDoc>; routes: RouterRoute[] } {
  const docs = new Map<string, RouteDoc>();
  const routes: RouterRoute[] = [];
  for (const route of app.routes) {
    const doc = routeDocOf(route.handler);
    if (doc) docs.set(`${route.method} ${route.path}`, doc);
    else routes.push(route);
  }
  return { docs, routes };
}

/**
 * Builds the OpenAPI 3.1 document of `app` (docs/product.md#api) by walking its registered routes
 * (`app.routes`): hono-openapi turns each route's validators into parameters and request bodies
 * (with the 400 they answer) and its guards (`platform/http/openApiSecurity.ts`) into the session-cookie security
 * and the 401/403; each route's `describe(doc)` (`platform/http/describe.ts`) adds the summary, tag and answers; the app-wide middleware adds 403
 * for a cross-site POST/PUT/PATCH/DELETE and 413 for a body over the limit. Routes of
 * `NOT_API_ROUTES` are left out. A route without `describe` keeps only what its middleware
 * tells (`openapi.test.ts` fails then).
 */
export async function buildOpenApiDocument(app: RoutedApp): Promise<OpenApiDocument> {
  const collect = new SchemaCollector();
  const errorBody = await collect.convert(errorBodySchema);
  const { docs, routes } = splitRouteDocs(app);
  // generateSpecs reads nothing of the app but its `routes`.
  const generated = await generateSpecs({ routes } as Hono, {
    documentation: {
      info: { title: 'Oracy API', version: '1.0.0', description: DESCRIPTION },
      tags: [...TAGS],
    },
    includeEmptyPaths: true,
    excludeStaticFile: false,
    exclude: NOT_API_ROUTES.map((route) => toOpenApiPath(route.slice(route.indexOf(' ') + 1))),
    defaultValidationErrorResponse: { $ref: GUARD_RESPONSE_REFS[400] } as unknown as OpenAPIV3_1.ResponseObject,
  });

  const paths: OpenAPIV3_1.PathsObject = {};
  for (const [path, item] of Object.entries(generated.paths)) {
    if (!item) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!op || !isApiRoute(method.toUpperCase(), toHonoPath(path))) continue;
      const key = `${method.toUpperCase()} ${toHonoPath(path)}`;
      const doc = docs.get(key);
      if (doc) await applyRouteDoc(op, doc, collect);
      if (op.security?.length) op.security = [{ [SESSION_SECURITY_SCHEME]: [] }];
      const responses = op.responses ?? {};
      if (UNSAFE_METHODS.has(method)) responses['403'] ??= { $ref: '#/components/responses/CrossSite' };
      if (BODY_METHODS.has(method)) responses['413'] ??= { $ref: '#/components/responses/PayloadTooLarge' };
      op.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
      (paths[path] ??= {})[method] = op;
    }
  }

  return {
    openapi: '3.1.0',
    info: generated.info,
    tags: generated.tags,
    paths,
    components: {
      schemas: { ...generated.components.schemas, ...collect.schemas, ErrorBody: collect.schemas.ErrorBody ?? errorBody },
      responses: SHARED_RESPONSES,
      securitySchemes: {
        [SESSION_SECURITY_SCHEME]: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: `The session cookie set by sign-in and registration; \`${SECURE_SESSION_COOKIE}\` over HTTPS.`,
        },
      },
      ...(generated.components.parameters ? { parameters: generated.components.parameters } : {}),
    },
  };
}

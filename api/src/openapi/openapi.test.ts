import { compileErrors, validate } from '@readme/openapi-parser';
import type { OpenAPIV3_1 } from 'openapi-types';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { getEnv } from '../platform/env.js';
import { isApiRoute, toOpenApiPath } from './document.js';
import { routeDocOf } from '../platform/http/describe.js';

const app = createApp({ env: getEnv() });
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** The operation at `method path` (Hono path syntax) of `doc`. */
function operation(doc: OpenAPIV3_1.Document, method: string, path: string): OpenAPIV3_1.OperationObject | undefined {
  const item = doc.paths?.[toOpenApiPath(path)] as Record<string, OpenAPIV3_1.OperationObject> | undefined;
  return item?.[method.toLowerCase()];
}

/** Every API route of the app as `METHOD /path` (Hono syntax), once each. */
function apiRoutes(): string[] {
  return [...new Set(app.routes.filter((r) => isApiRoute(r.method, r.path)).map((r) => `${r.method} ${r.path}`))];
}

describe('GET /api/openapi.json', () => {
  let doc: OpenAPIV3_1.Document;

  beforeAll(async () => {
    const res = await app.request('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
    doc = (await res.json()) as OpenAPIV3_1.Document;
  });

  it('is a valid OpenAPI 3.1 document, answered without a session', async () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Oracy API');
    expect(doc.info.description).toContain('Socket.IO');
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  it('describes every API route of the app, each once, by a describe() on the route', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(40);
    const missing = routes.filter((route) => !operation(doc, route.slice(0, route.indexOf(' ')), route.slice(route.indexOf(' ') + 1)));
    expect(missing).toEqual([]);
    const described = app.routes.filter((r) => routeDocOf(r.handler)).map((r) => `${r.method} ${r.path}`);
    expect(routes.filter((route) => !described.includes(route))).toEqual([]);
    expect(described.filter((route, i) => described.indexOf(route) !== i)).toEqual([]);
    // …and nothing the app does not have: a stale description is an error too.
    expect(described.filter((key) => !routes.includes(key))).toEqual([]);
  });

  it('gives every operation a summary, a tag and a success answer; leaves out the pages that are not API', () => {
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      for (const method of METHODS) {
        const op = item?.[method];
        if (!op) continue;
        expect(op.summary, `${method} ${path}`).toBeTruthy();
        expect(op.tags, `${method} ${path}`).toHaveLength(1);
        expect(
          Object.keys(op.responses ?? {}).some((status) => /^2/.test(status)),
          `${method} ${path}`,
        ).toBe(true);
      }
    }
    for (const path of ['/login', '/register', '/change-password', '/uploads/{name}', '*', '/api/*']) expect(doc.paths?.[path]).toBeUndefined();
  });

  it('puts the session cookie and the 401/403 on guarded routes, the 400 on validated ones', () => {
    expect(doc.components?.securitySchemes?.sessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'oracy_session' });

    const guarded = operation(doc, 'GET', '/api/admin/courses');
    expect(guarded?.security).toEqual([{ sessionCookie: [] }]);
    expect(guarded?.responses?.['401']).toEqual({ $ref: '#/components/responses/Unauthorized' });
    expect(guarded?.responses?.['403']).toEqual({ $ref: '#/components/responses/Forbidden' });

    const self = operation(doc, 'GET', '/api/student/stats/{studentId}');
    expect(self?.security).toEqual([{ sessionCookie: [] }]);
    expect(Object.keys(self?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404']));

    const signedIn = operation(doc, 'GET', '/api/admin/notice');
    expect(signedIn?.security).toEqual([{ sessionCookie: [] }]);
    expect(signedIn?.responses?.['403']).toBeUndefined();

    for (const open of ['/healthz', '/api/openapi.json', '/api/docs']) expect(operation(doc, 'GET', open)?.security).toBeUndefined();

    const validated = operation(doc, 'PUT', '/api/admin/notice/{id}');
    expect(validated?.responses?.['400']).toEqual({ $ref: '#/components/responses/BadRequest' });
    expect(validated?.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ in: 'path', name: 'id', required: true })]));
    const body = validated?.requestBody as OpenAPIV3_1.RequestBodyObject;
    expect(body.content['application/json']?.schema).toMatchObject({ type: 'object', required: ['title', 'description'] });

    const query = operation(doc, 'GET', '/api/admin/users');
    expect(query?.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ in: 'query', name: 'search' })]));
  });

  it("answers with the shared error schema and the routes' response schemas", () => {
    expect(doc.components?.schemas?.ErrorBody).toMatchObject({ type: 'object', required: ['error'] });
    const responses = doc.components?.responses as Record<string, OpenAPIV3_1.ResponseObject>;
    expect(responses.Unauthorized?.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/ErrorBody' });

    const approve = operation(doc, 'POST', '/api/admin/complaints/{id}/approve');
    const ok = approve?.responses?.['200'] as OpenAPIV3_1.ResponseObject;
    expect(ok.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/AdminComplaint' });
    const conflict = approve?.responses?.['409'] as OpenAPIV3_1.ResponseObject;
    expect(conflict.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/ErrorBody' });
    // every POST/PUT/PATCH/DELETE may be refused as cross-site, every body may be too large.
    expect(operation(doc, 'POST', '/auth/login')?.responses?.['403']).toEqual({ $ref: '#/components/responses/CrossSite' });
    expect(approve?.responses?.['413']).toEqual({ $ref: '#/components/responses/PayloadTooLarge' });
    expect(operation(doc, 'DELETE', '/api/admin/courses/{id}')?.responses?.['204']).toEqual({ description: 'Deleted.' });
  });
});

describe('GET /api/docs', () => {
  it('answers an HTML page whose scripts come from this origin and answer 200', async () => {
    const res = await app.request('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
    const html = await res.text();
    const sources = [...html.matchAll(/<script\b([^>]*)>([^<]*)<\/script>/g)].map(([, attributes, inline]) => {
      expect(inline?.trim(), 'no inline script: the CSP forbids it').toBe('');
      return /\bsrc="([^"]+)"/.exec(attributes ?? '')?.[1];
    });
    expect(sources).toHaveLength(2);
    for (const src of sources) {
      expect(src).toMatch(/^\/api\/docs\/assets\/[\w.-]+\.js$/);
      const script = await app.request(src ?? '');
      expect(script.status, src).toBe(200);
      expect(script.headers.get('Content-Type')).toMatch(/javascript/);
      expect((await script.text()).length).toBeGreaterThan(0);
    }
    // the page is held to the same CSP as every answer: scripts from this origin only.
    expect(res.headers.get('Content-Security-Policy')).toContain("script-src 'self'");
  });

  it('answers 404 for an asset it does not have', async () => {
    const res = await app.request('/api/docs/assets/other.js');
    expect(res.status).toBe(404);
  });
});

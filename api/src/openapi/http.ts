import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Hono } from 'hono';
import type { AppEnv } from '../auth/context.js';
import { notFound } from '../platform/http/errors.js';
import { CACHE_REVALIDATE, sendFile } from '../platform/http/static.js';
import { buildOpenApiDocument, type RoutedApp } from './document.js';
import { openApiDocumentSchema } from './schemas.js';
import { describe, json, noBody } from '../platform/http/describe.js';

/** Where the reference page's scripts are served from (this origin: the CSP allows no other). */
export const DOCS_ASSETS_PATH = '/api/docs/assets';

/** Scalar's self-contained browser bundle (`@scalar/api-reference`), served as `standalone.js`. */
const SCALAR_BUNDLE = join(dirname(createRequire(import.meta.url).resolve('@scalar/api-reference')), 'browser', 'standalone.js');

/**
 * Mounts the reference in the page: a script file of its own, since the CSP allows no inline script.
 * Everything that would reach another site is off (fonts, telemetry, the AI agent, MCP, the developer toolbar).
 */
const SCALAR_CONFIGURATION = {
  url: '/api/openapi.json',
  withDefaultFonts: false,
  telemetry: false,
  hideClientButton: true,
  showDeveloperTools: 'never',
  agent: { disabled: true },
  mcp: { disabled: true },
};
const INIT_SCRIPT = `window.Scalar.createApiReference('#app', ${JSON.stringify(SCALAR_CONFIGURATION)});\n`;

/** The reference page: no inline script or style, scripts from this origin only. */
const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Oracy API reference</title>
</head>
<body>
<div id="app"></div>
<script src="${DOCS_ASSETS_PATH}/standalone.js"></script>
<script src="${DOCS_ASSETS_PATH}/init.js"></script>
</body>
</html>
`;

/**
 * The API's description of itself (docs/product.md#api), open to anyone (no session):
 * - `GET /api/openapi.json` → the OpenAPI 3.1 document of `describe()`'s app, built once, from its
 *   registered routes (`openapi/document.ts`), on the first request;
 * - `GET /api/docs` → an HTML reference page rendering it (Scalar);
 * - `GET /api/docs/assets/standalone.js` and `init.js` → the page's scripts, from this origin
 *   (`no-cache`, with an ETag); 404 for any other name.
 * Mount `routes` before the `/api/*` catch-all, then call `describe(app)` with the finished app.
 */
export function createDocsRoutes() {
  let app: RoutedApp | undefined;
  let document: Promise<string> | undefined;
  const documentText = () => {
    if (!app) throw new Error('createDocsRoutes: describe(app) was not called');
    document ??= buildOpenApiDocument(app).then((built) => JSON.stringify(built));
    return document;
  };

  const routes = new Hono<AppEnv>()
    .get(
      '/api/openapi.json',
      describe({
        summary: 'This document',
        tag: 'Documentation',
        success: { status: 200, answer: json('The OpenAPI 3.1 document of the API.', openApiDocumentSchema) },
      }),
      async (c) => c.body(await documentText(), 200, { 'Content-Type': 'application/json; charset=UTF-8' }),
    )
    .get(
      '/api/docs',
      describe({
        summary: 'The API reference page',
        tag: 'Documentation',
        success: { status: 200, answer: { description: 'An HTML page that renders this document.', media: { 'text/html': { type: 'string' } } } },
      }),
      (c) => c.html(DOCS_PAGE, 200),
    )
    .get(
      `${DOCS_ASSETS_PATH}/:file`,
      describe({
        summary: "The reference page's scripts",
        tag: 'Documentation',
        success: { status: 200, answer: { description: 'JavaScript, from this origin.', media: { 'text/javascript': { type: 'string' } } } },
        others: { 304: noBody('Not modified.') },
        errors: { 404: 'No such file.' },
      }),
      async (c) => {
        const file = c.req.param('file');
        if (file === 'init.js') return c.body(INIT_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': CACHE_REVALIDATE });
        const response = file === 'standalone.js' ? await sendFile(c, SCALAR_BUNDLE, CACHE_REVALIDATE) : null;
        if (!response) throw notFound('No such file.');
        return response;
      },
    );

  return {
    routes,
    /** Sets the app the document describes (the whole app, so that every route is in it). */
    describe(described: RoutedApp): void {
      app = described;
      document = undefined;
    },
  };
}

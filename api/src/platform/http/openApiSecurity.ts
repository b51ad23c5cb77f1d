import type { MiddlewareHandler } from 'hono';
import { uniqueSymbol } from 'hono-openapi';

/** Name of the OpenAPI security scheme of the session cookie (`components.securitySchemes`). */
export const SESSION_SECURITY_SCHEME = 'sessionCookie';

/** What a guard may answer before the route runs: 400 malformed id, 401 no session, 403 not allowed. */
export type GuardStatus = 400 | 401 | 403;

/** `#/components/responses/…` of each guard answer (defined by `openapi/document.ts`). */
export const GUARD_RESPONSE_REFS: Record<GuardStatus, string> = {
  400: '#/components/responses/BadRequest',
  401: '#/components/responses/Unauthorized',
  403: '#/components/responses/Forbidden',
};

/**
 * Marks a session guard (docs/product.md#authorization-matrix) for the OpenAPI document: every
 * route it guards gets `security: [{sessionCookie: []}]` and the `statuses` it answers, read by
 * hono-openapi from the handler's `uniqueSymbol` spec when the document is built from `app.routes`.
 * The middleware's behaviour is unchanged.
 * @returns `middleware` itself, now carrying the spec.
 */
export function describeGuard<M extends MiddlewareHandler>(middleware: M, statuses: readonly GuardStatus[]): M {
  const responses = Object.fromEntries(statuses.map((status) => [String(status), { $ref: GUARD_RESPONSE_REFS[status] }]));
  return Object.assign(middleware, { [uniqueSymbol]: { spec: { security: [{ [SESSION_SECURITY_SCHEME]: [] }], responses } } });
}

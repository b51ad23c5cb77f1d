import { randomBytes } from 'node:crypto';
import { hashPassword } from '../auth/password.js';
import type { UserDoc } from '../auth/context.js';
import { SESSION_COOKIE } from '../auth/sessions.js';
import { User, type OracyLevel } from '../people/userModel.js';
import { type Role } from '../auth/roles.js';

/**
 * The origin of `app.request('/path')` (Hono's default base URL). Test
 * requests send it as `Origin`, as a browser on the app's own page would
 * (unsafe requests from other origins are refused).
 */
export const TEST_ORIGIN = 'http://localhost';

/** The password `createUser` gives when none is asked for. */
export const DEFAULT_TEST_PASSWORD = 'correct horse battery';

/** Anything that answers `request()` like a Hono app. */
export interface RequestHandler {
  request(input: string, init?: RequestInit): Response | Promise<Response>;
}

/**
 * Creates a user with a unique email (docs/contributing.md#tests-beside-the-code).
 * @param overrides any field; `role` defaults to 3 (student), `password` to `DEFAULT_TEST_PASSWORD`.
 * @returns the saved document and the plain password.
 */
export async function createUser(
  overrides: { role?: Role; password?: string; firstName?: string; lastName?: string; email?: string; oracyLevel?: OracyLevel } = {},
): Promise<{ user: UserDoc; password: string }> {
  const password = overrides.password ?? DEFAULT_TEST_PASSWORD;
  const suffix = randomBytes(4).toString('hex');
  const user = await User.create({
    firstName: overrides.firstName ?? 'Test',
    lastName: overrides.lastName ?? `User ${suffix}`,
    email: overrides.email ?? `user-${suffix}@example.test`,
    passwordHash: await hashPassword(password),
    role: overrides.role ?? 3,
    ...(overrides.oracyLevel ? { oracyLevel: overrides.oracyLevel } : {}),
  });
  return { user, password };
}

/** The `name=value` of the session cookie a response sets, if it sets one with a value. */
export function sessionCookieFrom(res: Response): string | undefined {
  for (const header of res.headers.getSetCookie()) {
    const [pair] = header.split(';');
    if (pair?.startsWith(`${SESSION_COOKIE}=`) && pair.length > SESSION_COOKIE.length + 1) return pair;
  }
  return undefined;
}

/**
 * Signs in through `POST /auth/login` with JSON.
 * @returns the `Cookie` header value to send on later requests (`oracy_session=…`).
 * @throws Error when the sign-in does not answer 200 with a session cookie.
 */
export async function signIn(app: RequestHandler, email: string, password: string): Promise<string> {
  const res = await app.request('/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: TEST_ORIGIN },
    body: JSON.stringify({ email, password }),
  });
  const cookie = sessionCookieFrom(res);
  if (res.status !== 200 || !cookie) throw new Error(`signIn(${email}) answered ${res.status}: ${await res.text()}`);
  return cookie;
}

/** `init` for a JSON request from the app's own page: method, Content-Type, `Origin: TEST_ORIGIN`, optional cookie and body. */
export function jsonRequest(method: string, body?: unknown, cookie?: string): RequestInit {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Origin: TEST_ORIGIN };
  if (cookie) headers.Cookie = cookie;
  return { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) };
}

/**
 * A response's JSON body, loosely typed so that tests can assert on any path
 * (`body.error.fields`). Test-only: production code validates instead.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type LooseJson = any;

/** Parses a response body as JSON for assertions. @throws SyntaxError when it is not JSON. */
export async function readJson(res: Response): Promise<LooseJson> {
  return (await res.json()) as LooseJson;
}

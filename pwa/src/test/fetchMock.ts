import { vi } from 'vitest';

/** A canned answer of the fake network. */
export interface FakeResponse {
  status?: number;
  /** Serialised as JSON unless it is a string. */
  body?: unknown;
  /** More response headers, e.g. `Retry-After`. */
  headers?: Record<string, string>;
}

/** A route of the fake network: method + path → answer (or a thrown error). */
export type FakeRoute = FakeResponse | Error | ((request: Request) => FakeResponse | Error | Promise<FakeResponse | Error>);

/**
 * Replaces `fetch` (the network boundary) with a table of canned answers,
 * keyed `"METHOD /path"`. Unknown requests answer 404 in the API's error
 * shape. Returns the spy, whose calls are `Request`-like `[url, init]` pairs.
 */
export function mockFetch(routes: Record<string, FakeRoute>) {
  const spy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(new URL(String(input), 'http://localhost'), init);
    const { pathname } = new URL(request.url);
    const route = routes[`${request.method} ${pathname}`];
    const answer = typeof route === 'function' ? await route(request) : route;
    if (answer === undefined) return json(404, { error: { code: 'not_found', message: `No fake for ${request.method} ${pathname}` } });
    if (answer instanceof Error) throw answer;
    return json(answer.status ?? 200, answer.body, answer.headers);
  });
  vi.stubGlobal('fetch', spy);
  return spy;
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  if (body === undefined || status === 204) return new Response(null, { status, headers });
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return new Response(text, { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

/** The current users the tests sign in as, one per role (docs/product.md#sign-in-site shape). */
export const USERS = {
  admin: { id: 'u-admin', firstName: 'Ada', lastName: 'Admin', name: 'Ada Admin', email: 'admin@oracy.test', role: 1, language: null, schoolLanguage: 'English' },
  teacher: { id: 'u-teacher', firstName: 'Tom', lastName: 'Teacher', name: 'Tom Teacher', email: 'teacher@oracy.test', role: 2, language: null, schoolLanguage: 'English' },
  student: { id: 'u-student', firstName: 'Sam', lastName: 'Student', name: 'Sam Student', email: 'student@oracy.test', role: 3, language: null, schoolLanguage: 'English' },
} as const;

/** The JSON body a fetch call sent, parsed. */
export function sentJson(call: unknown[] | undefined): unknown {
  const init = call?.[1] as RequestInit | undefined;
  return typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
}

/**
 * Replaces `fetch` with one that never answers and rejects only when its
 * request is aborted (with the abort's reason): for time limits and aborts.
 */
export function stubHangingFetch(): void {
  vi.stubGlobal(
    'fetch',
    vi.fn((_: RequestInfo | URL, init?: RequestInit) => new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)))),
  );
}

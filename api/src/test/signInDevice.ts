import { TEST_ORIGIN, type RequestHandler } from './factories.js';
import { DEVICE_COOKIE_PREFIX } from '../auth/deviceCookies.js';

/**
 * One browser for sign-in tests (docs/architecture.md#sign-in-throttling): it
 * keeps the cookies answers set (and forgets those they delete) and sends
 * them with each `POST /auth/login`, from a client address of its own given in
 * `X-Forwarded-For` — so the app must run with `TRUST_PROXY`. A new
 * `TestDevice` is a browser that never signed in: no device cookie.
 */
export class TestDevice {
  /** name → value of every cookie the browser holds */
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: RequestHandler,
    /** the client address the proxy reports for this browser */
    public ip: string,
  ) {}

  /** `POST /auth/login` with JSON, this browser's cookies and address (or `ip`); keeps the cookies of the answer. */
  async signIn(email: string, password: string, ip = this.ip): Promise<Response> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Origin: TEST_ORIGIN, 'X-Forwarded-For': ip };
    if (this.cookies.size > 0) headers.Cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const res = await this.app.request('/auth/login', { method: 'POST', headers, body: JSON.stringify({ email, password }) });
    for (const header of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      if (attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(at + 1).trim());
    }
    return res;
  }

  /** The names of the device cookies this browser holds. */
  deviceCookieNames(): string[] {
    return [...this.cookies.keys()].filter((name) => name.startsWith(DEVICE_COOKIE_PREFIX));
  }
}

/** `POST /auth/login` from a browser that holds no cookie at all, from address `ip`. */
export function signInFrom(app: RequestHandler, ip: string, email: string, password: string): Promise<Response> {
  return new TestDevice(app, ip).signIn(email, password);
}

import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page, Request, Route } from '@playwright/test';
import { expect } from './fixtures';
import { DEMO } from './utils';

/** The three roles, by the names `pwa/src/shell/routes.ts` gives their access lists (ADMIN, TEACHER, STUDENT). */
export type RoleName = 'admin' | 'teacher' | 'student';

/** One row of the PWA's route table: a path pattern and who may open it. */
export interface RouteRow {
  path: string;
  /** `'anyone'`, `'signed-in'` or the role names allowed */
  access: 'anyone' | 'signed-in' | RoleName[];
}

const ROUTES_TS = resolve(dirname(fileURLToPath(import.meta.url)), '../../pwa/src/shell/routes.ts');
const ROLE_CONSTANTS: Record<string, RoleName> = { ADMIN: 'admin', TEACHER: 'teacher', STUDENT: 'student' };

/**
 * The PWA's route table, read from the source of `pwa/src/shell/routes.ts` (`appRoutes`), so that a
 * screen added there is a screen the accessibility checks must visit.
 * @throws when a row of `appRoutes` cannot be read (a new shape of row: teach this reader)
 */
export function appRouteTable(): RouteRow[] {
  const source = readFileSync(ROUTES_TS, 'utf8');
  const start = source.indexOf('export const appRoutes');
  const end = source.indexOf('export const appRedirects');
  if (start < 0 || end < start) throw new Error(`appRoutes not found in ${ROUTES_TS}`);
  const table = source.slice(start, end);
  const rows: RouteRow[] = [];
  const row = /path:\s*'([^']+)',\s*title:\s*'[^']+',\s*access:\s*(ADMIN|TEACHER|STUDENT|'anyone'|'signed-in')/g;
  for (const match of table.matchAll(row)) {
    const access = match[2]!;
    rows.push({ path: match[1]!, access: access.startsWith("'") ? (access.slice(1, -1) as 'anyone' | 'signed-in') : [ROLE_CONSTANTS[access]!] });
  }
  const paths = [...table.matchAll(/\bpath:\s*'/g)].length;
  if (rows.length !== paths) throw new Error(`Read ${rows.length} of the ${paths} rows of appRoutes in ${ROUTES_TS}: a row has a shape this reader does not know.`);
  return rows;
}

/** The routes `role` may open: its own, the signed-in ones and the public ones. */
export function routesOf(role: RoleName): RouteRow[] {
  return appRouteTable().filter((row) => row.access === 'anyone' || row.access === 'signed-in' || row.access.includes(role));
}

/** Fills a path pattern's `:params` from `values`; fails on a parameter it has no value for. */
export function fillPath(pattern: string, values: Record<string, string>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`No value for :${name} of ${pattern}`);
    return value;
  });
}

/** What the screens with a `:param` show: ids of the demo data's own records (nothing is made). */
export interface ScreenData {
  /** the demo student's id (`:studentId`) */
  studentId: string;
  /** a speaking task of the demo teacher in a course of the demo student (`:taskId`) */
  taskId: string;
  /** a recording waiting for the demo teacher's review (`:recordingId`) */
  recordingId: string;
}

/**
 * Reads, through the API, the demo records the screens with a `:param` open: the demo student,
 * the demo teacher's first speaking task (the demo student takes its course) and the first
 * recording waiting in the demo teacher's review queue (docs/architecture.md#running-it's demo data).
 */
export async function screenData(newContext: () => Promise<APIRequestContext>): Promise<ScreenData> {
  const signedIn = async (email: string) => {
    const api = await newContext();
    expect((await api.post('/auth/login', { data: { email, password: DEMO.password } })).ok()).toBe(true);
    const { id } = (await (await api.get('/auth/current_user')).json()) as { id: string };
    return { api, id };
  };
  const teacher = await signedIn(DEMO.teacher);
  const student = await signedIn(DEMO.student);
  try {
    const tasks = (await (await student.api.get(`/api/student/speaking-tasks/${student.id}`)).json()) as Array<{ id: string }>;
    const queue = (await (await teacher.api.get(`/api/teacher/recordings/${teacher.id}?status=pending`)).json()) as Array<{ id: string }>;
    expect(tasks.length, 'the demo student has a speaking task').toBeGreaterThan(0);
    expect(queue.length, 'the demo teacher has a recording to review').toBeGreaterThan(0);
    return { studentId: student.id, taskId: tasks[0]!.id, recordingId: queue[0]!.id };
  } finally {
    await teacher.api.dispose();
    await student.api.dispose();
  }
}

/**
 * Holds every answer of the API (`/api/*`) until `release()`, so that a screen shows its loading
 * state; `held()` counts the requests waiting. The app's own files and `/auth/*` pass.
 */
export async function holdApi(page: Page): Promise<{ held: () => number; release: () => Promise<void> }> {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let waiting = 0;
  const isApi = (url: URL) => url.pathname.startsWith('/api/');
  const handler = async (route: Route) => {
    waiting += 1;
    await gate;
    await route.fallback().catch(() => undefined);
  };
  await page.route(isApi, handler);
  return {
    held: () => waiting,
    release: async () => {
      open();
      await page.unroute(isApi, handler);
    },
  };
}

/** Counts the page's API requests in flight, for {@link waitForQuiet}. */
export function trackApi(page: Page): () => number {
  const inFlight = new Set<Request>();
  const isApi = (request: Request) => new URL(request.url()).pathname.startsWith('/api/');
  page.on('request', (request) => isApi(request) && inFlight.add(request));
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  return () => inFlight.size;
}

/**
 * Waits until nothing moves: no finite animation or transition running (Ionic's page, modal and
 * alert animations, and the colour transitions inside its components' shadow roots, which
 * `document.getAnimations()` does not list: a button's colour after a switch to dark), and the
 * fonts loaded. Spinners (infinite animations) do not count.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const roots: (Document | ShadowRoot)[] = [document];
    for (let i = 0; i < roots.length; i++) for (const el of roots[i]!.querySelectorAll('*')) if (el.shadowRoot) roots.push(el.shadowRoot);
    return roots.every((root) => root.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity));
  });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** The first word of every loading message, in each catalogue's language (en, es, fr). */
const LOADING = /^(Loading|Cargando|Chargement)\b/;

/**
 * Waits until the screen has loaded: the app has drawn a heading (not only the boot screen's
 * spinner, before the session and the language's texts are in), no API request is in flight and
 * no "Loading…" text shows, then {@link settle}.
 */
export async function waitForLoaded(page: Page, inFlight: () => number): Promise<void> {
  await expect(page.getByRole('heading').filter({ visible: true }).first()).toBeVisible({ timeout: 20_000 });
  await expect.poll(inFlight, { timeout: 20_000, intervals: [50] }).toBe(0);
  await expect(page.getByText(LOADING).filter({ visible: true })).toHaveCount(0, { timeout: 20_000 });
  await settle(page);
}

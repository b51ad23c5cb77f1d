import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../src/fixtures';
import { appRouteTable, fillPath, holdApi, routesOf, screenData, settle, trackApi, waitForLoaded, type RoleName, type RouteRow, type ScreenData } from '../src/screens';
import { reflowProblems, setTextSize, smallTargets } from '../src/layoutChecks';
import { DEMO, signIn } from '../src/utils';

/**
 * Every screen against WCAG 2.2 AA (docs/contributing.md#accessibility-checks): each route of
 * `pwa/src/shell/routes.ts` for each role that may open it, the sign-in site, the privacy notice and the
 * 404 page, at phone and tablet size. axe-core runs while the screen loads (the API held back),
 * once loaded, and with each of its dialogs open; on the loaded screen the touch targets and the
 * reflow at 200 % text and 320 px are measured too. Any problem fails the test, listed with its
 * screen and state, the rule, the element and axe's help.
 */

/** The success criteria checked: WCAG 2.0, 2.1 and 2.2, levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

// Screens are checked as the app draws them; the service worker would answer some requests
// before page.route sees them. The app says that it could not register it.
test.use({
  serviceWorkers: 'block',
  allowedConsole: {
    'Playwright blocks the service worker': /^console\.warning: Service Worker registration blocked by Playwright/,
    'the app says it could not register it': /^console\.error: Could not register the service worker/,
  },
});

/** Collects the problems of one test, to report them all at the end. */
class Findings {
  readonly lines: string[] = [];
  readonly visited = new Set<string>();

  /** Runs axe on what the page shows now, after it settled, and notes each violation. */
  async check(page: Page, screen: string): Promise<void> {
    await settle(page);
    // The app has no frames: axe runs in the page itself (legacy mode) rather than in every frame
    // and then in a new blank page, which costs a page per check. Only violations are reported.
    const { violations } = await new AxeBuilder({ page })
      .options({ resultTypes: ['violations'] })
      .withTags(WCAG_TAGS)
      .setLegacyMode()
      .analyze();
    for (const violation of violations) {
      for (const node of violation.nodes) {
        const summary = (node.failureSummary ?? '').replace(/\s*\n\s*/g, ' ');
        this.lines.push(`${screen}: ${violation.id} at ${node.target.join(' ')} — ${violation.help}: ${summary} (${violation.helpUrl})`);
      }
    }
  }

  /** Notes problems another check found on `screen`. */
  note(screen: string, problems: string[]): void {
    for (const problem of problems) this.lines.push(`${screen}: ${problem}`);
  }

  /** Fails the test when any check found a problem. */
  expectNone(): void {
    expect(this.lines, `${this.lines.length} accessibility problem(s):\n${this.lines.join('\n')}`).toEqual([]);
  }
}

/** A dialog of a screen: how to open it, at which sizes, and how to close it. */
interface DialogCheck {
  name: string;
  /** the project (size) it exists at; both when absent */
  only?: 'phone' | 'tablet';
  /** Opens it and returns what it opened, the top last (a dialog over a dialog). */
  open: (page: Page) => Promise<Locator[]>;
  /** Closes it; by default Escape closes each layer, top first. */
  close?: (page: Page) => Promise<void>;
}

/**
 * Activates `opener` and waits until what it opens is shown; returns it: a dialog, an alert
 * dialog, or (`'enter'`, for an Ionic select, whose own button lies under its label) the options'
 * radio group.
 */
async function openWith(page: Page, opener: Locator, how: 'alertdialog' | 'dialog' | 'enter' = 'dialog'): Promise<Locator> {
  if (how === 'enter') await opener.press('Enter');
  else await opener.click();
  const dialog = page
    .getByRole(how === 'enter' ? 'radiogroup' : how)
    .filter({ visible: true })
    .last();
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Each role's menu: on a phone first opened from the top bar, beside the screen from tablet size up. */
async function openMenu(page: Page, size: 'phone' | 'tablet'): Promise<Locator[]> {
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  if (size === 'tablet') return [];
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(menu).toBeVisible();
  return [menu];
}

/** The dialogs of the shared layout, checked on each role's dashboard. */
const LAYOUT_DIALOGS: DialogCheck[] = [
  { name: 'account menu', open: async (page) => [await openWith(page, page.getByRole('button', { name: /Account menu$/ }))] },
  { name: 'menu', only: 'phone', open: (page) => openMenu(page, 'phone') },
  ...(['phone', 'tablet'] as const).map((size): DialogCheck => ({
    name: 'logout confirmation',
    only: size,
    open: async (page) => {
      const menu = await openMenu(page, size);
      return [...menu, await openWith(page, page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Logout' }), 'alertdialog')];
    },
  })),
];

/** A one-line import file: one new student (a preview changes nothing). */
const IMPORT_CSV = (tag: string) => Buffer.from(`firstName,lastName,email,role,courses\nAda,Check ${tag},ada-${tag}@example.test,student,\n`);

/** The dialogs of each screen, by route pattern. */
const DIALOGS: Record<string, DialogCheck[]> = {
  '/student/dashboard': LAYOUT_DIALOGS,
  '/teacher/dashboard': LAYOUT_DIALOGS,
  '/admin/dashboard': LAYOUT_DIALOGS,
  '/student/courses': [{ name: 'course details', open: async (page) => [await openWith(page, page.getByRole('button', { name: /^View Details/ }).first())] }],
  '/student/complaints': [{ name: 'complaint dialog', open: async (page) => [await openWith(page, page.getByRole('button', { name: 'Add Complaint' }))] }],
  '/student/profile': [
    { name: 'language options', open: async (page) => [await openWith(page, page.getByRole('button', { name: /^Language, / }), 'enter')] },
    { name: 'edit profile dialog', open: async (page) => [await openWith(page, page.getByRole('button', { name: 'Edit Profile' }))] },
  ],
  '/teacher/profile': [{ name: 'change password dialog', open: async (page) => [await openWith(page, page.getByRole('button', { name: 'Change password' }))] }],
  '/teacher/courses': [{ name: 'course details', open: async (page) => [await openWith(page, page.getByRole('button', { name: /^View Details/ }).first())] }],
  '/teacher/complaints': [{ name: 'complaint dialog', open: async (page) => [await openWith(page, page.getByRole('button', { name: 'Add New Complaint' }))] }],
  '/teacher/speaking': [
    { name: 'speaking task dialog', open: async (page) => [await openWith(page, page.getByRole('button', { name: 'New task' }))] },
    { name: 'delete task confirmation', open: async (page) => [await openWith(page, page.getByRole('article').getByRole('button', { name: 'Delete', exact: true }).first(), 'alertdialog')] },
  ],
  '/admin/users': [
    { name: 'create user dialog', open: async (page) => [await openWith(page, page.getByRole('button', { name: 'Create User' }))] },
    {
      name: 'one-time password dialog',
      open: async (page) => {
        const tag = randomBytes(3).toString('hex');
        await openWith(page, page.getByRole('button', { name: 'Create User' }));
        const form = page.getByRole('form', { name: 'Create User' });
        await form.getByLabel('First name').fill('Ada');
        await form.getByLabel('Last name').fill(`Check ${tag}`);
        await form.getByLabel('Email').fill(`ada-${tag}@example.test`);
        const created = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/admin/users');
        await page.getByRole('button', { name: 'Create', exact: true }).click();
        madeUsers.push(((await (await created).json()) as { user: { id: string } }).user.id);
        const shown = page.getByRole('dialog', { name: 'Account Created' });
        await expect(shown).toBeVisible();
        return [shown];
      },
      close: async (page) => {
        await page.getByRole('button', { name: 'Done' }).click();
        await expect(page.getByRole('dialog', { name: 'Account Created' })).toBeHidden();
      },
    },
    { name: 'reset password confirmation', open: async (page) => [await openWith(page, page.getByRole('button', { name: /^Reset password for / }).first(), 'alertdialog')] },
    { name: 'delete confirmation', open: async (page) => [await openWith(page, page.getByRole('button', { name: /^Delete / }).first(), 'alertdialog')] },
  ],
  '/admin/students': [{ name: 'delete confirmation', open: async (page) => [await openWith(page, page.getByRole('button', { name: /^Delete / }).first(), 'alertdialog')] }],
  '/admin/teachers': [{ name: 'delete confirmation', open: async (page) => [await openWith(page, page.getByRole('button', { name: /^Delete / }).first(), 'alertdialog')] }],
  '/admin/courses': [
    { name: 'course form (add)', open: async (page) => [await openWith(page, page.getByRole('button', { name: 'Add Course' }))] },
    { name: 'course form (edit)', open: async (page) => [await openWith(page, page.getByRole('button', { name: /^Edit Course/ }).first())] },
    { name: 'delete course confirmation', open: async (page) => [await openWith(page, page.getByRole('button', { name: /^Delete Course/ }).first(), 'alertdialog')] },
  ],
  '/admin/notice': [
    { name: 'notice dialog (add)', open: async (page) => [await openWith(page, page.getByRole('button', { name: 'Add Notice' }))] },
    {
      name: 'notice dialog, incomplete alert',
      open: async (page) => {
        const dialog = await openWith(page, page.getByRole('button', { name: 'Add Notice' }));
        await page.getByLabel('Title').press('Enter');
        const alert = page.getByRole('alertdialog');
        await expect(alert).toBeVisible();
        return [dialog, alert];
      },
    },
    { name: 'notice dialog (edit)', open: async (page) => [await openWith(page, page.getByRole('button', { name: 'Edit Notice' }).first())] },
    { name: 'delete notice confirmation', open: async (page) => [await openWith(page, page.getByRole('button', { name: 'Delete Notice' }).first(), 'alertdialog')] },
  ],
  '/admin/setting': [
    { name: 'export format options', open: async (page) => [await openWith(page, page.getByRole('button', { name: /^Export Format, / }), 'enter')] },
    { name: 'import dialog', open: async (page) => [await openWith(page, page.getByRole('button', { name: 'Import', exact: true }))] },
    {
      name: 'import dialog with a preview',
      open: async (page) => {
        const dialog = await openWith(page, page.getByRole('button', { name: 'Import', exact: true }));
        await page.getByLabel('File (CSV or JSON)').setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: IMPORT_CSV(randomBytes(3).toString('hex')) });
        await expect(page.getByRole('heading', { name: 'Preview: people.csv' })).toBeVisible();
        return [dialog];
      },
    },
  ],
  '/admin/access-log': [{ name: 'student filter options', open: async (page) => [await openWith(page, page.getByRole('button', { name: /^Student, / }), 'enter')] }],
  '/admin/discussion': [{ name: 'emoji picker', open: async (page) => [await openWith(page, page.getByRole('button', { name: 'Emoji' }))] }],
};

/** Accounts the one-time password check made, deleted after the tests. */
const madeUsers: string[] = [];

/**
 * The layout checks on the loaded screen: touch targets at the project's size, then the reflow at
 * 200 % text, and on the phone also at 320 px wide.
 */
async function checkLayout(page: Page, findings: Findings, screen: string, size: 'phone' | 'tablet') {
  findings.note(`${screen} target size`, await smallTargets(page));
  await setTextSize(page, 200);
  await settle(page);
  findings.note(`${screen} at 200 % text`, await reflowProblems(page));
  await setTextSize(page, 100);
  if (size === 'phone') {
    const viewport = page.viewportSize()!;
    await page.setViewportSize({ width: 320, height: viewport.height });
    await settle(page);
    findings.note(`${screen} at 320 px`, await reflowProblems(page));
    await setTextSize(page, 200);
    await settle(page);
    findings.note(`${screen} at 320 px and 200 % text`, await reflowProblems(page));
    await setTextSize(page, 100);
    await page.setViewportSize(viewport);
  }
  await settle(page);
}

/** Routes per test: each test signs in once and visits these many screens. */
const ROUTES_PER_TEST = 4;

/** The routes of `role` in groups of {@link ROUTES_PER_TEST}, in the route table's order. */
function routeGroups(role: RoleName): RouteRow[][] {
  const routes = routesOf(role);
  return Array.from({ length: Math.ceil(routes.length / ROUTES_PER_TEST) }, (_, i) => routes.slice(i * ROUTES_PER_TEST, (i + 1) * ROUTES_PER_TEST));
}

/**
 * Visits `routes` in one page signed in as `role`: each screen first while its API answers are
 * held (the loading state), then loaded, then with each of its dialogs open.
 */
async function checkRoutes(page: Page, role: RoleName, routes: RouteRow[], data: ScreenData, findings: Findings, size: 'phone' | 'tablet') {
  const label = `${role} (${size})`;
  const inFlight = trackApi(page);
  for (const route of routes) {
    const url = fillPath(route.path, { studentId: data.studentId, taskId: data.taskId, recordingId: data.recordingId });
    const screen = `${label} ${route.path}`;
    const hold = await holdApi(page);
    await page.goto(url);
    // A screen that asks the API shows its loading state; one that does not is drawn at once.
    const asked = Date.now();
    await expect
      .poll(async () => hold.held() > 0 || (Date.now() - asked > 750 && (await page.getByRole('heading', { level: 1 }).count()) > 0), { timeout: 3_000, intervals: [50] })
      .toBe(true)
      .catch(() => undefined);
    if (hold.held() > 0) await findings.check(page, `${screen} loading`);
    await hold.release();
    await waitForLoaded(page, inFlight);
    // Held past the app's time limit (a slow check on a busy machine), the screen shows its error: load it again.
    if (await page.getByRole('button', { name: 'Retry' }).isVisible()) {
      await page.reload();
      await waitForLoaded(page, inFlight);
    }
    await findings.check(page, `${screen} loaded`);
    // The same screen in dark colours (docs/architecture.md#dark-mode-and-reduced-motion): contrast above all.
    await page.emulateMedia({ colorScheme: 'dark' });
    await findings.check(page, `${screen} loaded, dark`);
    await page.emulateMedia({ colorScheme: 'light' });
    await checkLayout(page, findings, screen, size);

    for (const dialog of (DIALOGS[route.path] ?? []).filter((d) => !d.only || d.only === size)) {
      const layers = await dialog.open(page);
      await findings.check(page, `${screen} ${dialog.name}`);
      if (dialog.close) await dialog.close(page);
      else {
        for (const layer of layers.reverse()) {
          await page.keyboard.press('Escape');
          await expect(layer).toBeHidden();
        }
      }
      await settle(page);
    }
    findings.visited.add(route.path);
  }
}

test.describe('axe finds no WCAG 2.2 AA violation', () => {
  let data: ScreenData;

  test.beforeAll(async ({ playwright, baseURL }) => {
    data = await screenData(() => playwright.request.newContext({ baseURL }));
  });
  test.afterAll(async ({ playwright, baseURL }) => {
    if (madeUsers.length === 0) return;
    const admin = await playwright.request.newContext({ baseURL });
    await admin.post('/auth/login', { data: { email: DEMO.admin, password: DEMO.password } });
    for (const id of madeUsers.splice(0)) await admin.delete(`/api/admin/users/${id}`);
    await admin.dispose();
  });

  for (const role of ['student', 'teacher', 'admin'] as const) {
    const groups = routeGroups(role);
    for (const [index, routes] of groups.entries()) {
      test(`on the ${role}'s screens, part ${index + 1} of ${groups.length}: ${routes.map((r) => r.path).join(', ')}`, async ({ page }, testInfo) => {
        // Generous: the machines that run this are shared.
        test.setTimeout(30_000 + routes.length * 45_000);
        const findings = new Findings();
        await signIn(page, DEMO[role]);
        const size = testInfo.project.name === 'phone' ? 'phone' : 'tablet';
        await checkRoutes(page, role, routes, data, findings, size);
        if (index === 0) {
          await page.goto('/no/such/page');
          await expect(page.getByText('404', { exact: true })).toBeVisible();
          await findings.check(page, `${role} (${testInfo.project.name}) 404 page`);
        }
        expect([...findings.visited]).toEqual(routes.map((r) => r.path));
        findings.expectNone();
      });
    }
  }

  test('on the sign-in site and the public pages', async ({ page, playwright, baseURL, consoleGuard }, testInfo) => {
    consoleGuard.allow(/\b401\b.*\/auth\/current_user\b/, 'signed out, the PWA asks who is signed in and hears 401');
    consoleGuard.allow(/\b(400|401|409)\b.*\/auth\/(login|register|change-password)\b/, 'the forms are sent wrong on purpose, for their error states');
    const findings = new Findings();
    const size = testInfo.project.name === 'phone' ? 'phone' : 'tablet';
    const check = async (screen: string) => {
      await findings.check(page, `${screen} (${size})`);
      await checkLayout(page, findings, `${screen} (${size})`, size);
    };
    for (const path of ['/login', '/register', '/privacy', '/no/such/page']) {
      await page.goto(path);
      await expect(page.getByRole('heading').first()).toBeVisible();
      await check(path);
    }

    // The forms' error states.
    await page.goto('/login');
    await page.getByLabel('Email').fill(DEMO.student);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await check('/login with an error');
    await page.goto('/register');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Check');
    // (an email already taken: the browser itself stops a password that is too short)
    await page.getByLabel('Email').fill(DEMO.student);
    await page.getByLabel('Password').fill('long-enough-password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await check('/register with errors');

    // /change-password, for an account made by an admin, signed in with its one-time password.
    const admin = await playwright.request.newContext({ baseURL });
    await admin.post('/auth/login', { data: { email: DEMO.admin, password: DEMO.password } });
    const made = await admin.post('/api/admin/users', { data: { firstName: 'Ada', lastName: 'Check', email: `ada-${randomBytes(3).toString('hex')}@example.test`, role: 3 } });
    expect(made.status()).toBe(201);
    const { user, oneTimePassword } = (await made.json()) as { user: { id: string; email: string }; oneTimePassword: string };
    madeUsers.push(user.id);
    await admin.dispose();
    await page.goto('/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(oneTimePassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/change-password$/);
    await check('/change-password');
    await page.getByLabel('New password', { exact: true }).fill('ada-chose-this-1');
    await page.getByLabel('Confirm new password').fill('ada-chose-this-2');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page.getByText('The two passwords do not match.').first()).toBeVisible();
    await check('/change-password with errors');
    findings.expectNone();
  });
});

test('every route of the route table is in a group of the checks above', () => {
  const table = appRouteTable();
  expect(table.length).toBeGreaterThan(30);
  for (const role of ['student', 'teacher', 'admin'] as const) {
    const checked = routeGroups(role)
      .flat()
      .map((r) => r.path);
    const expected = table.filter((r) => r.access === 'anyone' || r.access === 'signed-in' || r.access.includes(role)).map((r) => r.path);
    expect(checked).toEqual(expected);
  }
  // Each dialog belongs to a real route.
  for (const path of Object.keys(DIALOGS)) expect(table.map((r) => r.path)).toContain(path);
});

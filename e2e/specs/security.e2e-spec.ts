import type { Page } from '@playwright/test';
import { expect, test } from '../src/fixtures';
import { DEMO, signIn } from '../src/utils';

/**
 * The PWA under its Content-Security-Policy: every screen of every
 * role, in Chromium, must raise no CSP violation — neither a
 * `securitypolicyviolation` event nor a "Refused to …" console error — and
 * the headers the policy comes with must be there.
 */

interface Violation {
  directive: string;
  blocked: string;
  source: string;
  sample: string;
}

declare global {
  interface Window {
    __cspViolations?: Violation[];
  }
}

/** Records every CSP violation of every document the page opens, from the first script on. */
async function watchCsp(page: Page): Promise<string[]> {
  const consoleErrors: string[] = [];
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push({
        directive: event.violatedDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}`,
        sample: event.sample,
      });
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) consoleErrors.push(message.text());
  });
  return consoleErrors;
}

async function violationsOn(page: Page): Promise<Violation[]> {
  return page.evaluate(() => window.__cspViolations ?? []);
}

/** Opens `path`, waits for the screen named `title` to settle, and returns what the CSP refused there. */
async function visit(page: Page, path: string, title: RegExp): Promise<string[]> {
  await page.goto(path);
  await expect(page).toHaveTitle(title);
  await page.waitForLoadState('networkidle');
  // Lazy chunks, charts and images arrive after the title; give them a moment to draw.
  await page.waitForTimeout(300);
  return (await violationsOn(page)).map((v) => `${path}: ${v.directive} blocked ${v.blocked || 'inline'} (${v.source}) ${v.sample}`);
}

const SCREENS = {
  admin: [
    ['/admin/dashboard', /Admin Dashboard/],
    ['/admin/users', /Users/],
    ['/admin/students', /Students/],
    ['/admin/teachers', /Teachers/],
    ['/admin/courses', /Courses/],
    ['/admin/notice', /Notices/],
    ['/admin/setting', /Settings/],
    ['/admin/profile', /Profile/],
    ['/admin/complaints', /Complaints/],
    ['/admin/discussion', /Discussion/],
    ['/admin/blogs', /Discussion/],
  ],
  teacher: [
    ['/', /Self-Assessment/],
    ['/teacher/dashboard', /Teacher Dashboard/],
    ['/teacher/courses', /Your Courses/],
    ['/teacher/students', /Your Students/],
    ['/teacher/notice', /Notices/],
    ['/teacher/complaints', /My Complaints/],
    ['/teacher/profile', /Profile/],
  ],
  student: [
    ['/', /Self-Assessment/],
    ['/student/dashboard', /Student Dashboard/],
    ['/student/teachers', /Your Teacher/],
    ['/student/courses', /Your Enrolled Courses/],
    ['/student/notice', /Notices/],
    ['/student/complaints', /My Complaints/],
    ['/student/profile', /Profile/],
    ['/assignments', /My Assignments/],
    ['/courses', /Your Enrolled Courses/],
    ['/no/such/page', /^Oracy$/],
  ],
} as const satisfies Record<string, readonly (readonly [string, RegExp])[]>;

test.describe('the Content-Security-Policy', () => {
  test('comes with every page, strict and with its companion headers', async ({ page }) => {
    for (const path of ['/login', '/register', '/']) {
      const res = await page.request.get(path);
      const csp = res.headers()['content-security-policy'] ?? '';
      expect(csp, path).toContain("default-src 'self'");
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).not.toContain('unsafe-eval');
      expect(csp, path).toContain("object-src 'none'");
      expect(csp, path).toContain("base-uri 'none'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(res.headers()['x-content-type-options'], path).toBe('nosniff');
      expect(res.headers()['referrer-policy'], path).toBe('no-referrer');
    }
  });

  test('raises no violation on the sign-in and registration pages', async ({ page }) => {
    const consoleErrors = await watchCsp(page);
    const found = [...(await visit(page, '/login', /Sign in/)), ...(await visit(page, '/register', /Create/))];
    await page.getByLabel('Email').fill('someone@example.test');
    expect([...found, ...consoleErrors]).toEqual([]);
  });

  for (const role of ['admin', 'teacher', 'student'] as const) {
    test(`raises no violation on any ${role} screen`, async ({ page }) => {
      test.setTimeout(120_000);
      const consoleErrors = await watchCsp(page);
      await signIn(page, DEMO[role]);
      const found: string[] = [];
      for (const [path, title] of SCREENS[role]) found.push(...(await visit(page, path, title)));

      if (role === 'admin') {
        // The one screen with a path parameter: a real student's id.
        const students = (await (await page.request.get('/api/admin/students?limit=1')).json()) as { students: { id: string }[] };
        const studentId = students.students[0]?.id;
        expect(studentId).toBeTruthy();
        found.push(...(await visit(page, `/admin/student/assign-courses/${studentId}`, /Assign Courses/)));
        // The emoji picker draws its data and styles at runtime: it must work under the policy too.
        await visit(page, '/admin/discussion', /Discussion/);
        const emoji = page.getByRole('button', { name: 'Emoji' });
        if (await emoji.isVisible()) {
          await emoji.click();
          await expect(page.getByRole('dialog', { name: 'Emoji picker' })).toBeVisible();
          await page.waitForTimeout(500);
          found.push(...(await violationsOn(page)).map((v) => `emoji picker: ${v.directive} blocked ${v.blocked || 'inline'} (${v.source})`));
        }
      }
      expect([...found, ...consoleErrors]).toEqual([]);
    });
  }
});

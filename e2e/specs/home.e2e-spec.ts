import type { Page } from '@playwright/test';
import { expect, test, WHEN_OFFLINE } from '../src/fixtures';
import { speakingClass } from '../src/speaking';
import { DEMO, registerStudent, tick } from '../src/utils';

/**
 * Each role's home (docs/product.md#links-and-redirects, docs/product.md#sign-in-site): signing in
 * through the real /login form lands on the role's dashboard; "/" (the self-assessment) leads back
 * there; the installed app's start URL, read from the manifest, resolves by role, offline too;
 * "Retake the self-assessment" opens a blank questionnaire without a reload; and a student's
 * Speaking tab (phone) and first menu entry (tablet) lead to speaking practice with the count of
 * tasks to do.
 */

const HOMES = {
  admin: { path: '/admin/dashboard', heading: 'Welcome to the Admin Dashboard' },
  teacher: { path: '/teacher/dashboard', heading: 'Teacher Dashboard' },
  student: { path: '/student/dashboard', heading: /^Welcome to your Dashboard, .+!$/ },
} as const;

/** Signs in through the server's /login form, as a person does, without expecting where it lands. */
async function submitLogin(page: Page, email: string, password: string = DEMO.password): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The `start_url` of the web app manifest the page links. */
async function startUrl(page: Page): Promise<string> {
  const res = await page.request.get('/manifest.webmanifest');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { start_url: string }).start_url;
}

const urlOf = (path: string) => new RegExp(`${path.replace(/\//g, '\\/')}$`);

for (const role of ['admin', 'teacher', 'student'] as const) {
  test(`the ${role}'s sign-in lands on their dashboard; "/" and the installed start URL lead back there`, async ({ page }) => {
    const home = HOMES[role];
    await submitLogin(page, DEMO[role]);
    await expect(page).toHaveURL(urlOf(home.path));
    await expect(page.getByRole('heading', { level: 1, name: home.heading })).toBeVisible({ timeout: 20_000 });

    // "/" keeps the specification's questionnaire, with its header, and a clear way home.
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Oracy Skills Self-Assessment' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to my dashboard' }).click();
    await expect(page).toHaveURL(urlOf(home.path));
    await expect(page.getByRole('heading', { level: 1, name: home.heading })).toBeVisible({ timeout: 20_000 });

    // The installed app starts at the manifest's start URL, which resolves by role.
    const start = await startUrl(page);
    expect(start).not.toBe('/');
    await page.goto(start);
    await expect(page).toHaveURL(urlOf(home.path));
    await expect(page.getByRole('heading', { level: 1, name: home.heading })).toBeVisible({ timeout: 20_000 });
  });
}

test('signed out, the installed start URL goes to the sign-in page', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/\b401\b.*\/auth\/current_user\b/, 'signed out, the app hears 401 for the current user');
  await page.goto(await startUrl(page));
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test.describe('offline', () => {
  test.use({ allowedConsole: WHEN_OFFLINE });

  test('the installed start URL resolves by role without a network', async ({ page, context }) => {
    await submitLogin(page, DEMO.teacher);
    await expect(page).toHaveURL(urlOf(HOMES.teacher.path));
    await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, { timeout: 30_000 });
    const start = await startUrl(page);
    await context.setOffline(true);
    await page.goto(start);
    await expect(page).toHaveURL(urlOf(HOMES.teacher.path));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await context.setOffline(false);
  });
});

test('after a submission, "Retake the self-assessment" opens a blank questionnaire without a reload', async ({ page, playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL });
  const student = await registerStudent(api, 'Remy');
  await api.dispose();
  await submitLogin(page, student.email, student.password);
  await expect(page).toHaveURL(urlOf(HOMES.student.path));

  await page.goto('/');
  const groups = page.getByRole('radiogroup');
  await expect(groups).toHaveCount(16);
  for (let i = 0; i < 16; i++) await tick(groups.nth(i).getByRole('radio', { name: 'Agree', exact: true }));
  await page.getByRole('button', { name: 'Submit Assessment' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You, Remy!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to my dashboard' })).toBeVisible();

  // In the app, no reload: the thank-you screen → My Oracy → Retake.
  await page.getByRole('link', { name: 'See your Oracy profile' }).click();
  await expect(page).toHaveURL(/\/student\/oracy$/);
  await page.getByRole('link', { name: 'Retake the self-assessment' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Thank You, Remy!' })).toHaveCount(0);
  await expect(page.getByRole('radiogroup')).toHaveCount(16);
  await expect(page.getByRole('radio')).toHaveCount(80);
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Submit Assessment' })).toBeDisabled();
});

test('a student reaches speaking practice from its tab (phone) or the first menu entry (tablet), with the count of tasks to do', async ({ page, playwright, baseURL }, testInfo) => {
  const { student, title, staff } = await speakingClass(playwright, baseURL, {
    title: 'Home tab',
    prompt: 'Say hello to the class.',
    focusStrands: ['linguistic'],
    maxSeconds: 30,
  });
  await staff.dispose();
  await submitLogin(page, student.email, student.password);
  await expect(page).toHaveURL(urlOf(HOMES.student.path));

  if (testInfo.project.name === 'phone') {
    const tabs = page.getByRole('tablist', { name: 'Tabs' });
    const speaking = tabs.getByRole('tab', { name: /^Speaking\b/ });
    await expect(speaking).toHaveAccessibleName('Speaking 1 task to do');
    await expect(tabs.getByRole('tab')).toHaveCount(5);
    await speaking.click();
  } else {
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    const entries = menu.getByRole('link');
    // The logo first, then "Speaking Practice" with its count.
    await expect(entries.nth(1)).toHaveAccessibleName('Speaking Practice 1 task to do');
    await entries.nth(1).click();
  }
  await expect(page).toHaveURL(/\/student\/speaking$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Speaking Practice' })).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toBeVisible();
});

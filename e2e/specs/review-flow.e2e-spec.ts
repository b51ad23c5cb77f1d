import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from '../src/fixtures';
import { speakingClass } from '../src/speaking';
import { chooseOption, DEMO, signIn, startingWith as startsWith, tick } from '../src/utils';

/**
 * The flows that keep faith around a review and an unsaved edit (docs/product.md#feedback,
 * docs/product.md#lists-reload-after-changes, docs/product.md#answering-a-speaking-task,
 * docs/product.md#settings): the teacher's queue drops a saved review without a reload, the student
 * sees "Your teacher's feedback" above the take, and Settings holds an unsaved edit against a tab,
 * the menu and the back button, with "Save All Changes" in reach.
 */

/** One of the demo recordings (docs/product.md#speaking-practice: `api/assets/recordings/`), sent as a student's take. */
const TAKE = new URL('../../api/assets/recordings/answer-1.webm', import.meta.url);

/** The task of this journey. */
const INTRO = { title: 'Introduce a friend', prompt: 'Introduce a friend to the class.', focusStrands: ['linguistic', 'physical'], maxSeconds: 120 } as const;

/** A marker set on the page's window: still there, the page was not reloaded. */
const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { notReloaded: true }));
const stillSamePage = (page: Page) => page.evaluate(() => (window as Window & { notReloaded?: boolean }).notReloaded === true);

test('the queue drops a saved review and the task counts it without a reload; the student sees the feedback above the take', async ({ page, browser, playwright, baseURL, viewport }) => {
  test.setTimeout(150_000);
  const { student, taskId, title, staff } = await speakingClass(playwright, baseURL, INTRO);
  // The student's take, through the API (the recorder has journeys of its own: speaking.e2e-spec.ts).
  const studentApi = await playwright.request.newContext({ baseURL });
  await studentApi.post('/auth/login', { data: { email: student.email, password: student.password } });
  const sent = await studentApi.post(`/api/student/speaking-tasks/${taskId}/recordings`, {
    multipart: { audio: { name: 'take.webm', mimeType: 'audio/webm', buffer: await readFile(TAKE) }, durationMs: '4000' },
  });
  expect(sent.status()).toBe(201);

  await signIn(page, DEMO.teacher);
  await page.goto('/teacher/speaking');
  const queue = page.getByRole('list', { name: 'Pending recordings' });
  const row = queue.getByRole('link').filter({ hasText: student.name });
  await expect(row).toBeVisible({ timeout: 30_000 });
  const waiting = page.getByText(/^\d+ waiting$/);
  await expect(waiting).toHaveText(`${await queue.locator(':scope > li').count()} waiting`);
  const card = page.getByRole('article', { name: title });
  await expect(card).toContainText('1 of 1 answered, 0 reviewed');
  await markPage(page);

  await row.click();
  await expect(page.getByRole('heading', { level: 2, name: student.name })).toBeVisible();
  await tick(page.getByRole('radiogroup', { name: /Linguistic/ }).getByRole('radio', { name: '4' }));
  await tick(page.getByRole('radiogroup', { name: /Physical/ }).getByRole('radio', { name: '2' }));
  await page.getByLabel('Comment').fill('A warm introduction; stand tall and look up.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Feedback saved')).toBeVisible();

  await page.getByRole('link', { name: 'Back to Speaking Practice' }).click();
  await expect(page).toHaveURL(/\/teacher\/speaking$/);
  await expect(queue.getByRole('link').filter({ hasText: student.name })).toHaveCount(0);
  // the count follows the list (the other project's run of this journey may add or review a take of its own meanwhile)
  await expect
    .poll(async () => {
      const rows = await queue.locator(':scope > li').count();
      return rows === 0 ? page.getByText('Nothing to review.').isVisible() : (await waiting.textContent()) === `${rows} waiting`;
    })
    .toBe(true);
  await expect(card).toContainText('1 of 1 answered, 1 reviewed');
  expect(await stillSamePage(page)).toBe(true);

  // The student, on their own device: the feedback first, then the take and its delivery card.
  const context = await browser.newContext({ viewport });
  const phone = await context.newPage();
  await signIn(phone, student.email, student.password);
  await phone.goto(`/student/speaking/${taskId}`);
  const feedback = phone.getByRole('heading', { level: 2, name: "Your teacher's feedback" });
  await expect(feedback).toBeVisible({ timeout: 30_000 });
  const scores = phone.getByRole('list', { name: 'Scores' });
  await expect(scores.getByRole('listitem').filter({ hasText: 'Linguistic' })).toContainText('Proficient');
  await expect(scores.getByRole('img', { name: '4 out of 5' })).toBeVisible();
  await expect(scores.getByRole('listitem').filter({ hasText: 'Physical' })).toContainText('Beginner');
  await expect(scores.getByRole('img', { name: '2 out of 5' })).toBeVisible();
  const comment = phone.getByText('A warm introduction; stand tall and look up.');
  const player = phone.getByLabel('Your submitted recording');
  const delivery = phone.getByRole('region', { name: 'How did it sound?' });
  await expect(delivery).toBeAttached();
  const top = async (locator: typeof feedback) => (await locator.boundingBox())!.y;
  expect(await top(feedback)).toBeLessThan(await top(comment));
  expect(await top(comment)).toBeLessThan(await top(player));
  expect(await top(player)).toBeLessThan(await top(delivery));
  // the feedback heading is on the first screen
  await expect(feedback).toBeInViewport();

  await context.close();
  await studentApi.dispose();
  await staff.dispose();
});

test('Settings keeps "Save All Changes" in reach and asks before a tab, the menu or the back button leaves an unsaved edit', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const phone = testInfo.project.name === 'phone';
  await signIn(page, DEMO.admin);
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  // to Settings inside the app, so that "back" is a step of the app's own history
  if (phone) await page.locator('ion-menu-button').locator('visible=true').first().click();
  await page.locator('.app-menu').getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/admin\/setting$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const save = page.locator('ion-button', { hasText: 'Save All Changes' });
  await expect(save).toHaveAttribute('aria-disabled', 'true');
  // in reach without scrolling, with its status
  await expect(save).toBeInViewport({ ratio: 1 });

  // The edit: the school's language, never saved here (it would change what other journeys see).
  const language = await chooseOption(page, 'Language', 'Spanish');
  await expect(language).toHaveAccessibleName(startsWith('Language, Spanish'));
  await expect(page.getByText('You have unsaved changes.')).toBeInViewport();
  await expect(save).not.toHaveAttribute('aria-disabled', 'true');
  await expect(save).toBeInViewport({ ratio: 1 });

  const leave = page.getByRole('alertdialog');
  const stay = async () => {
    await expect(leave).toContainText('Leave without saving?');
    await leave.getByRole('button', { name: 'Stay' }).click();
    await expect(leave).toHaveCount(0);
    await expect(page).toHaveURL(/\/admin\/setting$/);
    await expect(page.getByRole('button', { name: startsWith('Language, Spanish') })).toBeVisible();
    await expect(save).not.toHaveAttribute('aria-disabled', 'true');
  };

  if (phone) {
    // a bottom tab
    await page.getByRole('tablist', { name: 'Tabs' }).getByRole('tab', { name: 'Users', exact: true }).click();
    await stay();
  }
  // the menu
  if (phone) await page.locator('ion-menu-button').locator('visible=true').first().click();
  await page.locator('.app-menu').getByRole('link', { name: 'Users' }).click();
  await stay();
  if (phone) await page.locator('ion-menu').evaluate((menu) => (menu as HTMLElement & { close: () => Promise<boolean> }).close());

  // the browser's back button (the phone's too)
  await page.goBack();
  await stay();

  // "Leave" goes where it was asked to, and nothing was saved
  if (phone) await page.getByRole('tablist', { name: 'Tabs' }).getByRole('tab', { name: 'Users', exact: true }).click();
  else await page.locator('.app-menu').getByRole('link', { name: 'Users' }).click();
  await leave.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  const stored = (await (await page.request.get('/api/admin/settings')).json()) as { language: string };
  expect(stored.language).toBe('English');
});

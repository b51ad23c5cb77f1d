import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../src/fixtures';
import { DEMO, signIn } from '../src/utils';

/**
 * Complaints from both ends (docs/product.md#student-complaints, docs/product.md#complaint-moderation,
 * docs/product.md#complaint-status, docs/product.md#complaint-dialog-validation): the student at the
 * project's size, the admin on a tablet. Every complaint here is one the test files itself, with a
 * title no other test (or project) uses, so the demo complaints other journeys rely on stay as they are.
 */

/** A title no other test (or project) uses. */
const unique = (what: string, projectName: string) => `${what} ${projectName} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** How long a fresh context may take to show its first screen: it fetches the app's code and its lazily loaded screen for the first time. */
const FIRST_SCREEN = { timeout: 30_000 };

/** A new page, 1024×768, signed in as `email` in a context of its own (its own cookies). */
async function tabletPageFor(browser: Browser, baseURL: string | undefined, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1024, height: 768 }, hasTouch: true });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

/** Files a complaint as the signed-in student of `page`, through the API. */
async function fileComplaint(page: Page, title: string): Promise<void> {
  const filed = await page.request.post('/api/student/complaints', { data: { title, description: 'Filed by the complaints journey.' } });
  expect(filed.status()).toBe(201);
}

/** The admin's card of the complaint `title` on /admin/complaints. */
const adminCard = (page: Page, title: string) => page.getByRole('article', { name: title });

/** The student's card of the complaint `title` on /student/complaints. */
const studentCard = (page: Page, title: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Complaint: ${title}` }) });

test.describe('complaints', () => {
  test('a blank complaint shows both field errors; a real one is On Hold, waiting for an admin', async ({ page }, testInfo) => {
    await signIn(page, DEMO.student);
    await page.goto('/student/complaints');
    await expect(page.getByRole('heading', { level: 1, name: 'My Complaints' })).toBeVisible(FIRST_SCREEN);

    await page.getByRole('button', { name: 'Add Complaint' }).click();
    // The modal's element lives in Ionic's shadow root: its fields are found through the form, which is named like it.
    const dialog = page.getByRole('form', { name: 'Submit a New Complaint' });
    await expect(page.getByRole('heading', { name: 'Submit a New Complaint' })).toBeVisible();
    const title = dialog.getByLabel('Complaint Title');
    const description = dialog.getByLabel('Complaint Description');
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/student/complaints')) sent.push(request.url());
    });

    await dialog.getByRole('button', { name: 'Add Complaint' }).click();
    await expect(dialog.getByText('Title is required.')).toBeVisible();
    await expect(dialog.getByText('Description is required.')).toBeVisible();
    await expect(title).toHaveAttribute('aria-invalid', 'true');
    await expect(description).toHaveAttribute('aria-invalid', 'true');
    await expect(title).toBeFocused();

    // a title alone: the description's message stays, and it takes the focus; nothing is sent
    const name = unique('Blank first', testInfo.project.name);
    await title.fill(name);
    await expect(dialog.getByText('Title is required.')).toBeHidden();
    await dialog.getByRole('button', { name: 'Add Complaint' }).click();
    await expect(description).toBeFocused();
    await expect(dialog.getByText('Description is required.')).toBeVisible();
    expect(sent).toEqual([]);
    await expect(title).toHaveValue(name);

    await description.fill('The hall is too noisy to practise in.');
    await dialog.getByRole('button', { name: 'Add Complaint' }).click();
    await expect(dialog).toBeHidden();
    const card = studentCard(page, name);
    await expect(card.getByText('On Hold')).toBeVisible();
    await expect(card.getByText('Waiting for an admin to review it')).toBeVisible();
  });

  test('the admin disapproves with a note; the student sees "Disapproved" and the note', async ({ page, browser, baseURL }, testInfo) => {
    await signIn(page, DEMO.student);
    const name = unique('Noted', testInfo.project.name);
    await fileComplaint(page, name);

    const admin = await tabletPageFor(browser, baseURL, DEMO.admin);
    await admin.goto('/admin/complaints');
    await expect(admin.getByRole('heading', { level: 1, name: 'Complaints' })).toBeVisible(FIRST_SCREEN);
    const card = adminCard(admin, name);
    await card.getByLabel('Note to the student (optional)').fill('  Please talk to your teacher about the timetable first.  ');
    await card.getByRole('button', { name: 'Disapprove', exact: true }).click();
    await expect(adminCard(admin, name)).toHaveCount(0);
    await expect(admin.getByText('Complaint disapproved')).toBeVisible();
    await admin.context().close();

    await page.goto('/student/complaints');
    const mine = studentCard(page, name);
    await expect(mine).toBeVisible(FIRST_SCREEN);
    await expect(mine.getByText('Disapproved', { exact: true })).toBeVisible();
    await expect(mine.getByText('Please talk to your teacher about the timetable first.')).toBeVisible();
    await expect(mine.getByText('Note from the admin:')).toBeVisible();
    await expect(mine.getByText('Waiting for an admin to review it')).toHaveCount(0);
  });

  test('the admin approves without being asked, taps Undo, and the complaint is back in the list, On Hold', async ({ page, browser, baseURL }, testInfo) => {
    await signIn(page, DEMO.student);
    const name = unique('Undone', testInfo.project.name);
    await fileComplaint(page, name);

    const admin = await tabletPageFor(browser, baseURL, DEMO.admin);
    await admin.goto('/admin/complaints');
    await expect(admin.getByRole('heading', { level: 1, name: 'Complaints' })).toBeVisible(FIRST_SCREEN);
    await adminCard(admin, name).getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(admin.getByRole('alertdialog')).toHaveCount(0);
    await expect(adminCard(admin, name)).toHaveCount(0);
    await expect(admin.getByText('Complaint approved')).toBeVisible();
    await admin.getByRole('button', { name: 'Undo' }).click();
    await expect(adminCard(admin, name)).toBeVisible();
    await expect(admin.getByRole('status').filter({ hasText: `"${name}" is On Hold again and back in the list.` })).toBeVisible();

    // the server agrees: after a reload it is still there, and the student sees it On Hold
    await admin.reload();
    await expect(adminCard(admin, name)).toBeVisible(FIRST_SCREEN);
    await admin.context().close();
    await page.goto('/student/complaints');
    await expect(studentCard(page, name).getByText('On Hold')).toBeVisible(FIRST_SCREEN);
  });
});

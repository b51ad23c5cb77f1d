import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../src/fixtures';
import { chooseOption, DEMO, signIn } from '../src/utils';

// The smallest valid PNG (1×1): a real image by its signature.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** A title no other test (or project) uses. */
const unique = (what: string, projectName: string) => `${what} ${projectName} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A new page signed in as `email`, in a context of its own (its own cookies). */
async function pageFor(browser: Browser, baseURL: string | undefined, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

test.describe('admin content', () => {
  test('the admin creates a course with an image, sees its card, edits it and deletes it', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'tablet', 'the issue names the tablet journey');
    const title = unique('E2E Course', testInfo.project.name);
    await signIn(page, DEMO.admin);
    await page.goto('/admin/courses');
    await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();

    await page.getByRole('button', { name: 'Add Course' }).click();
    // The dialog's element lives in Ionic's shadow root: its fields are found through the form, which is named like it.
    const dialog = page.getByRole('dialog', { name: 'Add New Course' });
    await expect(dialog).toBeVisible();
    const form = page.getByRole('form', { name: 'Add New Course' });
    await expect(form.getByRole('heading', { name: 'Course Details' })).toBeVisible();

    // Save with nothing filled in shows the spec's messages and keeps the dialog open.
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Title is required')).toBeVisible();
    await expect(form.getByText('Status is required')).toBeVisible();

    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Description').fill('A course made by the end-to-end test.');
    // Ionic's selects: the instructors first arrive, then the first of them is chosen.
    await expect(form.getByText('Loading Instructors...')).toHaveCount(0);
    await chooseOption(form, 'Instructor', { index: 0 });
    await form.getByLabel('Duration (hours)').fill('10');
    await form.getByLabel('Start Date').fill('2026-02-01');
    await form.getByLabel('End Date').fill('2026-01-01');
    await chooseOption(form, 'Status', 'Active');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('End Date must be after Start Date')).toBeVisible();
    await form.getByLabel('End Date').fill('2026-03-31');
    await form.getByLabel('Upload Course Image:').setInputFiles({ name: 'course.png', mimeType: 'image/png', buffer: PNG });
    await expect(form.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();

    const card = page.getByRole('article', { name: title });
    await expect(card).toBeVisible();
    const image = card.getByRole('img', { name: `Image of ${title}` });
    await expect(image).toHaveAttribute('src', /^\/uploads\/course-[0-9a-f]{24}\.png$/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    await expect(card.getByText(/^Instructor: \S/)).toBeVisible();
    await expect(card.getByText('Active', { exact: true })).toBeVisible();

    // View mode is read-only.
    await card.getByRole('button', { name: 'View Course' }).click();
    const view = page.getByRole('dialog', { name: 'View Course' });
    await expect(view).toBeVisible();
    const viewForm = page.getByRole('form', { name: 'View Course' });
    await expect(viewForm.getByLabel('Title')).toBeDisabled();
    await expect(viewForm.getByLabel('Title')).toHaveValue(title);
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(view).toBeHidden();

    // Edit.
    const edited = `${title} (edited)`;
    await card.getByRole('button', { name: 'Edit Course' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Course' });
    await expect(edit).toBeVisible();
    const editForm = page.getByRole('form', { name: 'Edit Course' });
    await expect(editForm.getByLabel('Title')).toHaveValue(title);
    await editForm.getByLabel('Title').fill(edited);
    await chooseOption(editForm, 'Status', 'Inactive');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    const editedCard = page.getByRole('article', { name: edited });
    await expect(editedCard).toBeVisible();
    await expect(editedCard.getByText('Inactive', { exact: true })).toBeVisible();
    await expect(editedCard.getByRole('img', { name: `Image of ${edited}` })).toHaveAttribute('src', /^\/uploads\//);

    // Delete, after confirmation.
    await editedCard.getByRole('button', { name: 'Delete Course' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Course' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('article', { name: edited })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('article', { name: edited })).toHaveCount(0);
  });

  test('a complaint filed by the demo student is approved and leaves the list', async ({ page, browser, baseURL }, testInfo) => {
    test.skip(testInfo.project.name !== 'tablet', 'the issue names the tablet journey');
    const title = unique('E2E complaint', testInfo.project.name);

    const student = await pageFor(browser, baseURL, DEMO.student);
    const me = (await (await student.request.get('/auth/current_user')).json()) as { name: string };
    const filed = await student.request.post('/api/student/complaints', { data: { title, description: 'Filed by the end-to-end test.' } });
    expect(filed.status()).toBe(201);
    await student.context().close();

    await signIn(page, DEMO.admin);
    await page.goto('/admin/complaints');
    await expect(page.getByRole('heading', { level: 1, name: 'Complaints' })).toBeVisible();
    const card = page.getByRole('article', { name: title });
    await expect(card).toBeVisible();
    await expect(card.getByText(`Submitted by: ${me.name} (Role: Student)`)).toBeVisible();
    await card.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(page.getByRole('article', { name: title })).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Complaints' })).toBeVisible();
    await expect(page.getByRole('article', { name: title })).toHaveCount(0);
  });

  test('notices: the admin adds one; a student reads it without admin controls', async ({ page, browser, baseURL }, testInfo) => {
    const title = unique('E2E notice', testInfo.project.name);
    await signIn(page, DEMO.admin);
    await page.goto('/admin/notice');
    await expect(page.getByRole('heading', { level: 1, name: 'Notices' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Notice' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Notice' });
    await expect(dialog).toBeVisible();
    const form = page.getByRole('form', { name: 'Add New Notice' });
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Description').fill('Posted by the end-to-end test.');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('article', { name: title })).toBeVisible();

    const student = await pageFor(browser, baseURL, DEMO.student);
    await student.goto('/student/notice');
    await expect(student.getByRole('heading', { level: 1, name: 'Notices' })).toBeVisible();
    await expect(student.getByRole('article', { name: title })).toBeVisible();
    await expect(student.getByRole('button', { name: 'Add Notice' })).toHaveCount(0);
    await expect(student.getByRole('button', { name: 'Edit Notice' })).toHaveCount(0);
    await student.context().close();

    // Clean up: delete it after confirmation.
    await page.getByRole('article', { name: title }).getByRole('button', { name: 'Delete Notice' }).click();
    await page.getByRole('alertdialog', { name: 'Confirm Delete' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('article', { name: title })).toHaveCount(0);
  });
});

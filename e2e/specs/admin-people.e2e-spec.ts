import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from '../src/fixtures';
import { chooseOption, DEMO, currentFirstName, registerStudent, signIn, tick } from '../src/utils';

/** Types into a list's search box and waits for the row of `name`. */
async function searchFor(page: Page, placeholder: string, text: string, name: string) {
  await page.getByRole('searchbox', { name: placeholder }).fill(text);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(page.getByText('1–1 of 1')).toBeVisible();
  return row;
}

test.describe('the admin manages people', () => {
  test.beforeEach(async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'tablet', 'admins work on a tablet: these journeys run at tablet size only');
    await signIn(page, DEMO.admin);
  });

  test('searches a user, changes their role through the confirmation and sees the toast', async ({ page, playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    const person = await registerStudent(request, 'Rowan');
    await request.dispose();

    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    const row = await searchFor(page, 'Search for users', person.tag, person.name);
    await expect(row.getByRole('cell', { name: person.email })).toBeVisible();
    // The row's Ionic select is named by its label and the current role.
    await expect(row.getByRole('button', { name: `Role of ${person.name}, Student` })).toBeVisible();
    const select = await chooseOption(row, `Role of ${person.name}`, 'Teacher');
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(`Are you sure you want to change the role of ${person.name} to Teacher?`);
    await dialog.getByRole('button', { name: 'Confirm' }).click();

    await expect(page.getByText('Role updated successfully!')).toBeVisible();
    await expect(select).toHaveAccessibleName(`Role of ${person.name}, Teacher`);
    await expect(select).toBeEnabled();

    // The change reached the server: the teacher list now finds them.
    await page.goto('/admin/teachers');
    await searchFor(page, 'Search for teachers', person.tag, person.name);
  });

  test('assigns two courses to a student and sees them pre-checked on reload', async ({ page, playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    const student = await registerStudent(request, 'Sasha');
    await request.dispose();

    await page.goto('/admin/students');
    const row = await searchFor(page, 'Search for students', student.tag, student.name);
    await row.getByRole('link', { name: /Assign Courses/ }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/student/assign-courses/${student.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Assign Courses to Student' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Available Courses' })).toBeVisible();

    const boxes = page.getByRole('checkbox', { name: /^Assign / });
    await expect(boxes.first()).toBeVisible();
    expect(await boxes.count()).toBeGreaterThanOrEqual(2);
    for (let i = 0; i < (await boxes.count()); i++) await expect(boxes.nth(i)).not.toBeChecked();
    // Ionic's checkboxes, each named by its label "Assign {title}" (hidden from sight: the row names the course).
    const names = [await boxes.nth(0).textContent(), await boxes.nth(1).textContent()];
    await tick(boxes.nth(0));
    await tick(boxes.nth(1));
    await page.getByRole('button', { name: 'Assign Selected Courses' }).click();
    await expect(page.getByText('Courses assigned successfully!')).toBeVisible();

    await page.reload();
    for (const name of names) await expect(page.getByRole('checkbox', { name: name!.trim(), exact: true })).toBeChecked();
    await expect(boxes.nth(2)).not.toBeChecked();
    const assigned = await page.request.get(`/api/admin/students/${student.id}/courses`);
    expect(((await assigned.json()) as string[]).length).toBe(2);
  });

  test('makes an account whose one-time password signs in once and must be replaced by a chosen one', async ({ page, browser, baseURL, consoleGuard }) => {
    // two people's sign-ins, each landing on a dashboard, and two password forms
    test.slow();
    consoleGuard.allow(/\b403\b.*\/api\/teacher\/(stats|oracy)\//, 'the dashboard it opens before the new password is refused its data');
    consoleGuard.allow(/\b400\b.*\/auth\/change-password\b/, 'two different passwords are refused on purpose');
    const tag = randomBytes(4).toString('hex');
    const email = `made-${tag}@example.test`;
    await page.goto('/admin/users');
    await page.getByRole('button', { name: 'Create User' }).click();
    // The dialog's element lives in Ionic's shadow root: its fields are found through the form, which is named like it.
    await expect(page.getByRole('dialog', { name: 'Create User' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Create User' });
    await form.getByLabel('First name').fill('Morgan');
    await form.getByLabel('Last name').fill(`E2e ${tag}`);
    await form.getByLabel('Email').fill(email);
    await chooseOption(form, 'Role', 'Teacher');
    await page.getByRole('button', { name: 'Create', exact: true }).click();

    const shown = page.getByRole('dialog', { name: 'Account Created' });
    await expect(shown).toBeVisible();
    await expect(page.getByText('This password will not be shown again.', { exact: false })).toBeVisible();
    const oneTimePassword = await page.getByLabel('One-time password').inputValue();
    expect(oneTimePassword).toMatch(/^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toBeHidden();
    await searchFor(page, 'Search for users', tag, `Morgan E2e ${tag}`);

    // The new teacher, on their own device.
    const context = await browser.newContext({ baseURL: baseURL! });
    const teacher = await context.newPage();
    await teacher.goto('/login');
    await teacher.getByLabel('Email').fill(email);
    await teacher.getByLabel('Password').fill(oneTimePassword);
    await teacher.getByRole('button', { name: 'Sign in' }).click();
    await expect(teacher).toHaveURL(/\/change-password$/);
    await expect(teacher.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();

    // Until a password is chosen the API refuses, and the app sends the browser back here.
    const refused = await teacher.request.get('/api/admin/notice');
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('password_change_required');
    await teacher.goto('/teacher/dashboard');
    await expect(teacher).toHaveURL(/\/change-password$/);

    await teacher.getByLabel('New password', { exact: true }).fill('morgan-chose-this-1');
    await teacher.getByLabel('Confirm new password').fill('morgan-chose-this-2');
    await teacher.getByRole('button', { name: 'Save password' }).click();
    await expect(teacher.getByText('The two passwords do not match.').first()).toBeVisible();
    await teacher.getByLabel('New password', { exact: true }).fill('morgan-chose-this-1');
    await teacher.getByLabel('Confirm new password').fill('morgan-chose-this-1');
    await teacher.getByRole('button', { name: 'Save password' }).click();
    await expect(teacher).toHaveURL(/\/teacher\/dashboard$/);
    expect(await currentFirstName(teacher)).toBe('Morgan');
    expect((await teacher.request.get('/api/admin/notice')).status()).toBe(200);
    await context.close();

    // The one-time password is spent.
    const again = await page.request.post('/auth/login', { data: { email, password: oneTimePassword } });
    expect(again.status()).toBe(401);
  });

  test('exports the users as CSV and gets user_data.csv', async ({ page }) => {
    await page.goto('/admin/setting');
    await expect(page.getByText('Manage your dashboard preferences and system settings.')).toBeVisible();
    // The format select opens from the keyboard, like every control here.
    const format = page.getByRole('button', { name: /Export Format/ });
    await format.press('Enter');
    await page.getByRole('radio', { name: 'CSV' }).click();
    await expect(page.getByRole('radio', { name: 'CSV' })).toBeHidden();

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Now' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('user_data.csv');
    const text = await readFile(await download.path(), 'utf8');
    expect(text.split('\n')[0]).toBe('id,name,email,role,createdAt,oracyLevel,oracyMean,linguistic,cognitive,socialEmotional,physical,lastAssessedAt,firstName,lastName,courses');
    expect(text).toContain(`,${DEMO.admin},1,`);
    await expect(page.getByText('Data exported successfully')).toBeVisible();
  });
});

import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '../src/fixtures';
import { DEMO, currentFirstName, signIn } from '../src/utils';

/** A demo course (docs/architecture.md#running-it) the class is enrolled in. */
const COURSE = 'Public Speaking Foundations';

test.describe('the admin imports a class from a spreadsheet (docs/product.md#import)', () => {
  test.beforeEach(async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'tablet', 'admins work on a tablet: these journeys run at tablet size only');
    await signIn(page, DEMO.admin);
  });

  test('previews a CSV of three students, imports it, downloads their one-time passwords, and one of them chooses a password', async ({ page, browser, baseURL }) => {
    const tag = randomBytes(4).toString('hex');
    const students = ['Ada', 'Bo', 'Cy'].map((firstName) => ({ firstName, lastName: `Import ${tag}`, email: `${firstName.toLowerCase()}-${tag}@example.test` }));
    const csv = ['firstName,lastName,email,role,courses', ...students.map((s) => `${s.firstName},${s.lastName},${s.email},student,${COURSE}`)].join('\n');

    await page.goto('/admin/setting');
    const importButton = page.getByRole('button', { name: 'Import', exact: true });
    await importButton.click();
    await expect(page.getByRole('dialog', { name: 'Import Data' })).toBeVisible();
    await page.getByLabel('File (CSV or JSON)').setInputFiles({ name: 'class.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

    // The preview: three to create, each row with its status; nothing is written yet.
    await expect(page.getByRole('heading', { name: 'Preview: class.csv' })).toBeVisible();
    const counts = page.getByRole('status', { name: 'Counts' });
    await expect(counts).toContainText('3 to create');
    await expect(counts).toContainText('0 with errors');
    const region = page.getByRole('region', { name: 'Rows of the file' });
    for (const student of students) {
      const row = region.getByRole('row').filter({ hasText: student.email });
      await expect(row).toContainText('Create');
      await expect(row).toContainText(COURSE);
    }
    const before = await page.request.get(`/api/admin/users?search=${tag}`);
    expect(((await before.json()) as { total: number }).total).toBe(0);

    await page.getByRole('button', { name: 'Import 3 rows' }).click();
    await expect(page.getByRole('heading', { name: 'Import finished' })).toBeFocused();
    await expect(counts).toContainText('3 created');
    await expect(page.getByText('3 accounts were created. These one-time passwords will not be shown again.', { exact: false })).toBeVisible();

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download one-time passwords (CSV)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('one-time-passwords.csv');
    const lines = (await readFile(await download.path(), 'utf8')).trim().split(/\r?\n/);
    expect(lines[0]).toBe('email,password');
    const passwords = new Map(lines.slice(1).map((line) => line.split(',') as [string, string]));
    expect([...passwords.keys()]).toEqual(students.map((s) => s.email));
    await expect(page.getByText('Saved as one-time-passwords.csv.')).toBeVisible();
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('dialog', { name: 'Import Data' })).toBeHidden();
    // The focus is back on the button that opened the dialog.
    await expect(importButton).toBeFocused();

    // The first student, on their own device, signs in with the one-time password and must choose their own.
    const [first] = students;
    const context = await browser.newContext({ baseURL: baseURL! });
    const student = await context.newPage();
    await student.goto('/login');
    await student.getByLabel('Email').fill(first!.email);
    await student.getByLabel('Password').fill(passwords.get(first!.email)!);
    await student.getByRole('button', { name: 'Sign in' }).click();
    await expect(student).toHaveURL(/\/change-password$/);
    const refused = await student.request.get('/api/admin/notice');
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('password_change_required');
    await student.getByLabel('New password', { exact: true }).fill(`ada-chose-${tag}`);
    await student.getByLabel('Confirm new password').fill(`ada-chose-${tag}`);
    await student.getByRole('button', { name: 'Save password' }).click();
    await expect(student).toHaveURL(/\/student\/dashboard$/);
    expect(await currentFirstName(student)).toBe('Ada');
    // Enrolled in the course the file named.
    const me = (await (await student.request.get('/auth/current_user')).json()) as { id: string };
    const courses = (await (await student.request.get(`/api/student/courses/${me.id}`)).json()) as { title: string }[];
    expect(courses.map((course) => course.title)).toEqual([COURSE]);
    await context.close();
  });
});

test.describe('the import preview on a phone (docs/product.md#import)', () => {
  test('at 360 px the table scrolls inside its labelled region, which the keyboard reaches', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'the phone layout');
    await signIn(page, DEMO.admin);
    await page.goto('/admin/setting');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const csv = `firstName,lastName,email,role,courses\nZara,Wide-Table,zara-${randomBytes(4).toString('hex')}@example.test,student,${COURSE}\nNo,Email,,student,\n`;
    await page.getByLabel('File (CSV or JSON)').setInputFiles({ name: 'class.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const region = page.getByRole('region', { name: 'Rows of the file' });
    await expect(region.getByRole('row').filter({ hasText: 'Email is missing.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Import 1 row' })).toBeVisible();
    // The region scrolls sideways; the dialog itself does not.
    const widths = await region.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth, view: window.innerWidth }));
    expect(widths.scroll).toBeGreaterThan(widths.client);
    expect(widths.client).toBeLessThanOrEqual(widths.view);
    await region.focus();
    await expect(region).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  });
});

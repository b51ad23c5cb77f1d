import { expect, test } from '../src/fixtures';
import { DEMO, registerStudent, signIn } from '../src/utils';

/**
 * The profiles (docs/product.md#teacher-and-student-profiles, docs/product.md#change-password): each
 * shows the signed-in person and their own figures, never the old placeholder values; a password
 * change works and the new password signs in. Journeys that change a password use a fresh account,
 * never a demo one (other specs sign in as the demo users).
 */

/** The old placeholder profile's texts: none may show. */
const PLACEHOLDERS = [
  'Student Name',
  'Teacher Name',
  'student@example.com',
  'teacher@example.com',
  '+00 000 000 0000',
  'Location: Not set',
  'Badges Earned: 5',
  'Courses Taught: 10',
  'Progress 70%',
  'Mathematics',
];

async function expectNoPlaceholder(page: import('@playwright/test').Page) {
  for (const text of PLACEHOLDERS) await expect(page.getByText(text, { exact: true }), text).toHaveCount(0);
}

test.describe('profiles show the signed-in person', () => {
  test('a new student sees their own name, email, progress and badges to earn', async ({ page, playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    const student = await registerStudent(request, 'Pia');
    await request.dispose();

    await signIn(page, student.email, student.password);
    await page.goto('/student/profile');
    await expect(page.getByRole('heading', { level: 2, name: student.name })).toBeVisible();
    await expect(page.getByText('Role: Student')).toBeVisible();
    await expect(page.getByText(`Email: ${student.email}`)).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '0');
    await expect(page.getByText('Badges Earned: 0')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Badges' }).getByRole('listitem')).toHaveCount(5);
    await expect(page.getByText('You are not enrolled in any course yet.')).toBeVisible();
    await expectNoPlaceholder(page);
  });

  test("the teacher sees their own name, email, courses taught and their courses' titles", async ({ page }) => {
    await signIn(page, DEMO.teacher);
    const me = (await (await page.request.get('/auth/current_user')).json()) as { id: string; name: string };
    const profile = (await (await page.request.get(`/api/user/profile/${me.id}`)).json()) as { teacher: { coursesTaught: number; subjects: string[] } };
    await page.goto('/teacher/profile');
    await expect(page.getByRole('heading', { level: 2, name: me.name })).toBeVisible();
    await expect(page.getByText('Role: Teacher')).toBeVisible();
    await expect(page.getByText(`Email: ${DEMO.teacher}`)).toBeVisible();
    await expect(page.getByText(`Courses Taught: ${profile.teacher.coursesTaught}`)).toBeVisible();
    const subjects = page.getByRole('heading', { level: 2, name: 'Subjects' }).locator('xpath=..').getByRole('listitem');
    await expect(subjects).toHaveText(profile.teacher.subjects);
    await expectNoPlaceholder(page);
  });

  test('a student changes their password and signs in with the new one', async ({ page, playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    const student = await registerStudent(request, 'Noor');
    await request.dispose();
    const newPassword = 'a fresh spoken phrase 9';

    await signIn(page, student.email, student.password);
    await page.goto('/student/profile');
    await page.getByRole('button', { name: 'Change password' }).click();
    const dialog = page.locator('ion-modal.password-dialog');
    await dialog.getByLabel('Current password').fill(student.password);
    await dialog.getByLabel('New password', { exact: true }).fill(newPassword);
    await dialog.getByLabel('New password again').fill(newPassword);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your password was changed. You were signed out on your other devices.')).toBeVisible();

    // this browser stays signed in…
    expect((await page.request.get('/auth/current_user')).status()).toBe(200);
    await page.request.post('/auth/logout');
    // …and the new password, not the old one, signs in.
    const old = await playwright.request.newContext({ baseURL });
    expect((await old.post('/auth/login', { data: { email: student.email, password: student.password } })).status()).toBe(401);
    await old.dispose();
    await signIn(page, student.email, newPassword);
    await page.goto('/student/profile');
    await expect(page.getByRole('heading', { level: 2, name: student.name })).toBeVisible();
  });
});

import { expect, test } from '../src/fixtures';
import { DEMO, currentFirstName, signIn, tick } from '../src/utils';

test.describe('the walking skeleton', () => {
  test('a signed-out visit to "/" lands on the login page', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/\b401\b.*\/auth\/current_user\b/, 'signed out, the app hears 401 for the current user');
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });

  test('a student signs in and completes the self-assessment', async ({ page }) => {
    await signIn(page, DEMO.student);
    const firstName = await currentFirstName(page);
    await page.goto('/');
    await expect(page.getByText(`Welcome, ${firstName}`)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Oracy Skills Self-Assessment' })).toBeVisible();

    const submit = page.getByRole('button', { name: 'Submit Assessment' });
    const groups = page.getByRole('radiogroup');
    await expect(groups).toHaveCount(16);
    for (let i = 0; i < 16; i++) {
      await expect(submit).toBeDisabled();
      await tick(groups.nth(i).getByRole('radio', { name: i % 2 ? 'Agree' : 'Strongly Agree', exact: true }));
    }
    await expect(submit).toBeEnabled();
    await submit.click();

    await expect(page.getByText(`Thank You, ${firstName}!`)).toBeVisible();
    await expect(page.getByText('Your responses have been recorded.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Explore our Website' })).toBeVisible();
  });

  test('an unknown path shows the 404 page', async ({ page }) => {
    await signIn(page, DEMO.student);
    await page.goto('/no/such/page');
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByText("Oops! The page you're looking for doesn't exist.")).toBeVisible();
    await page.getByRole('link', { name: 'Go back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('link', { name: 'Go to my dashboard' }).click();
    await expect(page).toHaveURL(/\/student\/dashboard$/);
  });

  test('a student opening /admin/users is sent to their own home', async ({ page }) => {
    await signIn(page, DEMO.student);
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/student\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome to your Dashboard, .+!$/ })).toBeVisible();
  });

  test('wrong credentials keep the user on the login page with a message', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/\b401\b.*\/auth\/login\b/, 'the sign-in it tests is refused with 401');
    await page.goto('/login');
    await page.getByLabel('Email').fill(DEMO.student);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(DEMO.student);
  });
});

import { expect, type Page } from '@playwright/test';

/** Demo accounts of docs/architecture.md#running-it (all with the same password). */
export const DEMO = {
  password: 'oracy-demo',
  admin: 'admin@oracy.test',
  teacher: 'teacher@oracy.test',
  student: 'student@oracy.test',
} as const;

/**
 * Signs in through the server-rendered /login page (docs/product.md#sign-in-site), as a user
 * would: labelled fields and the "Sign in" button. Ends on "/".
 */
export async function signIn(page: Page, email: string, password: string = DEMO.password): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** The signed-in user's first name, read from the API with the page's cookies. */
export async function currentFirstName(page: Page): Promise<string> {
  const res = await page.request.get('/auth/current_user');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { firstName: string }).firstName;
}

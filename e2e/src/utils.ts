import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** Demo accounts of docs/architecture.md#running-it (all with the same password). */
export const DEMO = {
  password: 'oracy-demo',
  admin: 'admin@oracy.test',
  teacher: 'teacher@oracy.test',
  student: 'student@oracy.test',
} as const;

/** The path of each role's home, where signing in lands (docs/product.md#sign-in-site). */
export const HOME_PATH = /\/(admin|teacher|student)\/dashboard$/;

/**
 * Signs in through the server-rendered /login page (docs/product.md#sign-in-site), as a user
 * would: labelled fields and the "Sign in" button. Ends on the role's home (its dashboard), its
 * heading shown; a test that needs the self-assessment goes to "/" itself.
 */
export async function signIn(page: Page, email: string, password: string = DEMO.password): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(HOME_PATH);
  // a dashboard's first paint after sign-in can take a while on a shared machine
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
}

/** The signed-in user's first name, read from the API with the page's cookies. */
export async function currentFirstName(page: Page): Promise<string> {
  const res = await page.request.get('/auth/current_user');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { firstName: string }).firstName;
}

/**
 * Registers a fresh student through `POST /auth/register` in the given
 * request context (which then holds that student's session): journeys
 * change only people they created, never the demo accounts.
 * @returns the new student's id, full name, email, a random tag and the password
 */
export async function registerStudent(request: APIRequestContext, firstName: string): Promise<{ id: string; name: string; email: string; tag: string; password: string }> {
  const tag = randomBytes(4).toString('hex');
  const person = { firstName, lastName: `E2e ${tag}`, email: `${firstName.toLowerCase()}-${tag}@example.test`, password: 'admin-people-e2e' };
  const res = await request.post('/auth/register', { data: person });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  return { id, name: `${person.firstName} ${person.lastName}`, email: person.email, tag, password: person.password };
}

/** A name that starts with `text`, taken literally (an Ionic select's name is its label, then its value). */
export const startingWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/**
 * Chooses an option of the Ionic select labelled `label` in `scope`, as a person does
 * (docs/contributing.md#forms-and-fields): taps the select (found by its button, which is named by
 * its label and the current choice, "Status, Active") and then the option, a radio in the popover
 * that opens. `option` is the option's text, or `{ index }` for the nth option (0-based).
 * @returns the select's button, to check its name and state
 */
export async function chooseOption(scope: Page | Locator, label: string, option: string | { index: number }): Promise<Locator> {
  const page = 'goto' in scope ? scope : scope.page();
  const name = startingWith(label);
  const button = scope.getByRole('button', { name });
  // the button itself lies under the select's text: the select is tapped where a finger would.
  await scope.locator('ion-select', { has: page.getByRole('button', { name }) }).click();
  // the select's own popover (the top bar's menu is a popover too, kept in the page).
  const popover = page.locator('ion-popover', { has: page.locator('ion-select-popover') });
  const choice = typeof option === 'string' ? popover.getByRole('radio', { name: option, exact: true }) : popover.getByRole('radio').nth(option.index);
  await choice.click();
  await expect(popover).toHaveCount(0);
  return button;
}

/**
 * Taps an Ionic radio or checkbox and waits until it reads as checked
 * (docs/contributing.md#forms-and-fields): Ionic sets its `aria-checked` on its next render after
 * the tap, later than Playwright's `check()` looks.
 */
export async function tick(control: Locator): Promise<void> {
  await control.click();
  await expect(control).toBeChecked();
}

import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect, test, WHEN_OFFLINE } from '../src/fixtures';
import { expectFocusOn, expectFocusWithin, isFocused, missingFocusIndicator, tabTo } from '../src/keyboard';
import { DEMO, HOME_PATH, registerStudent, startingWith } from '../src/utils';

/**
 * The product by keyboard alone (docs/contributing.md#accessibility-checks): Tab, Shift+Tab,
 * Enter, Space, the arrow keys and Escape — never the mouse. Each journey checks that every stop
 * of the Tab key shows the focus, that a dialog takes the focus when it opens and gives it back to
 * its opener when it closes, and that what changes on its own is announced (live regions).
 */

/** Signs in on /login by keyboard: the email field has the focus, Tab to the password, Tab to "Sign in", Enter. */
async function signInByKeyboard(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  const emailField = page.getByLabel('Email');
  await expect.poll(() => isFocused(emailField), { message: 'the email field has the focus on arrival' }).toBe(true);
  expect(await missingFocusIndicator(page)).toBeNull();
  await page.keyboard.type(email);
  await tabTo(page, page.getByLabel('Password'));
  await page.keyboard.type(password);
  await tabTo(page, page.getByRole('button', { name: 'Sign in' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(HOME_PATH);
}

/** Activates `opener` with Enter, checks that the focus moves into the dialog it opens, and returns that dialog. */
async function openByKeyboard(page: Page, opener: Locator, dialog: Locator): Promise<Locator> {
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expectFocusWithin(page, dialog);
  return dialog;
}

/** Closes the dialog with Escape and checks that the focus is back on its opener. */
async function closeByEscape(page: Page, dialog: Locator, opener: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expectFocusOn(opener);
}

/** Opens each dialog from its opener on its screen by keyboard, and closes it with Escape: the focus goes in, and back to the opener. */
async function checkDialogs(page: Page, checks: Array<{ path: string; opener: Locator; dialog: Locator }>): Promise<void> {
  for (const { path, opener, dialog } of checks) {
    await page.goto(path);
    await expect(opener).toBeVisible();
    await closeByEscape(page, await openByKeyboard(page, opener, dialog), opener);
  }
}

test.describe('by keyboard alone', () => {
  test('a student signs in, answers and submits the self-assessment, and files a complaint', async ({ page, playwright, baseURL }) => {
    test.slow();
    const api = await playwright.request.newContext({ baseURL });
    const student = await registerStudent(api, 'Kai');
    await signInByKeyboard(page, student.email, student.password);
    await page.goto('/');

    // The self-assessment: Tab reaches each question's first answer, the arrow keys choose.
    const groups = page.getByRole('radiogroup');
    await expect(groups).toHaveCount(16);
    for (let i = 0; i < 16; i++) {
      const group = groups.nth(i);
      await tabTo(page, group.getByRole('radio').first(), { max: 10 });
      for (let step = 0; step < (i % 4) + 1; step++) await page.keyboard.press('ArrowRight');
      await expect(group.getByRole('radio', { checked: true })).toHaveCount(1);
      expect(await missingFocusIndicator(page)).toBeNull();
    }
    await tabTo(page, page.getByRole('button', { name: 'Submit Assessment' }), { max: 5 });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Thank You, Kai!' })).toBeVisible();

    // A complaint: the dialog takes the focus, and gives it back to "Add Complaint" when it closes.
    await page.goto('/student/complaints');
    await expect(page.getByRole('heading', { level: 1, name: 'My Complaints' })).toBeVisible();
    await expect(page.getByText('Loading complaints...')).toHaveCount(0);
    const add = page.getByRole('button', { name: 'Add Complaint' });
    const dialog = await openByKeyboard(page, add, page.getByRole('dialog', { name: 'Submit a New Complaint' }));
    await closeByEscape(page, dialog, add);

    const title = `Keyboard ${randomBytes(3).toString('hex')}`;
    await openByKeyboard(page, add, dialog);
    await tabTo(page, page.getByLabel('Complaint Title'), { max: 10 });
    await page.keyboard.type(title);
    await tabTo(page, page.getByLabel('Complaint Description'), { max: 3 });
    await page.keyboard.type('Typed without a mouse.');
    await tabTo(page, page.getByRole('button', { name: 'Add Complaint' }), { max: 5 });
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expectFocusOn(add);
    await expect(page.getByRole('heading', { name: `Complaint: ${title}` })).toBeVisible();
    await api.dispose();
  });

  test('an admin approves a complaint, sends a message and changes a role', async ({ page, playwright, baseURL }) => {
    test.slow();
    // A complaint and a person of this test's own, made through the API.
    const api = await playwright.request.newContext({ baseURL });
    const student = await registerStudent(api, 'Noa');
    const complaintTitle = `Approve by keyboard ${student.tag}`;
    expect((await api.post('/api/student/complaints', { data: { title: complaintTitle, description: 'Filed for the keyboard journey.' } })).status()).toBe(201);
    await api.dispose();

    await signInByKeyboard(page, DEMO.admin, DEMO.password);

    // Approve: the decision is announced and the focus goes to the heading, not to the page's start.
    await page.goto('/admin/complaints');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: complaintTitle }) });
    await expect(card).toBeVisible();
    await tabTo(page, card.getByRole('button', { name: 'Approve', exact: true }), { max: 200 });
    await page.keyboard.press('Enter');
    await expect(card).toBeHidden();
    // the page's status line (the "Undo" toast is a status of its own)
    await expect(page.getByRole('status').filter({ hasText: complaintTitle })).toHaveText(`"${complaintTitle}" was approved.`);
    await expectFocusOn(page.getByRole('heading', { level: 1, name: 'Complaints' }));

    // A message in the discussion: the list is a log, so what arrives is read out.
    await page.goto('/admin/discussion');
    const log = page.getByRole('log', { name: 'Messages' });
    await expect(log).toBeVisible();
    await expect(page.getByText('Loading messages...')).toBeHidden();
    const text = `Sent by keyboard ${student.tag}`;
    await tabTo(page, page.getByLabel('Type your message...'));
    await page.keyboard.type(text);
    await page.keyboard.press('Enter');
    await expect(log.getByText(text, { exact: true })).toBeVisible();

    // The emoji picker, just before the message box, takes the focus (its search) and gives it back to its button on Escape.
    const emoji = page.getByRole('button', { name: 'Emoji' });
    await tabTo(page, emoji, { max: 3, backwards: true });
    await closeByEscape(page, await openByKeyboard(page, emoji, page.getByRole('dialog', { name: 'Emoji picker' })), emoji);

    // A role: Enter opens the select's options and takes the focus into them, Tab reaches the current
    // one, an arrow key moves to the next and Space chooses it; the confirmation takes the focus and
    // gives it back to the select, and the toast is announced.
    await page.goto('/admin/users');
    await tabTo(page, page.getByRole('searchbox', { name: 'Search for users' }));
    await page.keyboard.type(student.tag);
    // A row of the table, or a card on a phone.
    const row = page.getByRole('row').or(page.getByRole('listitem')).filter({ hasText: student.name });
    await expect(row).toHaveCount(1);
    const select = row.getByRole('button', { name: startingWith(`Role of ${student.name}`) });
    await tabTo(page, select);
    await page.keyboard.press('Enter');
    const options = page.locator('ion-popover', { has: page.locator('ion-select-popover') });
    await expectFocusWithin(page, options);
    await tabTo(page, options.getByRole('radio', { name: 'Student', exact: true }), { max: 3 });
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    await expect(options).toHaveCount(0);
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(`Are you sure you want to change the role of ${student.name} to Teacher?`);
    await expectFocusWithin(page, confirm);
    await tabTo(page, confirm.getByRole('button', { name: 'Confirm' }), { max: 5 });
    await page.keyboard.press('Enter');
    await expect(confirm).toBeHidden();
    await expectFocusOn(select);
    const toast = page.getByText('Role updated successfully!');
    await expect(toast).toBeVisible();
    // Polled: Ionic draws the toast's text again once it is shown, replacing the first element.
    await expect.poll(() => toast.evaluate(liveRegionOf), { message: 'the toast is in a live region' }).not.toBeNull();
    await expect(select).toHaveAccessibleName(/Teacher/);
  });

  test('each dialog takes the focus when it opens and gives it back when it closes', async ({ page }, testInfo) => {
    test.slow();
    await signInByKeyboard(page, DEMO.admin, DEMO.password);

    const checks: Array<{ path: string; opener: Locator; dialog: Locator }> = [
      { path: '/admin/dashboard', opener: page.getByRole('button', { name: /Account menu$/ }), dialog: page.getByRole('dialog', { name: 'Account menu' }) },
      { path: '/admin/users', opener: page.getByRole('button', { name: 'Create User' }), dialog: page.getByRole('dialog', { name: 'Create User' }) },
      { path: '/admin/users', opener: page.getByRole('button', { name: /^Reset password for / }).first(), dialog: page.getByRole('alertdialog') },
      { path: '/admin/courses', opener: page.getByRole('button', { name: 'Add Course' }), dialog: page.getByRole('dialog', { name: 'Add New Course' }) },
      { path: '/admin/notice', opener: page.getByRole('button', { name: 'Add Notice' }), dialog: page.getByRole('dialog', { name: 'Add New Notice' }) },
      { path: '/admin/setting', opener: page.getByRole('button', { name: 'Import', exact: true }), dialog: page.getByRole('dialog', { name: 'Import Data' }) },
      { path: '/admin/setting', opener: page.getByRole('button', { name: 'Revert to Default' }), dialog: page.getByRole('alertdialog') },
      { path: '/admin/students', opener: page.getByRole('button', { name: /^Delete / }).first(), dialog: page.getByRole('alertdialog') },
    ];
    if (testInfo.project.name === 'phone')
      checks.push({ path: '/admin/dashboard', opener: page.getByRole('button', { name: 'Open menu' }), dialog: page.getByRole('navigation', { name: 'Main menu' }) });
    // the menu's last entry, open beside the content from the tablet size up.
    else checks.push({ path: '/admin/dashboard', opener: page.getByRole('button', { name: 'Logout' }), dialog: page.getByRole('alertdialog') });
    await checkDialogs(page, checks);
  });

  test("the teacher's dialogs take the focus and give it back too", async ({ page }) => {
    test.slow();
    await signInByKeyboard(page, DEMO.teacher, DEMO.password);
    await checkDialogs(page, [
      { path: '/teacher/courses', opener: page.getByRole('button', { name: /^View Details/ }).first(), dialog: page.getByRole('dialog') },
      { path: '/teacher/speaking', opener: page.getByRole('button', { name: 'New task' }), dialog: page.getByRole('dialog') },
      { path: '/teacher/speaking', opener: page.getByRole('article').getByRole('button', { name: 'Delete', exact: true }).first(), dialog: page.getByRole('alertdialog') },
    ]);
  });

  test('the offline banner is a live region', async ({ page, context, playwright, baseURL, consoleGuard }) => {
    for (const [why, pattern] of Object.entries(WHEN_OFFLINE)) consoleGuard.allow(pattern, why);
    const api = await playwright.request.newContext({ baseURL });
    const student = await registerStudent(api, 'Ola');
    await api.dispose();
    await signInByKeyboard(page, student.email, student.password);
    await page.goto('/student/courses');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Enrolled Courses' })).toBeVisible();
    await expect(page.getByLabel('Loading courses')).toHaveCount(0);
    await page.goto('/student/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // Offline, the app's own navigation opens the courses from the device's copy.
    await context.setOffline(true);
    // The menu's link beside the content on a tablet, the tab bar's tab on a phone.
    const courses = page
      .getByRole('link', { name: 'My Courses' })
      .or(page.getByRole('tab', { name: 'My Courses' }))
      .filter({ visible: true })
      .first();
    await tabTo(page, courses, { max: 40 });
    await page.keyboard.press('Enter');
    const banner = page.getByText(/^Showing data from /).filter({ visible: true });
    await expect(banner).toBeVisible();
    expect(await banner.evaluate(liveRegionOf), 'the offline banner is in a live region').not.toBeNull();
    await context.setOffline(false);
  });
});

/**
 * The live region an element is announced through: the nearest ancestor (across shadow roots)
 * with `role="status"`, `role="alert"`, `role="log"` or `aria-live` other than "off"; `null`
 * when there is none. Runs in the page.
 */
function liveRegionOf(element: Element): string | null {
  for (let node: Node | null = element; node; node = node.parentNode ?? (node instanceof ShadowRoot ? node.host : null)) {
    if (!(node instanceof Element)) continue;
    const role = node.getAttribute('role');
    const live = node.getAttribute('aria-live');
    if (role === 'status' || role === 'alert' || role === 'log' || (live !== null && live !== 'off')) return `${node.tagName.toLowerCase()} role=${role} aria-live=${live}`;
  }
  return null;
}

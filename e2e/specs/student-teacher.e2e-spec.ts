import { expect, test } from '../src/fixtures';
import { DEMO, signIn } from '../src/utils';

/**
 * The student's and the teacher's own areas on a phone: the demo
 * accounts' dashboards, courses and people, and a complaint the test files
 * and deletes itself (a unique title, so parallel tests never meet it).
 */
test.describe("the student's and the teacher's areas (phone)", () => {
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'The issue specifies these journeys on a phone.');
  });

  test("a student opens the dashboard, a course's details, and files and deletes a complaint", async ({ page }) => {
    await signIn(page, DEMO.student);
    await page.goto('/student/dashboard');

    await expect(page.getByRole('heading', { level: 1, name: /^Welcome to your Dashboard, .+!$/ })).toBeVisible();
    for (const label of ['Total Courses', 'Completed Courses', 'Total Assignments', 'Oracy Level']) {
      await expect(page.getByText(label, { exact: true })).toBeVisible();
    }
    const chart = page.getByRole('figure', { name: 'Your Activity Overview' });
    await chart.scrollIntoViewIfNeeded();
    await expect(chart).toBeVisible();
    await expect(chart.locator('canvas')).toBeVisible();

    // "View Courses" goes to /courses, which leads to the student's courses (docs/product.md#links-and-redirects).
    await page.getByRole('link', { name: 'View Courses' }).click();
    await expect(page).toHaveURL(/\/student\/courses$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your Enrolled Courses' })).toBeVisible();
    const firstCard = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: /^View Details/ }) })
      .first();
    await expect(firstCard).toBeVisible();
    const courseTitle = (await firstCard.getByRole('heading').textContent())?.trim() ?? '';
    expect(courseTitle).not.toBe('');
    await firstCard.getByRole('button', { name: /^View Details/ }).click();
    // While a modal is open the page behind it is hidden from assistive technology, so these
    // role queries find only the modal's content (Ionic slots it outside the dialog's own subtree).
    const modal = page.getByRole('dialog');
    await expect(modal).toBeVisible();
    await expect(page.getByRole('heading', { name: courseTitle })).toBeVisible();
    await expect(page.getByRole('paragraph').filter({ hasText: /^Status:/ })).toBeVisible();
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(modal).toBeHidden();

    await page.goto('/student/complaints');
    await expect(page.getByRole('heading', { level: 1, name: 'My Complaints' })).toBeVisible();
    const title = `Broken projector ${Date.now().toString(36)}`;
    await page.getByRole('button', { name: 'Add Complaint' }).click();
    const dialog = page.getByRole('dialog');
    await expect(page.getByRole('heading', { name: 'Submit a New Complaint' })).toBeVisible();
    await page.getByLabel('Complaint Title').fill(title);
    await page.getByLabel('Complaint Description').fill('The projector in room 4 flickers during presentations.');
    await page.getByRole('button', { name: 'Add Complaint' }).click();
    await expect(dialog).toBeHidden();

    const card = page.getByRole('heading', { name: `Complaint: ${title}` });
    await expect(card).toBeVisible();
    await expect(page.getByRole('listitem').filter({ has: card }).getByText('On Hold')).toBeVisible();
    await page.getByRole('button', { name: `Delete Complaint: ${title}` }).click();
    await expect(card).toBeHidden();
  });

  test('a teacher opens the dashboard with both charts, the students list and the courses list', async ({ page }) => {
    await signIn(page, DEMO.teacher);
    await page.goto('/teacher/dashboard');

    await expect(page.getByRole('heading', { level: 1, name: 'Teacher Dashboard' })).toBeVisible();
    await expect(page.getByText('Completed Assignments', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Assignments Overview' })).toBeVisible();
    for (const name of ['Total vs Completed Assignments', 'Completed vs Outstanding Assignments']) {
      const chart = page.getByRole('figure', { name });
      await chart.scrollIntoViewIfNeeded();
      await expect(chart.locator('canvas')).toBeVisible();
    }

    await page.getByRole('link', { name: 'View Students' }).click();
    await expect(page).toHaveURL(/\/teacher\/students$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your Students' })).toBeVisible();
    await expect(page.getByText(/^Email:/).first()).toBeVisible();
    await expect(page.getByText(/^Courses:/).first()).toBeVisible();

    await page.goto('/teacher/dashboard');
    await page.getByRole('link', { name: 'View Courses' }).click();
    await expect(page).toHaveURL(/\/teacher\/courses$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your Courses' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^View Details/ }).first()).toBeVisible();
  });
});

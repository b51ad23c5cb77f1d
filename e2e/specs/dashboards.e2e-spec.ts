import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../src/fixtures';
import { DEMO, registerStudent, signIn, tick } from '../src/utils';

/**
 * The dashboards' activity charts plot the API's figures for the last six real months
 * (docs/product.md#student-dashboard, docs/product.md#admin-dashboard), and a student who has never
 * self-assessed is invited to the questionnaire from their dashboard.
 */

/** The last six months as the API names them (`YYYY-MM`, UTC), oldest first. */
function lastSixMonths(now = new Date()): string[] {
  return Array.from({ length: 6 }, (_, i) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 5 + i, 1)).toISOString().slice(0, 7));
}

/** The names the browser gives those months in English as the app formats it, the UK's ("December"). */
async function shortNames(page: Page, months: string[]): Promise<string[]> {
  return page.evaluate((list) => list.map((m) => new Intl.DateTimeFormat('en-GB', { month: 'long' }).format(new Date(Number(m.slice(0, 4)), Number(m.slice(5, 7)) - 1, 15))), months);
}

/** A chart's screen-reader table as rows of cell texts, the header row left out. */
async function tableRows(figure: Locator): Promise<string[][]> {
  return figure.locator('table tbody tr').evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent?.trim() ?? '')));
}

test.describe("the dashboards' activity charts", () => {
  test('the student dashboard plots the last six real months from the API', async ({ page }) => {
    await signIn(page, DEMO.student);
    const me = (await (await page.request.get('/auth/current_user')).json()) as { id: string };
    const stats = (await (await page.request.get(`/api/student/stats/${me.id}`)).json()) as {
      activity: { month: string; completedCourses: number; completedAssignments: number }[];
    };
    const months = lastSixMonths();
    expect(stats.activity.map((m) => m.month)).toEqual(months);

    await page.goto('/student/dashboard');
    const chart = page.getByRole('figure', { name: 'Your Activity Overview' });
    await chart.scrollIntoViewIfNeeded();
    await expect(chart.locator('canvas')).toBeVisible();
    const names = await shortNames(page, months);
    await expect.poll(() => tableRows(chart)).toEqual(names.map((name, i) => [name, String(stats.activity[i]!.completedCourses), String(stats.activity[i]!.completedAssignments)]));
    // The sample months March to June appear only where they are among the real ones.
    for (const sample of ['March', 'April', 'May', 'June'].filter((month) => !names.includes(month))) await expect(chart).not.toContainText(sample);
  });

  test('the admin dashboard plots the users created in each of the last six real months', async ({ page }) => {
    await signIn(page, DEMO.admin);
    const stats = (await (await page.request.get('/api/admin/stats')).json()) as { activity: { month: string; newUsers: number }[] };
    const months = lastSixMonths();
    expect(stats.activity.map((m) => m.month)).toEqual(months);

    await page.goto('/admin/dashboard');
    const chart = page.getByRole('figure', { name: 'Activity Overview' });
    await chart.scrollIntoViewIfNeeded();
    await expect(chart.locator('canvas')).toBeVisible();
    const names = await shortNames(page, months);
    await expect.poll(() => tableRows(chart)).toEqual(names.map((name, i) => [name, String(stats.activity[i]!.newUsers)]));
    // The demo school's accounts were all made when it started: this month counts them.
    expect(stats.activity.at(-1)!.newUsers).toBeGreaterThan(0);
  });
});

test.describe('the invitation to the self-assessment', () => {
  test('a student who never self-assessed is invited from the dashboard, not sent there; once submitted, the invitation is gone', async ({ page }) => {
    test.slow();
    await registerStudent(page.request, 'Invited');
    await page.goto('/student/dashboard');
    const invitation = page.getByRole('heading', { level: 2, name: 'How do you speak today?' });
    // The first screen of a fresh app: its code and the stats may take a while on a busy machine.
    await expect(invitation).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Total Courses', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Start the self-assessment' }).click();
    await expect(page).toHaveURL(/\/$/);

    const groups = page.getByRole('radiogroup');
    await expect(groups).toHaveCount(16);
    for (let i = 0; i < 16; i++) await tick(groups.nth(i).getByRole('radio', { name: 'Agree', exact: true }));
    await page.getByRole('button', { name: 'Submit Assessment' }).click();
    await expect(page.getByText('Your responses have been recorded.')).toBeVisible();

    await page.goto('/student/dashboard');
    await expect(page.getByRole('figure', { name: 'Your Activity Overview' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'How do you speak today?' })).toHaveCount(0);
  });
});

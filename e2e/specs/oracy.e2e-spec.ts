import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../src/fixtures';
import { DEMO, registerStudent, signIn, tick } from '../src/utils';

/** A demo teacher who teaches none of the demo teacher's courses (docs/architecture.md#running-it). */
const OTHER_TEACHER = 'maria.lopez@oracy.test';

/** Answers the 16 statements of "/" with one option and submits (docs/product.md#self-assessment). */
async function answerAll(page: Page, option: 'Strongly Agree' | 'Disagree') {
  await page.goto('/');
  const groups = page.getByRole('radiogroup');
  await expect(groups).toHaveCount(16);
  for (let i = 0; i < 16; i++) await tick(groups.nth(i).getByRole('radio', { name: option, exact: true }));
  await page.getByRole('button', { name: 'Submit Assessment' }).click();
  await expect(page.getByText('Your responses have been recorded.')).toBeVisible();
}

/** A page signed in as `email` in a browser context of its own, at the project's size. */
async function pageAs(browser: Browser, email: string, viewport: { width: number; height: number } | null): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

/**
 * The Oracy profile end to end (docs/product.md#oracy-profile), on a phone and on a tablet: a new
 * student in one of the demo teacher's courses answers the self-assessment twice, high then low,
 * and sees the strands, the profile and the drop; the demo teacher sees the student flagged
 * `declining` and opens the profile; a teacher who does not teach the student gets no access.
 */
test('a student sees their strands and a drop, their teacher sees it flagged, another teacher cannot look', async ({ page, browser, playwright, baseURL, viewport, consoleGuard }) => {
  // The student, enrolled by an admin in the demo teacher's first course.
  const studentApi = await playwright.request.newContext({ baseURL });
  const student = await registerStudent(studentApi, 'Robin');
  await studentApi.dispose();
  consoleGuard.allow(new RegExp(`\\b403\\b.*/${student.id}\\b`), 'the other teacher is refused the student’s data on purpose');
  const staff = await playwright.request.newContext({ baseURL });
  await staff.post('/auth/login', { data: { email: DEMO.teacher, password: DEMO.password } });
  const teacherId = ((await (await staff.get('/auth/current_user')).json()) as { id: string }).id;
  const [course] = (await (await staff.get(`/api/teacher/courses/${teacherId}`)).json()) as { id: string }[];
  await staff.post('/auth/login', { data: { email: DEMO.admin, password: DEMO.password } });
  const assigned = await staff.post(`/api/admin/students/${student.id}/assign-courses`, { data: { courses: [course!.id] } });
  expect(assigned.status()).toBe(200);
  await staff.dispose();

  await signIn(page, student.email, student.password);
  await answerAll(page, 'Strongly Agree');
  const strands = page.getByRole('list', { name: 'Your strand scores' });
  for (const strand of ['Linguistic', 'Cognitive', 'Social & Emotional', 'Physical']) await expect(strands.getByText(strand)).toBeVisible();
  await expect(strands.getByText('5.00').first()).toBeVisible();
  await page.getByRole('link', { name: 'See your Oracy profile' }).click();
  await expect(page).toHaveURL(/\/student\/oracy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Oracy' })).toBeVisible();
  const radar = page.getByRole('figure', { name: /strands/i }).first();
  await radar.scrollIntoViewIfNeeded();
  await expect(radar.locator('canvas')).toBeVisible();

  await answerAll(page, 'Disagree');
  await expect(page.getByText(/Change since last time: −3\.00/)).toBeVisible();

  // The demo teacher sees the student flagged and opens the profile.
  const teacher = await pageAs(browser, DEMO.teacher, viewport);
  await teacher.goto('/teacher/students');
  const card = teacher.getByRole('listitem').filter({ hasText: student.name });
  await expect(card.getByText('Scores dropped since last time')).toBeVisible();
  await card
    .getByRole('link', { name: new RegExp(student.name) })
    .first()
    .click();
  await expect(teacher).toHaveURL(new RegExp(`/teacher/students/${student.id}$`));
  await expect(teacher.getByRole('heading', { level: 1, name: student.name })).toBeVisible();
  // the history, newest first: this week's drop, then the first submission
  await expect(teacher.getByRole('heading', { name: 'History' })).toBeVisible();
  await expect(teacher.getByText('Mean 2.00')).toBeVisible();
  await expect(teacher.getByText('Mean 5.00')).toBeVisible();
  await expect(teacher.getByRole('heading', { level: 2, name: 'Assignments' })).toBeVisible();
  await teacher.context().close();

  // A teacher who does not teach the student gets no access, on the screen and from the API.
  const other = await pageAs(browser, OTHER_TEACHER, viewport);
  await other.goto(`/teacher/students/${student.id}`);
  await expect(other.getByText('You do not teach this student.')).toBeVisible();
  expect((await other.request.get(`/api/student/oracy/${student.id}`)).status()).toBe(403);
  await other.context().close();
});

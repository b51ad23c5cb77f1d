import { readFile } from 'node:fs/promises';
import { expect, test } from '../src/fixtures';
import { strFromU8, unzipSync } from 'fflate';
import { DEMO, registerStudent, signIn } from '../src/utils';

/**
 * "Download my data" end to end (docs/product.md#download-my-data): a new student in one of the
 * demo teacher's courses opens their profile, asks for their data, waits until the archive is
 * ready, downloads it, and the archive's index.html names their course.
 */
test('a student downloads their data and the archive names their course', async ({ page, playwright, baseURL, consoleGuard }) => {
  consoleGuard.allow(/\b429\b.*\/api\/privacy\/exports\b/, 'a second export the same day is refused on purpose');
  const studentApi = await playwright.request.newContext({ baseURL });
  const student = await registerStudent(studentApi, 'Noor');
  await studentApi.dispose();
  const staff = await playwright.request.newContext({ baseURL });
  await staff.post('/auth/login', { data: { email: DEMO.teacher, password: DEMO.password } });
  const teacherId = ((await (await staff.get('/auth/current_user')).json()) as { id: string }).id;
  const [course] = (await (await staff.get(`/api/teacher/courses/${teacherId}`)).json()) as { id: string; title: string }[];
  await staff.post('/auth/login', { data: { email: DEMO.admin, password: DEMO.password } });
  expect((await staff.post(`/api/admin/students/${student.id}/assign-courses`, { data: { courses: [course!.id] } })).status()).toBe(200);
  await staff.dispose();

  await signIn(page, student.email, student.password);
  await page.goto('/student/profile');
  await expect(page.getByText('You have not asked for a copy of your data yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Download my data' }).click();
  const link = page.getByRole('link', { name: /^Download your data asked for / });
  await expect(link).toBeVisible({ timeout: 30_000 });
  await expect(link).toHaveText(/^Download \(.+\)$/);

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^oracy-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile(await download.path())));
  expect(Object.keys(files)).toEqual(expect.arrayContaining(['data.json', 'index.html']));
  const html = strFromU8(files['index.html']!);
  expect(html).toContain(student.name);
  expect(html).toContain(course!.title.replaceAll('&', '&amp;'));

  // a second one the same day is refused, and the card says when the next may be asked for
  await page.getByRole('button', { name: 'Download my data' }).click();
  await expect(page.getByRole('alert')).toContainText('You can ask for one export a day.');
});

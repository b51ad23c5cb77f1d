import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import { PAUSES_COUNT } from '../src/audio';
import { chromiumLaunchOptions } from '../src/browser';
import { DEMO, registerStudent, signIn } from '../src/utils';

/**
 * Delivery feedback end to end (docs/product.md#delivery-feedback): the fake microphone plays,
 * once, a take with {@link PAUSES_COUNT} known pauses (e2e/src/audio.ts); right after Stop the
 * phone measures it — also with no signal — and "How did it sound?" shows them; the take reaches
 * the server with the device's report, the server measures the stored audio itself, and the
 * teacher's review shows the server's report.
 */

// This file's browser hears the take with known pauses, from its start and once (`%noloop`): each
// recording opens the microphone anew, so each take starts at the file's beginning.
test.use({ launchOptions: chromiumLaunchOptions(process.env.E2E_FAKE_MIC_PAUSES_WAV ? `${process.env.E2E_FAKE_MIC_PAUSES_WAV}%noloop` : undefined) });
test.skip(!process.env.E2E_FAKE_MIC_PAUSES_WAV, 'needs espeak-ng and sox for the take with known pauses');

/** The signed-in user's id in a request context. */
async function idOf(request: APIRequestContext): Promise<string> {
  return ((await (await request.get('/auth/current_user')).json()) as { id: string }).id;
}

/** A course of the demo teacher with a speaking task, and a new student enrolled in it. */
async function speakingClass(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string | undefined) {
  const tag = randomBytes(3).toString('hex');
  const studentApi = await playwright.request.newContext({ baseURL });
  const student = await registerStudent(studentApi, 'Kit');
  await studentApi.dispose();

  const staff = await playwright.request.newContext({ baseURL });
  await staff.post('/auth/login', { data: { email: DEMO.teacher, password: DEMO.password } });
  const teacherId = await idOf(staff);
  await staff.post('/auth/login', { data: { email: DEMO.admin, password: DEMO.password } });
  const course = await staff.post('/api/admin/courses', {
    data: { title: `Delivery lab ${tag}`, description: 'Short spoken answers.', instructorId: teacherId, duration: 4, startDate: '2026-09-01', endDate: '2027-06-30', status: 'active' },
  });
  expect(course.status()).toBe(201);
  const courseId = ((await course.json()) as { id: string }).id;
  expect((await staff.post(`/api/admin/students/${student.id}/assign-courses`, { data: { courses: [courseId] } })).status()).toBe(200);
  await staff.post('/auth/login', { data: { email: DEMO.teacher, password: DEMO.password } });
  const task = await staff.post('/api/teacher/speaking-tasks', {
    data: { courseId, title: `Introduce yourself ${tag}`, prompt: 'Say hello, your name and one thing you love.', focusStrands: ['physical'], maxSeconds: 30 },
  });
  expect(task.status()).toBe(201);
  return { student, taskId: ((await task.json()) as { id: string }).id, staff };
}

/** Records the whole take with known pauses (7.5 s) and stops. */
async function recordTheTake(page: Page) {
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Stop recording' })).toBeVisible();
  await page.waitForTimeout(8_000);
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await expect(page.getByLabel('Your recording')).toBeVisible();
}

/** "How did it sound?" after a take: within 3 s, with the take's pauses. */
async function expectTheCard(page: Page) {
  const card = page.getByRole('region', { name: 'How did it sound?' });
  await expect(card.getByText(`${PAUSES_COUNT} pauses`)).toBeVisible({ timeout: 3_000 });
  await expect(card.getByRole('button', { name: /^Pause \d: .* play from here$/ })).toHaveCount(PAUSES_COUNT);
}

test('right after a take, "How did it sound?" shows its three pauses; a pause plays from there', async ({ page, playwright, baseURL }) => {
  const { student, taskId, staff } = await speakingClass(playwright, baseURL);
  await signIn(page, student.email, student.password);
  await page.goto(`/student/speaking/${taskId}`);
  await recordTheTake(page);
  await expectTheCard(page);

  const second = page.getByRole('button', { name: /^Pause 2: / });
  const label = (await second.textContent()) ?? '';
  const startSeconds = Number(/Pause 2: ([\d.]+) s/.exec(label)?.[1]);
  await page.getByLabel('Your recording').evaluate((audio: HTMLAudioElement) => (audio.muted = true));
  await second.click();
  await expect
    .poll(() => page.getByLabel('Your recording').evaluate((audio: HTMLAudioElement) => audio.currentTime))
    .toBeGreaterThanOrEqual(startSeconds);
  await staff.dispose();
});

test('offline too: the card appears with no signal; the take is queued and sent once back online', async ({ page, context, playwright, baseURL }) => {
  const { student, taskId, staff } = await speakingClass(playwright, baseURL);
  await signIn(page, student.email, student.password);
  await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, { timeout: 30_000 });
  await page.goto(`/student/speaking/${taskId}`);
  await expect(page.getByRole('button', { name: 'Record', exact: true })).toBeVisible();
  await context.setOffline(true);
  await recordTheTake(page);
  await expectTheCard(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText("Queued — will be sent when you're back online")).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText("Queued — will be sent when you're back online")).toHaveCount(0, { timeout: 30_000 });
  await staff.dispose();
});

import type { Page } from '@playwright/test';
import { expect, test } from '../src/fixtures';
import { PAUSES_COUNT } from '../src/audio';
import { chromiumLaunchOptions } from '../src/browser';
import { speakingClass } from '../src/speaking';
import { DEMO, signIn } from '../src/utils';

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

/** The task of these journeys. */
const INTRODUCE = { title: 'Introduce yourself', prompt: 'Say hello, your name and one thing you love.', focusStrands: ['physical'], maxSeconds: 30 } as const;

/** Records the whole take with known pauses (7.5 s) and stops. */
async function recordTheTake(page: Page) {
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Stop recording' })).toBeVisible();
  await page.waitForTimeout(8_000);
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await expect(page.getByLabel('Your recording')).toBeVisible();
}

/** The id of a student's one recording, read from their task list. */
async function recordingOf(page: Page, studentId: string): Promise<string> {
  const tasks = (await (await page.request.get(`/api/student/speaking-tasks/${studentId}`)).json()) as Array<{ recording: { id: string } | null }>;
  const id = tasks.find((task) => task.recording)?.recording?.id;
  expect(id).toBeDefined();
  return id!;
}

/** A recording's delivery once the server has measured it. */
async function serverDelivery(page: Page, recordingId: string) {
  type Delivery = { status: string; source: string | null; report: { pauses: { count: number } } };
  let delivery: Delivery | undefined;
  await expect
    .poll(
      async () => {
        delivery = (await (await page.request.get(`/api/recordings/${recordingId}/delivery`)).json()) as Delivery;
        return `${delivery.status}/${delivery.source}`;
      },
      { timeout: 30_000 },
    )
    .toBe('ready/server');
  return delivery!;
}

/** "How did it sound?" after a take: within 3 s, with the take's pauses (under "Details", a student's card's figures and timeline). */
async function expectTheCard(page: Page) {
  const card = page.getByRole('region', { name: 'How did it sound?' });
  await expect(card.getByText(`${PAUSES_COUNT} pauses`, { exact: true })).toBeVisible({ timeout: 3_000 });
  await card.getByText('Details', { exact: true }).click();
  await expect(card.getByRole('button', { name: /^Pause \d: .* play from here$/ })).toHaveCount(PAUSES_COUNT);
}

test(`right after a take, "How did it sound?" shows its three pauses and a pause plays from there; the teacher's review shows the server's report`, async ({
  page,
  browser,
  viewport,
  playwright,
  baseURL,
}) => {
  const { student, taskId, staff } = await speakingClass(playwright, baseURL, INTRODUCE);
  await signIn(page, student.email, student.password);
  await page.goto(`/student/speaking/${taskId}`);
  await recordTheTake(page);
  await expectTheCard(page);

  const second = page.getByRole('button', { name: /^Pause 2: / });
  const label = (await second.textContent()) ?? '';
  const startSeconds = Number(/Pause 2: ([\d.]+) s/.exec(label)?.[1]);
  await page.getByLabel('Your recording').evaluate((audio: HTMLAudioElement) => (audio.muted = true));
  await second.click();
  await expect.poll(() => page.getByLabel('Your recording').evaluate((audio: HTMLAudioElement) => audio.currentTime)).toBeGreaterThanOrEqual(startSeconds);

  // Sent, measured again by the server; the teacher's review shows the server's report.
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Sent — your teacher will listen to it.')).toBeVisible({ timeout: 20_000 });
  const recordingId = await recordingOf(page, student.id);
  await serverDelivery(page, recordingId);
  const context = await browser.newContext({ viewport });
  const teacher = await context.newPage();
  await signIn(teacher, DEMO.teacher);
  await teacher.goto(`/teacher/speaking/review/${recordingId}`);
  const card = teacher.getByRole('region', { name: 'How did it sound?' });
  await expect(card.getByText('Measured by the server')).toBeVisible();
  await expect(card.getByText(`${PAUSES_COUNT} pauses`, { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: /^Pause \d: .* play from here$/ })).toHaveCount(PAUSES_COUNT);
  await context.close();
  await staff.dispose();
});

test('offline too: the card appears with no signal; the queued take is sent once back online and the server hears the same pauses', async ({ page, context, playwright, baseURL }) => {
  const { student, taskId, staff } = await speakingClass(playwright, baseURL, INTRODUCE);
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

  // The server measures the stored take itself (WebM through ffmpeg) and hears the same pauses.
  const recordingId = await recordingOf(page, student.id);
  const delivery = await serverDelivery(page, recordingId);
  expect(delivery.report.pauses.count).toBe(PAUSES_COUNT);
  await staff.dispose();
});

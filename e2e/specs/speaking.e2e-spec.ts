import type { Page } from '@playwright/test';
import { expect, test, WHEN_OFFLINE } from '../src/fixtures';
import { idOf, speakingClass } from '../src/speaking';
import { DEMO, signIn, tick } from '../src/utils';

/**
 * Speaking practice end to end (docs/product.md#speaking-practice), with Chromium's fake
 * microphone speaking a known sentence (e2e/src/audio.ts): a student records about three seconds,
 * plays it back and submits; the teacher plays it from the review queue, scores it and saves; the
 * student sees the feedback. And a take made with no signal survives a reload and reaches the
 * server once. Each run sets up its own course, task and student through the API.
 */

const QUEUED = "Queued — will be sent when you're back online";

/** The task of these journeys. */
const WEEKEND = { title: 'Your weekend', prompt: 'Tell the class about your weekend in three sentences.', focusStrands: ['linguistic', 'physical'], maxSeconds: 30 } as const;

/** Records about three seconds on the task screen. */
async function recordThreeSeconds(page: Page) {
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Stop recording' })).toBeVisible();
  await page.waitForTimeout(3_000);
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await expect(page.getByLabel('Your recording')).toBeVisible();
}

/** Plays an audio element and resolves once its time has advanced past `seconds`. */
async function playsFor(page: Page, label: string, seconds: number) {
  const audio = page.getByLabel(label);
  await audio.evaluate((element: HTMLAudioElement) => {
    element.muted = true;
    return element.play();
  });
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime), { timeout: 10_000 }).toBeGreaterThan(seconds);
}

test('a student records and submits, the teacher listens and scores, the student sees the feedback', async ({ page, browser, playwright, baseURL, viewport }) => {
  const { student, taskId, title, staff } = await speakingClass(playwright, baseURL, WEEKEND);

  await signIn(page, student.email, student.password);
  await page.goto('/student/speaking');
  await expect(page.getByRole('heading', { level: 1, name: 'Speaking Practice' })).toBeVisible();
  await page.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/student/speaking/${taskId}$`));
  await recordThreeSeconds(page);
  await playsFor(page, 'Your recording', 0.5);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Sent — your teacher will listen to it.')).toBeVisible({ timeout: 20_000 });

  const [held] = (await (await page.request.get(`/api/student/speaking-tasks/${student.id}`)).json()) as Array<{
    recording: { id: string; type: string; durationMs: number; size: number } | null;
  }>;
  expect(held?.recording?.type).toBe('audio/webm');
  expect(held?.recording?.durationMs).toBeGreaterThan(2_000);

  // The teacher, on their own device, plays it from the queue and scores it.
  const context = await browser.newContext({ viewport });
  const teacher = await context.newPage();
  await signIn(teacher, DEMO.teacher);
  await teacher.goto('/teacher/speaking');
  await teacher.getByRole('link').filter({ hasText: student.name }).first().click();
  await expect(teacher).toHaveURL(new RegExp(`/teacher/speaking/review/${held!.recording!.id}$`));
  await playsFor(teacher, `Recording by ${student.name}`, 0.5);
  await tick(teacher.getByRole('radiogroup', { name: /Linguistic/ }).getByRole('radio', { name: '4' }));
  await tick(teacher.getByRole('radiogroup', { name: /Physical/ }).getByRole('radio', { name: '3' }));
  await teacher.getByLabel('Comment').fill('Clear opening; slow down at the end.');
  await teacher.getByRole('button', { name: 'Save' }).click();
  await expect(teacher.getByText('Feedback saved')).toBeVisible();
  await context.close();

  await page.goto(`/student/speaking/${taskId}`);
  await expect(page.getByText("Your teacher's feedback")).toBeVisible();
  await expect(page.getByText('Clear opening; slow down at the end.')).toBeVisible();
  await staff.dispose();
});

test('a take made with no signal is queued, survives a reload and reaches the server once', async ({ page, context, playwright, baseURL, consoleGuard }) => {
  for (const [why, pattern] of Object.entries(WHEN_OFFLINE)) consoleGuard.allow(pattern, why);
  const { student, taskId, staff } = await speakingClass(playwright, baseURL, WEEKEND);
  await signIn(page, student.email, student.password);
  await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, { timeout: 30_000 });
  await page.goto('/student/speaking');
  await expect(page.getByRole('heading', { level: 1, name: 'Speaking Practice' })).toBeVisible();
  await page.goto(`/student/speaking/${taskId}`);
  await expect(page.getByRole('button', { name: 'Record', exact: true })).toBeVisible();

  await context.setOffline(true);
  await recordThreeSeconds(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(QUEUED)).toBeVisible();
  await page.reload();
  await expect(page.getByText(QUEUED)).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText(QUEUED)).toHaveCount(0, { timeout: 30_000 });
  const tasks = async () => (await (await page.request.get(`/api/student/speaking-tasks/${student.id}`)).json()) as Array<{ id: string; recording: { id: string } | null }>;
  const [first] = await tasks();
  expect(first?.recording).not.toBeNull();
  // Another trigger must not send it again: the teacher's queue holds this student's take once.
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await page.waitForTimeout(500);
  const queue = (await (await staff.get(`/api/teacher/recordings/${await idOf(staff)}?status=pending`)).json()) as Array<{ studentId: string; taskId: string }>;
  expect(queue.filter((r) => r.studentId === student.id && r.taskId === taskId)).toHaveLength(1);
  await staff.dispose();
});

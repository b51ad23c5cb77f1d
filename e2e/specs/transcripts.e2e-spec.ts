import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from '../src/fixtures';
import { chromiumLaunchOptions } from '../src/browser';
import { speakingClass } from '../src/speaking';
import { DEMO, signIn } from '../src/utils';

/**
 * Transcripts end to end (docs/product.md#transcripts), on the second server of
 * e2e/playwright.config.ts, the only one that transcribes: the fake microphone says, once, a take
 * made with espeak-ng (e2e/src/audio.ts); the student submits it and its words appear under the
 * take without a reload; a tapped word plays the take from that word; the teacher corrects a word
 * on the review screen and the student sees the correction.
 */

const PYTHON = resolve(dirname(fileURLToPath(import.meta.url)), '../../.cache/transcribe-venv/bin/python');

test.use({
  baseURL: process.env.E2E_TRANSCRIBE_URL,
  launchOptions: chromiumLaunchOptions(process.env.E2E_FAKE_MIC_PAUSES_WAV ? `${process.env.E2E_FAKE_MIC_PAUSES_WAV}%noloop` : undefined),
});
test.skip(!process.env.E2E_FAKE_MIC_PAUSES_WAV, 'needs espeak-ng and sox for the spoken take');
test.skip(!existsSync(PYTHON), 'needs the transcription environment (.cache/transcribe-venv: `npm start` sets it up where python3 is available)');

/** The task of this journey. */
const TELL = { title: 'Tell us about you', prompt: 'Say hello, your name and one thing you love.', focusStrands: ['linguistic'], maxSeconds: 30 } as const;

interface Word {
  text: string;
  startMs: number;
}

/** A recording's words, once the server has transcribed it. */
async function serverWords(page: Page, recordingId: string): Promise<Word[]> {
  let words: Word[] = [];
  await expect
    .poll(
      async () => {
        const transcript = (await (await page.request.get(`/api/recordings/${recordingId}/transcript`)).json()) as { status: string; words: Word[] };
        words = transcript.words;
        return transcript.status;
      },
      { timeout: 90_000 },
    )
    .toBe('ready');
  return words;
}

/** A word said once, well into the take (not its first), as the transcript's buttons name it. */
function laterWord(words: readonly Word[]): Word & { index: number } {
  const plain = (text: string) => text.trim();
  const index = words.findIndex((w, i) => i >= 2 && w.startMs >= 1_500 && /^[A-Za-z]{3,}$/.test(plain(w.text)) && words.filter((other) => plain(other.text) === plain(w.text)).length === 1);
  expect(index, `a word said once in ${JSON.stringify(words.map((w) => w.text))}`).toBeGreaterThan(-1);
  return { ...words[index]!, text: plain(words[index]!.text), index };
}

test('a submitted take’s words appear without a reload, a tapped word plays from there, and a teacher’s correction reaches the student', async ({
  page,
  browser,
  viewport,
  playwright,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const { student, taskId, staff } = await speakingClass(playwright, baseURL, TELL);
  await signIn(page, student.email, student.password);
  await page.goto(`/student/speaking/${taskId}`);
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Stop recording' })).toBeVisible();
  await page.waitForTimeout(8_000);
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Sent — your teacher will listen to it.')).toBeVisible({ timeout: 20_000 });

  // The words appear on the same screen, asked again while the server transcribes.
  const tasks = (await (await page.request.get(`/api/student/speaking-tasks/${student.id}`)).json()) as Array<{ id: string; recording: { id: string } | null }>;
  const recordingId = tasks.find((task) => task.id === taskId)?.recording?.id ?? '';
  expect(recordingId).not.toBe('');
  const transcript = page.getByRole('region', { name: 'What was said' });
  const words = await serverWords(page, recordingId);
  const word = laterWord(words);
  await expect(transcript.getByRole('button', { name: word.text, exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(transcript.getByText(/words a minute$/)).toBeVisible();

  // A tapped word plays the take from its start.
  const player = page.getByLabel('Your submitted recording');
  await player.evaluate((audio: HTMLAudioElement) => (audio.muted = true));
  await transcript.getByRole('button', { name: word.text, exact: true }).click();
  await expect.poll(() => player.evaluate((audio: HTMLAudioElement) => audio.currentTime), { timeout: 10_000 }).toBeGreaterThanOrEqual(word.startMs / 1000 - 0.05);
  expect(await player.evaluate((audio: HTMLAudioElement) => audio.currentTime)).toBeLessThan(word.startMs / 1000 + 1.5);

  // The teacher corrects that word on the review screen.
  const context = await browser.newContext({ viewport, baseURL });
  const teacher = await context.newPage();
  await signIn(teacher, DEMO.teacher);
  await teacher.goto(`/teacher/speaking/review/${recordingId}`);
  const review = teacher.getByRole('region', { name: 'What was said' });
  await expect(review.getByRole('button', { name: word.text, exact: true })).toBeVisible({ timeout: 30_000 });
  await review.getByRole('button', { name: 'Correct transcript' }).click();
  const corrected = `${word.text}zz`;
  await review.getByRole('textbox', { name: `Word ${word.index + 1}: ${word.text}`, exact: true }).fill(corrected);
  await review.getByRole('button', { name: 'Save' }).click();
  await expect(review.getByText('Transcript corrected.')).toBeVisible();
  await expect(review.getByRole('button', { name: corrected, exact: true })).toBeVisible();
  await context.close();

  // The student sees the corrected word.
  await page.reload();
  await expect(transcript.getByRole('button', { name: corrected, exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(transcript.getByText('Corrected by your teacher')).toBeVisible();
  await staff.dispose();
});

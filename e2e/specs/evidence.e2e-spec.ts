import { readFile } from 'node:fs/promises';
import { expect, test } from '../src/fixtures';
import { idOf, speakingClass } from '../src/speaking';
import { signIn } from '../src/utils';

/**
 * Evidence beside belief end to end (docs/product.md#evidence-beside-belief): a student of the
 * demo teacher rates themself 5 everywhere, sends two takes that the server measures and the
 * teacher scores 2 on the physical strand; My Oracy then shows, for the physical strand, what the
 * student said, what the teacher scored and what was measured, with the gap line.
 */

/** A demo recording (`api/assets/recordings/`), sent as each of the student's takes. */
const TAKE = new URL('../../api/assets/recordings/answer-1.webm', import.meta.url);

/** The task of this journey. */
const VOICE = { title: 'Describe your street', prompt: 'Describe the street you live on.', focusStrands: ['physical'], maxSeconds: 120 } as const;

test('My Oracy shows the three kinds of evidence for the physical strand, with the gap', async ({ page, playwright, baseURL }) => {
  test.setTimeout(150_000);
  const scores = Object.fromEntries(
    ['professionalVocab', 'audienceLanguage', 'explainClearly', 'supportWithExamples', 'structuredThought', 'handleQuestions', 'avoidRambling', 'summariseIdeas']
      .concat(['confidentSpeaking', 'activeListening', 'groupLeadership', 'rapportBuilding', 'voiceAdjustment', 'postureGestures', 'eyeContact', 'toneVariation'])
      .map((key) => [key, 5]),
  );
  const studentApi = await playwright.request.newContext({ baseURL });
  const first = await speakingClass(playwright, baseURL, VOICE);
  const { student, staff } = first;
  await studentApi.post('/auth/login', { data: { email: student.email, password: student.password } });
  expect((await studentApi.post('/api/updateOracyAssessment', { data: { oracy_scores: scores } })).status()).toBe(201);
  // a second task in the same course, so that two takes are scored
  const teacherId = await idOf(staff);
  const tasks = (await (await staff.get(`/api/teacher/speaking-tasks/${teacherId}`)).json()) as Array<{ id: string; courseId: string }>;
  const courseId = tasks.find((t) => t.id === first.taskId)!.courseId;
  const second = await staff.post('/api/teacher/speaking-tasks', { data: { ...VOICE, courseId, title: `${first.title} again` } });
  expect(second.status()).toBe(201);
  const taskIds = [first.taskId, ((await second.json()) as { id: string }).id];
  for (const taskId of taskIds) {
    const sent = await studentApi.post(`/api/student/speaking-tasks/${taskId}/recordings`, {
      multipart: { audio: { name: 'take.webm', mimeType: 'audio/webm', buffer: await readFile(TAKE) }, durationMs: '4000' },
    });
    expect(sent.status()).toBe(201);
    const recordingId = ((await sent.json()) as { id: string }).id;
    const reviewed = await staff.post(`/api/teacher/recordings/${recordingId}/feedback`, { data: { strands: { physical: 2 }, comment: 'Speak up and vary your voice.' } });
    expect(reviewed.status()).toBe(201);
  }
  // the server measures the takes in the background
  await expect
    .poll(
      async () =>
        ((await (await studentApi.get(`/api/student/oracy/${student.id}/evidence`)).json()) as { strands: Array<{ strand: string; measured: unknown[] }> }).strands.find(
          (s) => s.strand === 'physical',
        )!.measured.length,
      { timeout: 60_000 },
    )
    .toBeGreaterThan(0);
  await studentApi.dispose();
  await staff.dispose();

  await signIn(page, student.email, student.password);
  await page.goto('/student/oracy');
  await expect(page.getByRole('heading', { level: 2, name: 'Your evidence' })).toBeVisible({ timeout: 20_000 });
  const physical = page.getByRole('article', { name: 'Physical' });
  await physical.scrollIntoViewIfNeeded();
  await expect(physical.getByText('You said', { exact: true })).toBeVisible();
  await expect(physical.locator('dd').nth(0)).toHaveText('5.00');
  await expect(physical.locator('dd').nth(1)).toHaveText('2.00');
  await expect(physical.getByRole('listitem').filter({ hasText: /^Pace: / })).toBeVisible();
  await expect(physical.getByRole('listitem').filter({ hasText: /^Volume: / })).toBeVisible();
  await expect(physical.getByText('You rate your voice higher than your teacher did on your last two takes.')).toBeVisible();
});

import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '../src/fixtures';
import { idOf, speakingClass } from '../src/speaking';
import { DEMO, registerStudent, signIn } from '../src/utils';

/**
 * Talk partners end to end (docs/product.md#talk-partners): the demo teacher opens a task to talk
 * partners and pairs its two students; both send a take; each gives the other feedback; the
 * teacher approves one item and hides the other; the author of the approved one's partner sees
 * only that one, the other sees none.
 */

/** A demo recording (`api/assets/recordings/`), sent as each student's take. */
const TAKE = new URL('../../api/assets/recordings/answer-1.webm', import.meta.url);

const TASK = { title: 'Tell us about a hobby', prompt: 'Tell your partner about a hobby you love.', focusStrands: ['linguistic', 'physical'], maxSeconds: 120 } as const;

test('two talk partners give each other feedback; the teacher approves one and hides the other', async ({ page, browser, playwright, baseURL, viewport }) => {
  test.setTimeout(180_000);
  const { student: amy, taskId, title, staff } = await speakingClass(playwright, baseURL, TASK);
  // a second student in the same course
  const signUp = await playwright.request.newContext({ baseURL });
  const ben = await registerStudent(signUp, 'Ben');
  await signUp.dispose();
  const teacherId = await idOf(staff);
  const tasks = (await (await staff.get(`/api/teacher/speaking-tasks/${teacherId}`)).json()) as Array<{ id: string; courseId: string }>;
  const courseId = tasks.find((t) => t.id === taskId)!.courseId;
  await staff.post('/auth/login', { data: { email: DEMO.admin, password: DEMO.password } });
  expect((await staff.post(`/api/admin/students/${ben.id}/assign-courses`, { data: { courses: [courseId] } })).status()).toBe(200);
  await staff.dispose();

  // The teacher opens the task to talk partners and pairs the two.
  await signIn(page, DEMO.teacher);
  await page.goto('/teacher/speaking');
  const card = page.getByRole('article', { name: title });
  await card.getByText('Peer feedback: Off').click();
  await card.getByRole('radio', { name: 'With talk partners' }).check();
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByText('Peer feedback: With talk partners')).toBeVisible();
  const partners = card.getByRole('region', { name: 'Talk partners' });
  await partners.getByRole('button', { name: 'Make new pairs' }).click();
  await expect(partners.getByRole('listitem')).toHaveText(new RegExp(`(${amy.name}, ${ben.name}|${ben.name}, ${amy.name})`));

  // Both send a take.
  const contexts = [];
  for (const student of [amy, ben]) {
    const api = await playwright.request.newContext({ baseURL });
    await api.post('/auth/login', { data: { email: student.email, password: student.password } });
    const sent = await api.post(`/api/student/speaking-tasks/${taskId}/recordings`, {
      multipart: { audio: { name: 'take.webm', mimeType: 'audio/webm', buffer: await readFile(TAKE) }, durationMs: '4000' },
    });
    expect(sent.status()).toBe(201);
    contexts.push(api);
  }

  /** A page of its own device, signed in as `student`, on the task. */
  const onOwnDevice = async (student: { email: string; password: string }) => {
    const context = await browser.newContext({ viewport });
    const device = await context.newPage();
    await signIn(device, student.email, student.password);
    await device.goto(`/student/speaking/${taskId}`);
    return device;
  };

  // Amy gives Ben feedback on her own device.
  const amysPhone = await onOwnDevice(amy);
  const takes = amysPhone.getByRole('region', { name: "Your talk partners' takes" });
  const bensTake = takes.getByRole('article', { name: 'Classmate 1' });
  await bensTake.getByRole('radio', { name: 'I liked how you…' }).check();
  await bensTake.getByLabel('Your feedback').fill(`spoke calmly ${amy.tag}`);
  for (const strand of ['Linguistic', 'Physical']) await bensTake.getByRole('radiogroup', { name: strand }).getByRole('radio', { name: '3' }).check();
  await bensTake.getByRole('button', { name: 'Send feedback' }).click();
  await expect(bensTake.getByText('Sent — waiting for your teacher to check it')).toBeVisible();

  // Ben gives Amy feedback through the API.
  const benApi = contexts[1]!;
  const amysTake = ((await (await benApi.get(`/api/student/speaking-tasks/${taskId}/peer-takes`)).json()) as Array<{ recordingId: string }>)[0]!;
  const sent = await benApi.post(`/api/student/recordings/${amysTake.recordingId}/peer-feedback`, {
    headers: { 'Idempotency-Key': randomUUID() },
    data: { stem: 'next', text: `look up more ${ben.tag}`, clarity: { linguistic: 2, physical: 1 } },
  });
  expect(sent.status()).toBe(201);

  // The teacher approves Amy's and hides Ben's.
  await page.reload();
  const toCheck = page.getByRole('region', { name: 'Peer feedback to check' });
  const amysItem = toCheck.getByRole('article').filter({ hasText: `spoke calmly ${amy.tag}` });
  await expect(amysItem).toContainText(`${amy.name} on ${ben.name}'s take`);
  await amysItem.getByRole('button', { name: 'Approve' }).click();
  await expect(amysItem).toHaveCount(0);
  const bensItem = toCheck.getByRole('article').filter({ hasText: `look up more ${ben.tag}` });
  await bensItem.getByRole('button', { name: 'Hide' }).click();
  await expect(bensItem).toHaveCount(0);

  // Ben sees Amy's approved feedback; Amy sees none.
  const bensPhone = await onOwnDevice(ben);
  const fromPartners = bensPhone.getByRole('region', { name: 'From your talk partners' });
  await expect(fromPartners.getByText(`I liked how you… spoke calmly ${amy.tag}`)).toBeVisible();
  await expect(fromPartners.getByText(/listened to your take/)).toBeVisible();
  await expect(fromPartners.getByRole('listitem')).toHaveCount(1);
  expect(((await (await contexts[0]!.get(`/api/student/speaking-tasks/${taskId}/peers`)).json()) as { received: unknown[] }).received).toHaveLength(0);
  for (const context of contexts) await context.dispose();
  await amysPhone.context().close();
  await bensPhone.context().close();
});

import { expect, test } from '../src/fixtures';
import { DEMO, signIn } from '../src/utils';

/**
 * The access log end to end (docs/product.md#access-log): the demo teacher opens and plays a
 * student's recording from the review queue, and an admin then finds that entry — who, whose, what —
 * on the access-log screen reached from the settings screen.
 */

test('a teacher plays a student’s recording, and an admin sees it in the access log', async ({ page, browser, viewport }) => {
  await signIn(page, DEMO.teacher);
  const me = (await (await page.request.get('/auth/current_user')).json()) as { id: string; name: string };
  const queue = (await (await page.request.get(`/api/teacher/recordings/${me.id}?status=pending`)).json()) as Array<{ id: string; studentName: string }>;
  const reviewed = (await (await page.request.get(`/api/teacher/recordings/${me.id}?status=reviewed`)).json()) as Array<{ id: string; studentName: string }>;
  const item = queue[0] ?? reviewed[0];
  expect(item, 'the demo teacher has recordings to review').toBeTruthy();

  await page.goto(`/teacher/speaking/review/${item!.id}`);
  const audio = page.getByLabel(`Recording by ${item!.studentName}`);
  await expect(audio).toBeVisible();
  await audio.evaluate((element: HTMLAudioElement) => {
    element.muted = true;
    return element.play();
  });
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.2);

  const context = await browser.newContext({ viewport });
  const admin = await context.newPage();
  await signIn(admin, DEMO.admin);
  await admin.goto('/admin/setting');
  await admin
    .getByRole('link', { name: 'Open the access log' })
    .or(admin.getByRole('button', { name: 'Open the access log' }))
    .click();
  await expect(admin).toHaveURL(/\/admin\/access-log$/);
  await expect(admin.getByRole('heading', { level: 1, name: 'Access log' })).toBeVisible();
  const entry = admin
    .getByRole('list', { name: 'Access log' })
    .getByRole('listitem')
    .filter({ hasText: `${me.name} (Teacher)` })
    .filter({ hasText: item!.studentName })
    .filter({ hasText: 'A speaking-practice recording' });
  await expect(entry.first()).toBeVisible();
  await context.close();
});

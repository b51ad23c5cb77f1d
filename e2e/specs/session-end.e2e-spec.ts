import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../src/fixtures';
import { DEMO, signIn } from '../src/utils';

/**
 * When the session ends elsewhere (docs/product.md#when-the-session-ends): a teacher on a shared
 * device has their students list cached; their password is changed on another device, which ends
 * this session; the next request of the app gets 401, and the device then keeps nothing of theirs
 * to show — no cached answers, no stored user — while their queued writes stay for them.
 */

test.use({
  allowedConsole: {
    'the session ended on another device: the next requests are answered 401': /\b401\b.*\/(api|auth)\//,
  },
});

/** What the teacher's database on the device holds: the keys of each store. */
async function deviceData(page: Page, userId: string): Promise<{ exists: boolean; cache: string[]; meta: string[]; outbox: number }> {
  return page.evaluate(async (name) => {
    const listed = await indexedDB.databases();
    if (!listed.some((db) => db.name === name)) return { exists: false, cache: [], meta: [], outbox: 0 };
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(name);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const keys = (store: string) =>
      new Promise<string[]>((resolve, reject) => {
        const request = db.transaction(store).objectStore(store).getAllKeys();
        request.onsuccess = () => resolve(request.result.map(String));
        request.onerror = () => reject(request.error);
      });
    const result = { exists: true, cache: await keys('cache'), meta: await keys('meta'), outbox: (await keys('outbox')).length };
    db.close();
    return result;
  }, `oracy-user-${userId}`);
}

/** A fresh teacher made by the admin, with a password of their own: journeys change only people they made. */
async function freshTeacher(admin: APIRequestContext, request: APIRequestContext): Promise<{ id: string; email: string; password: string }> {
  expect((await admin.post('/auth/login', { data: { email: DEMO.admin, password: DEMO.password } })).ok()).toBe(true);
  const tag = randomBytes(4).toString('hex');
  const email = `session-end-${tag}@example.test`;
  const made = await admin.post('/api/admin/users', { data: { firstName: 'Tess', lastName: `Ended ${tag}`, email, role: 2 } });
  expect(made.status()).toBe(201);
  const { user, oneTimePassword } = (await made.json()) as { user: { id: string }; oneTimePassword: string };
  const password = `own-password-${tag}`;
  expect((await request.post('/auth/login', { data: { email, password: oneTimePassword } })).ok()).toBe(true);
  expect((await request.post('/auth/change-password', { data: { password, confirmPassword: password } })).ok()).toBe(true);
  return { id: user.id, email, password };
}

test('a 401 after the session ended elsewhere clears the teacher’s cached data on the device', async ({ page, playwright, baseURL }) => {
  const admin = await playwright.request.newContext({ baseURL });
  const elsewhere = await playwright.request.newContext({ baseURL });
  const teacher = await freshTeacher(admin, elsewhere);
  try {
    await signIn(page, teacher.email, teacher.password);
    await page.goto('/teacher/students');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Students' })).toBeVisible();
    await expect.poll(async () => (await deviceData(page, teacher.id)).cache, { timeout: 15_000 }).toContain('/api/teacher/students');
    expect((await deviceData(page, teacher.id)).meta).toEqual(['currentUser']);

    // On another device the teacher changes their password: every other session ends.
    const changed = await elsewhere.post('/api/user/password', { data: { currentPassword: teacher.password, password: `${teacher.password}-2`, confirmPassword: `${teacher.password}-2` } });
    expect(changed.status()).toBe(200);

    // The app's next request — the dashboard, reached inside the app — is answered 401.
    const refused = page.waitForResponse((res) => res.url().includes('/api/teacher/') && res.status() === 401);
    await page.evaluate(() => {
      window.history.pushState({}, '', '/teacher/dashboard');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await refused;

    await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
    const after = await deviceData(page, teacher.id);
    expect(after.cache).toEqual([]);
    expect(after.meta).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('userId'))).toBeNull();
  } finally {
    await admin.delete(`/api/admin/users/${teacher.id}`);
    await admin.dispose();
    await elsewhere.dispose();
  }
});

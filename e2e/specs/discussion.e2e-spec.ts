import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page, TestInfo } from '@playwright/test';
import { expect, test } from '../src/fixtures';
import { DEMO, signIn } from '../src/utils';

/** A 1×1 PNG: a real image, so the server's signature check accepts it. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** A browser context with the project's viewport and base URL (contexts made by hand do not inherit them). */
async function newContext(browser: Browser, testInfo: TestInfo): Promise<BrowserContext> {
  const { baseURL, viewport, hasTouch } = testInfo.project.use;
  return browser.newContext({ baseURL, viewport, hasTouch });
}

/** Collects every request that leaves the app's origin (the emoji data must be bundled, not fetched). */
function watchForeignRequests(page: Page, origin: string): string[] {
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) foreign.push(url);
  });
  return foreign;
}

/**
 * Registers a fresh person in `context` (signed in as a student) and has
 * the demo admin promote them, so the test owns a second admin and never
 * changes a demo account.
 */
async function freshAdmin(context: BrowserContext, adminPage: Page): Promise<void> {
  const suffix = randomBytes(4).toString('hex');
  const person = { firstName: 'Robin', lastName: `Chat ${suffix}`, email: `robin-${suffix}@example.test`, password: 'discussion-e2e' };
  const registered = await context.request.post('/auth/register', { data: person });
  expect(registered.status()).toBe(201);
  const { id } = (await registered.json()) as { id: string };
  const promoted = await adminPage.request.put(`/api/admin/users/${id}/role`, { data: { role: 1 } });
  expect(promoted.ok()).toBe(true);
}

/** Opens the discussion and waits until its messages are there. */
async function openDiscussion(page: Page): Promise<void> {
  await page.goto('/admin/discussion');
  await expect(page.getByRole('heading', { name: 'Discussions' })).toBeVisible();
  await expect(page.getByText('Loading messages...')).toBeHidden();
  await expect(page.getByRole('log', { name: 'Messages' })).toBeVisible();
}

test('two admins talk live: text with an emoji and an image arrive at once, and the sender sees ✓✓', async ({ browser }, testInfo) => {
  test.skip(testInfo.project.name !== 'tablet', 'The issue names the tablet for this journey.');
  // Two browsers, an emoji search and an upload on a shared two-core machine.
  test.slow();
  const origin = new URL(testInfo.project.use.baseURL!).origin;

  const senderContext = await newContext(browser, testInfo);
  const readerContext = await newContext(browser, testInfo);
  try {
    const sender = await senderContext.newPage();
    const reader = await readerContext.newPage();
    const foreignSender = watchForeignRequests(sender, origin);
    const foreignReader = watchForeignRequests(reader, origin);

    await signIn(sender, DEMO.admin);
    await freshAdmin(readerContext, sender);
    await openDiscussion(sender);
    await openDiscussion(reader);

    // Text with an emoji chosen in the picker (its data is bundled with the app).
    const text = `Live check ${randomBytes(3).toString('hex')}`;
    await sender.getByRole('button', { name: 'Emoji' }).click();
    const picker = sender.getByRole('dialog', { name: 'Emoji picker' });
    await picker.getByPlaceholder('Search').fill('wave');
    await picker.getByRole('button', { name: '👋' }).first().click();
    await sender.keyboard.press('Escape');
    await expect(picker).toBeHidden();
    const box = sender.getByLabel('Type your message...');
    await expect(box).toHaveValue('👋');
    await box.press('End');
    await box.pressSequentially(` ${text}`);
    await box.press('Enter');

    const sent = `👋 ${text}`;
    await expect(reader.getByText(sent, { exact: true })).toBeVisible();
    const ownText = sender.getByRole('article', { name: 'Your message' }).filter({ hasText: sent });
    await expect(ownText.getByRole('img', { name: 'Sent' })).toHaveText('✓✓');

    // An image: attached, previewed, sent, shown inline to the other admin.
    const fileName = `dot-${randomBytes(3).toString('hex')}.png`;
    await sender.getByLabel('Choose a file to attach').setInputFiles({ name: fileName, mimeType: 'image/png', buffer: PNG });
    await expect(sender.getByRole('img', { name: `Preview of ${fileName}` })).toBeVisible();
    await sender.getByRole('button', { name: 'Send' }).click();

    const incoming = reader.getByRole('article', { name: /^Message from / }).filter({ hasText: fileName });
    const image = incoming.getByRole('img', { name: fileName });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    await expect(incoming.getByText('0.1 KB')).toBeVisible();
    const [download] = await Promise.all([reader.waitForEvent('download'), incoming.getByRole('link', { name: `Download ${fileName}` }).click()]);
    expect(download.suggestedFilename()).toBe(fileName);

    const ownImage = sender.getByRole('article', { name: 'Your message' }).filter({ hasText: fileName });
    await expect(ownImage.getByRole('img', { name: 'Sent' })).toHaveText('✓✓');

    // The search filters what is loaded, ignoring case.
    await reader.getByRole('searchbox', { name: 'Search messages...' }).fill(text.toUpperCase());
    await expect(reader.getByRole('article')).toHaveCount(1);

    expect([...foreignSender, ...foreignReader]).toEqual([]);
  } finally {
    await senderContext.close();
    await readerContext.close();
  }
});

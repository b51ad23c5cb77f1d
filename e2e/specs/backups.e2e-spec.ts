import { readFileSync } from 'node:fs';
import { expect, test } from '../src/fixtures';
import { DEMO, signIn } from '../src/utils';

test.describe('backups on the settings screen (docs/product.md#backups-on-the-settings-screen)', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, DEMO.admin);
  });

  test('"Back up now" takes a backup, lists it and downloads it as a gzip archive; the card fits the screen', async ({ page }) => {
    await page.goto('/admin/setting');
    const card = page.locator('ion-card', { has: page.getByRole('heading', { level: 2, name: 'Data & Backup' }) });
    await expect(card.getByRole('heading', { level: 3, name: 'Last backup' })).toBeVisible();
    const kept = card.getByRole('list', { name: 'Kept backups' });
    const before = (await kept.count()) === 0 ? 0 : await kept.getByRole('listitem').count();

    await card.locator('ion-button', { hasText: 'Back up now' }).click();
    await expect(page.getByText('Backup finished')).toBeVisible({ timeout: 30_000 });
    await expect(card.getByText(/^Succeeded · \d/)).toBeVisible();
    await expect(card.getByText('Back up now by Alex Morgan')).toBeVisible();
    await expect(kept.getByRole('listitem')).toHaveCount(before + 1);

    const link = kept.getByRole('link', { name: /^Download the backup of / }).first();
    const downloading = page.waitForEvent('download');
    await link.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^oracy-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.gz$/);
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 2)]).toEqual([0x1f, 0x8b]);

    // nothing wider than the screen, phone or tablet.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const box = (await card.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  });
});

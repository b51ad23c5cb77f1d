import { expect, test } from '../src/fixtures';
import { DEMO, signIn } from '../src/utils';

test.describe("the school's settings (docs/product.md#settings)", () => {
  test.beforeEach(async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'tablet', 'admins work on a tablet: these journeys run at tablet size only');
    await signIn(page, DEMO.admin);
  });

  test('an edit enables "Save All Changes", asks before a link leaves it unsaved, is saved for the whole school, and "Revert to Default" restores English and Daily', async ({ page }) => {
    // the backup frequency is the edit: the school's language would change what every other
    // journey running meanwhile sees (the language journey runs alone: languages.e2e-spec.ts).
    await page.goto('/admin/setting');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    const save = page.locator('ion-button', { hasText: 'Save All Changes' });
    const frequency = page.locator('ion-select').nth(1);
    await expect(frequency).toBeVisible();
    await expect(save).toHaveAttribute('aria-disabled', 'true');

    // Ionic's popover select: open it, pick the option.
    await frequency.click();
    await page.getByRole('radio', { name: 'Weekly' }).click();
    await expect(save).not.toHaveAttribute('aria-disabled', 'true');

    // a link of the app with the edit unsaved asks first; "Stay" keeps the edit.
    await page.locator('.app-menu').getByRole('link', { name: 'Users' }).click();
    const leave = page.getByRole('alertdialog');
    await expect(leave).toContainText('Leave without saving?');
    await leave.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(/\/admin\/setting$/);
    await expect(frequency).toHaveJSProperty('value', 'Weekly');

    await save.click();
    await expect(page.getByText('Settings saved')).toBeVisible();
    await expect(save).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByText(/Last saved .* by Alex Morgan/)).toBeVisible();

    // Saved in the database: a reload shows it.
    await page.reload();
    await expect(page.locator('ion-select').nth(1)).toHaveJSProperty('value', 'Weekly');

    await page.locator('ion-button', { hasText: 'Revert to Default' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Restore English and Daily and save them for the whole school?');
    await dialog.getByRole('button', { name: 'Revert' }).click();
    await expect(page.getByText('Settings reverted to default')).toBeVisible();
    await expect(page.locator('ion-select').first()).toHaveJSProperty('value', 'English');
    await expect(page.locator('ion-select').nth(1)).toHaveJSProperty('value', 'Daily');
  });
});

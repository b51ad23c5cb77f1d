import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../src/fixtures';
import { DEMO, registerStudent, signIn } from '../src/utils';

/*
 * The school's language changes what everyone sees, so this journey runs in a project of its own
 * after every other journey has finished (e2e/playwright.config.ts), and puts English back.
 */

/** Saves the school's language as the demo admin, through the API, keeping the other settings. */
async function saveSchoolLanguage(request: APIRequestContext, language: 'English' | 'Spanish' | 'French'): Promise<void> {
  const signedIn = await request.post('/auth/login', { data: { email: DEMO.admin, password: DEMO.password } });
  expect(signedIn.ok()).toBe(true);
  const current = (await (await request.get('/api/admin/settings')).json()) as Record<string, unknown>;
  const { updatedAt: _updatedAt, updatedBy: _updatedBy, ...settings } = current;
  const saved = await request.put('/api/admin/settings', { data: { ...settings, language } });
  expect(saved.ok()).toBe(true);
}

test.describe('languages (docs/product.md#language)', () => {
  test.afterAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    await saveSchoolLanguage(request, 'English');
    await request.dispose();
  });

  test('the admin sets Spanish for the school; a student sees Spanish, then chooses French on their profile', async ({ page, browser }) => {
    // three browsers, two sign-ins and a language switch each: more than the default minute on a busy machine
    test.slow();
    // the admin saves Spanish on the settings screen and, following the school's language, sees it at once.
    await signIn(page, DEMO.admin);
    await page.goto('/admin/setting');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await page.locator('ion-select').first().click();
    await page.getByRole('radio', { name: 'Spanish' }).click();
    await page.locator('ion-button', { hasText: 'Save All Changes' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1, name: 'Configuración' })).toBeVisible();
    await expect(page).toHaveTitle('Configuración · Oracy');
    // the save's toast speaks the language the save switched to
    await expect(page.getByText('Configuración guardada')).toBeVisible();
    await expect(page.getByText('Settings saved')).toHaveCount(0);

    // the sign-in page too: on this device (the language the app showed last), and on a new one (the school's).
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
    const fresh = await browser.newContext();
    try {
      const visitor = await fresh.newPage();
      await visitor.goto('/login');
      await expect(visitor.locator('html')).toHaveAttribute('lang', 'es');
      await expect(visitor.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
    } finally {
      await fresh.close();
    }

    // a student of the school: the dashboard in Spanish.
    const context = await browser.newContext();
    try {
      const student = await context.newPage();
      await registerStudent(context.request, 'Lucia');
      await student.goto('/student/dashboard');
      await expect(student.locator('html')).toHaveAttribute('lang', 'es');
      await expect(student).toHaveTitle('Panel del estudiante · Oracy');
      await expect(student.getByText('Mis cursos').first()).toBeVisible();

      // their own language, French, on the profile screen: saved, and the app switches.
      await student.goto('/student/profile');
      await expect(student.getByRole('heading', { name: 'Idioma' })).toBeVisible();
      await student.locator('.profile-card ion-select').last().click();
      await student.getByRole('radio', { name: 'Francés' }).click();
      await expect(student.locator('html')).toHaveAttribute('lang', 'fr');
      await expect(student).toHaveTitle('Profil · Oracy');
      await expect(student.getByRole('heading', { name: 'Langue' })).toBeVisible();

      // kept with the user: a new start shows French while the school speaks Spanish.
      await student.reload();
      await expect(student.locator('html')).toHaveAttribute('lang', 'fr');
      const me = (await (await context.request.get('/auth/current_user')).json()) as { language: string; schoolLanguage: string };
      expect(me).toMatchObject({ language: 'French', schoolLanguage: 'Spanish' });
    } finally {
      await context.close();
    }
  });

  test('the users table on a 360 px phone in Spanish: no ids, no email broken inside a word, every button named (docs/product.md#users-table)', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    try {
      await saveSchoolLanguage(context.request, 'Spanish');
      const page = await context.newPage();
      await page.goto('/admin/users');
      await expect(page.getByRole('heading', { level: 1, name: 'Usuarios' })).toBeVisible();
      const cards = page.getByRole('list', { name: 'Usuarios' });
      await expect(cards.getByRole('listitem').first()).toBeVisible();
      // no id column: no field "ID" and no 24-hex-digit database id anywhere
      await expect(cards.getByRole('term').filter({ hasText: /^ID$/ })).toHaveCount(0);
      expect(await cards.textContent()).not.toMatch(/[0-9a-f]{24}/);
      // each piece of an email between its break points (before "@" and dots) sits on one line
      const broken = await cards.locator('.people-email').evaluateAll((cells) =>
        cells.flatMap((cell) =>
          [...cell.childNodes]
            .filter((node) => node.nodeType === Node.TEXT_NODE && node.textContent)
            .filter((node) => {
              const range = document.createRange();
              range.selectNodeContents(node);
              return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1;
            })
            .map((node) => `${cell.textContent}: ${node.textContent}`),
        ),
      );
      expect(broken).toEqual([]);
      expect(await cards.locator('.people-email').count()).toBeGreaterThan(0);
      // the key and trash buttons show their word and are named for their row
      const first = cards.getByRole('listitem').first();
      await expect(first.getByRole('button', { name: /^Restablecer contraseña de / })).toContainText('Restablecer contraseña');
      await expect(first.getByRole('button', { name: /^Eliminar a / })).toContainText('Eliminar');
    } finally {
      await context.close();
    }
  });
});

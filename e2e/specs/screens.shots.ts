import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { expect, test } from '../src/fixtures';
import { fillPath, routesOf, screenData, trackApi, waitForLoaded, type RoleName, type ScreenData } from '../src/screens';
import { DEMO, signIn } from '../src/utils';

/**
 * Screenshots of every screen to look at (docs/contributing.md#screenshots): each route of
 * `pwa/src/shell/routes.ts` for each role that may open it, plus the sign-in site, the privacy notice and
 * the 404 page, loaded, in light and dark colours, at phone and tablet size. Not a check (nothing
 * is compared): `npm run screenshots` writes them to `e2e/screenshots/`, named
 * `<scheme>-<size>-<language>-<who>-<path>.png`, for a person to look through after a change to the look.
 * Each role's screens are taken in English and in Spanish (the demo user's own language, set
 * through `PUT /api/user/language` and set back to the school's afterwards); the public pages
 * follow the school's language, so they are taken in English only. The file's tests run one after
 * another (the config's `fullyParallel: false`), so no two of them change a language at once.
 */

const OUT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../screenshots');

/** The two sizes of `playwright.config.ts`'s projects, at 1 device pixel per CSS px (smaller files). */
const SIZES: Record<'phone' | 'tablet', BrowserContextOptions> = {
  phone: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true },
  tablet: { viewport: { width: 1024, height: 768 }, hasTouch: true },
};

const SCHEMES = ['light', 'dark'] as const;

/** The languages each role's screens are photographed in, as `PUT /api/user/language` names them. */
const LANGUAGES = { en: 'English', es: 'Spanish' } as const;

test.use({
  serviceWorkers: 'block',
  allowedConsole: {
    'Playwright blocks the service worker': /^console\.warning: Service Worker registration blocked by Playwright/,
    'the app says it could not register it': /^console\.error: Could not register the service worker/,
    'signed out, the public pages hear 401 for the current user': /\b401\b.*\/auth\/current_user\b/,
  },
});

/** `/teacher/students/:studentId` → `teacher_students_studentId`; "/" → `home`. */
function fileNameOf(path: string): string {
  return path.replace(/^\//, '').replace(/[/:]+/g, '_') || 'home';
}

/** Opens a page of its own at `size` in `scheme`, signed in as `email` when given. */
async function openPage(browser: Browser, size: keyof typeof SIZES, scheme: (typeof SCHEMES)[number], email?: string): Promise<Page> {
  const context = await browser.newContext({ ...SIZES[size], colorScheme: scheme, baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  if (email) await signIn(page, email);
  return page;
}

let data: ScreenData;

test.beforeAll(async ({ playwright, baseURL }) => {
  mkdirSync(OUT_DIR, { recursive: true });
  data = await screenData(() => playwright.request.newContext({ baseURL }));
});

for (const size of ['phone', 'tablet'] as const) {
  for (const scheme of SCHEMES) {
    for (const role of ['student', 'teacher', 'admin'] satisfies RoleName[]) {
      test(`${role}'s screens, ${scheme}, ${size}`, async ({ browser }) => {
        const page = await openPage(browser, size, scheme, DEMO[role]);
        const inFlight = trackApi(page);
        try {
          for (const [code, language] of Object.entries(LANGUAGES)) {
            expect((await page.request.put('/api/user/language', { data: { language } })).ok()).toBe(true);
            for (const route of routesOf(role)) {
              await page.goto(fillPath(route.path, { studentId: data.studentId, taskId: data.taskId, recordingId: data.recordingId }));
              await waitForLoaded(page, inFlight);
              await expect(page.locator('html')).toHaveAttribute('lang', code);
              await page.screenshot({ path: join(OUT_DIR, `${scheme}-${size}-${code}-${role}-${fileNameOf(route.path)}.png`) });
            }
          }
        } finally {
          await page.request.put('/api/user/language', { data: { language: null } });
          await page.context().close();
        }
      });
    }

    test(`public pages, ${scheme}, ${size}`, async ({ browser }) => {
      const page = await openPage(browser, size, scheme);
      for (const path of ['/login', '/register', '/privacy', '/no/such/page']) {
        await page.goto(path);
        await expect(page.getByRole('heading').first()).toBeVisible();
        await page.screenshot({ path: join(OUT_DIR, `${scheme}-${size}-en-anyone-${fileNameOf(path)}.png`) });
      }
      await page.context().close();
    });
  }
}

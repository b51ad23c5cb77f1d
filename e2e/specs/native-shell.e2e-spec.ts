import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../src/fixtures';
import { DEMO, signIn } from '../src/utils';

/**
 * The app shell behaves like a native one on a phone (docs/architecture.md#the-shell-and-navigation):
 * Ionic's tab bar, whose tabs each keep their own screen and scroll position; dark colours when
 * the device asks for them; no movement when it asks for reduced motion
 * (docs/architecture.md#dark-mode-and-reduced-motion).
 */
test.describe('the native shell (phone)', () => {
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'the tab bar is the phone’s navigation (hidden from the md breakpoint up)');
  });

  const tabBar = (page: Page) => page.getByRole('tablist', { name: 'Tabs' });
  const tab = (page: Page, name: string) => tabBar(page).getByRole('tab', { name, exact: true });

  /** The scroll position, in CSS px, of the visible screen's content. */
  const scrollTopOf = (content: Locator) => content.evaluate(async (el: HTMLElement & { getScrollElement(): Promise<HTMLElement> }) => (await el.getScrollElement()).scrollTop);

  test('a tab keeps the screen it was left on; tapping the current tab goes back to its first screen', async ({ page }) => {
    await signIn(page, DEMO.teacher);
    await page.goto('/teacher/students');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Students' })).toBeVisible();
    await expect(tab(page, 'My Students')).toHaveAttribute('aria-selected', 'true');

    // A student's profile: a screen under the "My Students" tab.
    await page
      .getByRole('link', { name: /^View Oracy profile of / })
      .first()
      .click();
    await expect(page).toHaveURL(/\/teacher\/students\/[^/]+$/);
    const profileUrl = page.url();
    const profile = page.locator('ion-content').filter({ has: page.getByRole('heading', { name: 'History' }) });
    await expect(profile).toBeVisible();
    // a mark on the screen's element: it is the same element, not a new render, when the tab comes back
    await profile.evaluate((el) => el.setAttribute('data-e2e-mark', 'kept'));

    await tab(page, 'Dashboard').click();
    await expect(page).toHaveURL(/\/teacher\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Teacher Dashboard' })).toBeVisible();
    await expect(tab(page, 'Dashboard')).toHaveAttribute('aria-selected', 'true');
    await expect(tab(page, 'My Students')).not.toHaveAttribute('aria-selected', 'true');

    await tab(page, 'My Students').click();
    await expect(page).toHaveURL(profileUrl);
    await expect(page.locator('[data-e2e-mark="kept"]')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();

    // The current tab tapped again: back to the tab's first screen.
    await tab(page, 'My Students').click();
    await expect(page).toHaveURL(/\/teacher\/students$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your Students' })).toBeVisible();
  });

  test('a tab keeps its scroll position', async ({ page }) => {
    await signIn(page, DEMO.student);
    await page.goto('/student/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome to your Dashboard, .+!$/ })).toBeVisible();
    const content = page.locator('ion-content').filter({ has: page.getByRole('heading', { level: 1, name: /^Welcome to your Dashboard/ }) });
    const chart = page.getByRole('figure', { name: 'Your Activity Overview' });
    await chart.scrollIntoViewIfNeeded();
    await expect(chart).toBeInViewport();
    const scrolled = await scrollTopOf(content);
    expect(scrolled).toBeGreaterThan(100);

    await tab(page, 'My Courses').click();
    await expect(page).toHaveURL(/\/student\/courses$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your Enrolled Courses' })).toBeVisible();

    await tab(page, 'Dashboard').click();
    await expect(page).toHaveURL(/\/student\/dashboard$/);
    await expect(chart).toBeInViewport();
    expect(await scrollTopOf(content)).toBe(scrolled);
  });

  test('the tab buttons are at least 44 × 44 CSS px', async ({ page }) => {
    await signIn(page, DEMO.teacher);
    await page.goto('/teacher/dashboard');
    const tabs = tabBar(page).getByRole('tab');
    await expect(tabs).toHaveCount(5);
    for (const box of await Promise.all((await tabs.all()).map((t) => t.boundingBox()))) {
      expect(box?.width).toBeGreaterThanOrEqual(44);
      expect(box?.height).toBeGreaterThanOrEqual(44);
    }
  });

  /** The words of the current tab's label that the layout split over two lines. */
  const splitWords = (page: Page) =>
    tabBar(page).evaluate((bar) => {
      const label = bar.querySelector('ion-tab-button.tab-selected .role-tabs__label');
      const text = label?.firstChild;
      if (!text || text.nodeType !== Node.TEXT_NODE) return ['(no current tab label)'];
      const split: string[] = [];
      for (const match of (text.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        if (new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1) split.push(match[0]);
      }
      return split;
    });

  for (const role of ['student', 'teacher', 'admin'] as const) {
    test(`the ${role}'s tab labels, the current one in bold too, break between words only (360 px, 100 % text)`, async ({ page }) => {
      await signIn(page, DEMO[role]);
      await page.goto(`/${role}/dashboard`);
      const tabs = tabBar(page).getByRole('tab');
      await expect(tabs.first()).toBeVisible();
      const count = await tabs.count();
      for (let i = 0; i < count; i++) {
        const current = tabs.nth(i);
        await current.click();
        await expect(current).toHaveAttribute('aria-selected', 'true');
        expect(await splitWords(page), `the tab "${await current.textContent()}"`).toEqual([]);
      }
    });
  }

  test('dark colours follow the device', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await signIn(page, DEMO.student);
    await page.goto('/student/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome to your Dashboard, .+!$/ })).toBeVisible();
    const luminance = (css: string) => {
      const [r, g, b] = (css.match(/\d+(\.\d+)?/g) ?? []).map(Number) as [number, number, number];
      return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    };
    const content = page.locator('ion-content').filter({ has: page.getByRole('heading', { level: 1 }) });
    const background = await content.evaluate((el) => getComputedStyle(el).getPropertyValue('--background'));
    expect(background.trim()).toBe('#121212');
    const heading = await page.getByRole('heading', { level: 1 }).evaluate((el) => getComputedStyle(el).color);
    expect(luminance(heading)).toBeGreaterThan(0.8);
    const bar = await tabBar(page).evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(luminance(bar)).toBeLessThan(0.2);
    await expect(page.locator('meta[name="theme-color"][media="(prefers-color-scheme: dark)"]')).toHaveCount(1);
  });

  /**
   * Starts recording, in the page, every animation that runs (Ionic's page transitions and menu
   * are Web Animations; CSS animations and transitions count too), except inside the spinners and
   * progress bars, which keep turning on purpose. Returns a function that reads what was recorded.
   */
  async function recordAnimations(page: Page): Promise<() => Promise<string[]>> {
    await page.evaluate(() => {
      const seen = new Set<string>();
      const indicator = /^ION-(SPINNER|PROGRESS-BAR)$/;
      const describe = (animation: Animation) => {
        const target = (animation.effect as KeyframeEffect | null)?.target as Element | null | undefined;
        if (!target) return null;
        const host = (target.getRootNode() as ShadowRoot).host;
        if (indicator.test(target.tagName) || (host && indicator.test(host.tagName))) return null;
        return `${target.tagName.toLowerCase()}.${[...target.classList].join('.')}`;
      };
      const sample = () => {
        for (const animation of document.getAnimations()) {
          const described = describe(animation);
          if (described) seen.add(described);
        }
        requestAnimationFrame(sample);
      };
      sample();
      (window as unknown as { __e2eAnimations: Set<string> }).__e2eAnimations = seen;
    });
    return () => page.evaluate(() => [...(window as unknown as { __e2eAnimations: Set<string> }).__e2eAnimations]);
  }

  /** Opens a student's profile from the list, then the side menu: a page transition and a sliding drawer. */
  async function moveAround(page: Page) {
    await page
      .getByRole('link', { name: /^View Oracy profile of / })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
    await page.locator('ion-menu-button').locator('visible=true').first().click();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  }

  test('screens and the menu move by default, and nothing moves with reduced motion', async ({ page }) => {
    await signIn(page, DEMO.teacher);
    await page.goto('/teacher/students');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Students' })).toBeVisible();
    let recorded = await recordAnimations(page);
    await moveAround(page);
    expect(await recorded()).not.toEqual([]);

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/teacher/students');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Students' })).toBeVisible();
    recorded = await recordAnimations(page);
    await moveAround(page);
    expect(await recorded()).toEqual([]);
  });
});

/**
 * Leaving the tabs for a screen outside them ("/", "/privacy") hands the screen over to the app's
 * outlet alone: the tabs' outlet must not render a page of its own for that path meanwhile (a
 * hidden 404 page from the tabs' catch-all route, whose DOM changes would race with the app's
 * outlet taking the tabs away). Both sizes.
 */
test.describe('leaving the tabs', () => {
  /** Starts counting, in the page, the 404 pages in the document; returns a reader of the most seen at once. */
  async function countNotFoundPages(page: Page): Promise<() => Promise<number>> {
    await page.evaluate(() => {
      const state = { most: 0 };
      const count = () => {
        state.most = Math.max(state.most, document.querySelectorAll('.not-found').length);
      };
      new MutationObserver(count).observe(document.body, { subtree: true, childList: true });
      count();
      (window as unknown as { __e2eNotFound: typeof state }).__e2eNotFound = state;
    });
    return () => page.evaluate(() => (window as unknown as { __e2eNotFound: { most: number } }).__e2eNotFound.most);
  }

  for (const path of ['/no/such/page', '/student/no-such-screen']) {
    test(`the 404 page at ${path} goes home without a second 404 page`, async ({ page }) => {
      await signIn(page, DEMO.student);
      await page.goto(path);
      await expect(page.getByText('404', { exact: true })).toBeVisible();
      const most = await countNotFoundPages(page);
      await page.getByRole('link', { name: 'Go back to Home' }).click();
      await expect(page.getByRole('heading', { name: 'Oracy Skills Self-Assessment' })).toBeVisible();
      await expect(page.locator('.not-found')).toHaveCount(0);
      expect(await most()).toBe(1);
    });
  }

  test('a tab screen opens the privacy notice without a 404 page', async ({ page }) => {
    await signIn(page, DEMO.student);
    await page.goto('/student/profile');
    const most = await countNotFoundPages(page);
    await page.locator('a.your-data__privacy').click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your data in Oracy' })).toBeVisible();
    await expect(page.locator('.not-found')).toHaveCount(0);
    expect(await most()).toBe(0);
  });
});

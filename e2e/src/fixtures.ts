import { test as base, type Browser, type BrowserContext, type Page } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * What a test may declare about the console (docs/contributing.md#a-clean-console): problems it
 * provokes on purpose and expects.
 */
export interface ConsoleGuard {
  /**
   * Declares an expected problem: a console error or warning, a page error or a failed response
   * whose description matches `pattern` does not fail the test. Descriptions read
   * `console.error: <text> (<url>)`, `console.warning: …`, `pageerror: <message>` and
   * `HTTP <status> <method> <url>`; a failed fetch shows up twice (as the response and as
   * Chromium's "Failed to load resource" error, which names the same URL), so a pattern on the
   * URL covers both.
   */
  allow(pattern: RegExp, why: string): void;
}

interface ConsoleFixtures {
  /**
   * Expected problems of every test in scope, as {@link ConsoleGuard.allow}'s patterns by the
   * reason they are expected: `test.use({ allowedConsole: { 'asks for an unknown API path':
   * /\/api\/no-such-endpoint/ } })`.
   */
  allowedConsole: Record<string, RegExp>;
  /** The test's console guard (automatic); ask for it to declare expected problems mid-test. */
  consoleGuard: ConsoleGuard;
}

/**
 * What a journey that takes the network away (`context.setOffline(true)`) provokes, by reason:
 * `test.use({ allowedConsole: WHEN_OFFLINE })`.
 */
export const WHEN_OFFLINE: Record<string, RegExp> = {
  'requests fail with no network': /net::ERR_INTERNET_DISCONNECTED/,
  'the app starts with the last signed-in user and says so': /^console\.warning: The server is unreachable: starting with the last signed-in user/,
  'the service worker could not be fetched': /^console\.error: Could not register the service worker/,
  "the browser's own update check of the service worker fails": /^console\.error: An unknown error occurred when fetching the script\.$/,
};

/**
 * Playwright's `test`, with a clean console required: every page of the test — in its own
 * `context` and in contexts it makes with `browser.newContext()` or `browser.newPage()` — is
 * watched for console errors and warnings, uncaught page errors, and answers of 400 or more from
 * the app's own origin. At the end the test fails, listing each one, unless it matched a declared
 * pattern (`allowedConsole`, `consoleGuard.allow`). Every journey imports `test` and `expect` from
 * here, not from `@playwright/test`.
 */
export const test = base.extend<ConsoleFixtures>({
  allowedConsole: [{}, { option: true }],
  consoleGuard: [
    async ({ context, browser, allowedConsole, baseURL }, use) => {
      const allowed = Object.values(allowedConsole);
      // each problem as the text patterns match, and what the failure prints beneath it (a page error's first stack frames)
      const problems: { description: string; detail?: string }[] = [];
      const origin = baseURL ? new URL(baseURL).origin : undefined;
      const report = (description: string, detail?: string) => void problems.push({ description, detail });
      const watchPage = (page: Page) => {
        page.on('console', (message) => {
          const type = message.type();
          if (type !== 'error' && type !== 'warning') return;
          const where = message.location().url;
          report(`console.${type}: ${message.text()}${where ? ` (${where})` : ''}`);
        });
        page.on('pageerror', (error) => report(`pageerror: ${error.message}`, error.stack?.split('\n').slice(1, 6).join('\n')));
        page.on('response', (response) => {
          if (response.status() < 400 || !origin || new URL(response.url()).origin !== origin) return;
          report(`HTTP ${response.status()} ${response.request().method()} ${response.url()}`);
        });
      };
      const watchContext = (watched: BrowserContext) => {
        watched.pages().forEach(watchPage);
        watched.on('page', watchPage);
      };
      watchContext(context);

      // Contexts the test makes itself are watched too, for as long as it runs.
      const newContext = browser.newContext;
      const patched: Browser['newContext'] = async (...args) => {
        const made = await newContext.apply(browser, args);
        watchContext(made);
        return made;
      };
      browser.newContext = patched;
      try {
        await use({ allow: (pattern) => void allowed.push(pattern) });
      } finally {
        browser.newContext = newContext;
      }
      // Matched at the end, so a test may declare a problem before or after provoking it.
      const unexpected = problems.filter(({ description }) => !allowed.some((pattern) => pattern.test(description)));
      if (unexpected.length > 0) {
        const listed = unexpected.map(({ description, detail }) => `  - ${description}${detail ? `\n${detail.replace(/^\s*/gm, '      ')}` : ''}`);
        throw new Error(`The console was not clean (declare expected ones with consoleGuard.allow or allowedConsole):\n${listed.join('\n')}`);
      }
    },
    { auto: true },
  ],
});

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '../src/fixtures';

/**
 * The clean-console rule (docs/contributing.md#a-clean-console) holds for every journey: each
 * spec takes `test` from `e2e/src/fixtures.ts`, whose guard fails a test on any console error or
 * warning, page error or failed answer of the app's own origin that the test did not declare.
 */

const SPECS = dirname(fileURLToPath(import.meta.url));

test('every journey takes its test from the console guard', () => {
  const specs = readdirSync(SPECS).filter((name) => name.endsWith('.e2e-spec.ts'));
  expect(specs.length).toBeGreaterThan(10);
  for (const name of specs) {
    const source = readFileSync(join(SPECS, name), 'utf8');
    expect(source, `${name} imports test from ../src/fixtures`).toMatch(/^import \{[^}]*\btest\b[^}]*\} from '\.\.\/src\/fixtures';$/m);
    expect(source, `${name} does not import test from @playwright/test`).not.toMatch(/^import \{[^}]*\btest\b[^}]*\} from '@playwright\/test';$/m);
  }
});

test.describe('a declared problem', () => {
  test.use({ allowedConsole: { 'this test logs it on purpose': /^console\.error: provoked on purpose$/ } });

  test('does not fail the test, whether declared for the file or in the test', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/\b404\b.*\/api\/no-such-endpoint\b/, 'this test asks for an unknown path');
    await page.goto('/login');
    await page.evaluate(async () => {
      console.error('provoked on purpose');
      await fetch('/api/no-such-endpoint');
    });
  });
});

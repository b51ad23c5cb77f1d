import { defineConfig } from 'vitest/config';

/**
 * One Vitest run with two projects (docs/contributing.md#tests-beside-the-code): `api` in Node
 * against the real embedded database, `pwa` in jsdom.
 */
export default defineConfig({
  test: {
    projects: ['api/vitest.config.ts', 'pwa/vitest.config.ts'],
  },
});

import { defineConfig } from 'vitest/config';

/**
 * One Vitest run with two projects (style.md practice 6): `api` in Node
 * against the real embedded database, `pwa` in jsdom.
 */
export default defineConfig({
  test: {
    projects: ['api/vitest.config.ts', 'pwa/vitest.config.ts'],
  },
});

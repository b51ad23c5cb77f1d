import { defineConfig } from 'vitest/config';

/**
 * One Vitest run with three projects (docs/contributing.md#tests-beside-the-code): `api` in Node
 * against the real embedded database, `pwa` in jsdom, and `docs` in Node, which checks that every
 * reference into `docs/` resolves (`scripts/docs.test.ts`).
 */
export default defineConfig({
  test: {
    projects: ['api/vitest.config.ts', 'pwa/vitest.config.ts', { test: { name: 'docs', include: ['scripts/**/*.test.ts'], environment: 'node' } }],
  },
});

import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

/**
 * The `pwa` Vitest project (docs/contributing.md#tests-beside-the-code): React screens in jsdom,
 * with Ionic's web components polyfilled in `src/test/setup.ts`.
 */
export default defineProject({
  plugins: [react()],
  test: {
    name: 'pwa',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    unstubGlobals: true,
    unstubEnvs: true,
    testTimeout: 30_000,
  },
});

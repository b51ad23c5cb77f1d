import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/globalSetup.ts'],
    setupFiles: ['src/test/setup.ts'],
    // The tests register people freely; the registration tests build apps with each policy themselves.
    env: { NODE_ENV: 'test', SEED_DEMO: '0', LOG_LEVEL: 'silent', REGISTRATION: 'open' },
    testTimeout: 20000,
    hookTimeout: 120000,
  },
});

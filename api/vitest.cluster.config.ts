import { defineConfig } from 'vitest/config';

/**
 * `npm run test:cluster`: two real API processes on one database
 * and one Redis (`src/platform/cluster/clusterSetup.ts`), exercised over HTTP and
 * Socket.IO by `src/platform/cluster/*.cluster-test.ts`; `npm test` runs it too when it can get a Redis.
 */
export default defineConfig({
  test: {
    name: 'cluster',
    environment: 'node',
    include: ['src/platform/cluster/**/*.cluster-test.ts'],
    globalSetup: ['src/platform/cluster/clusterSetup.ts'],
    env: { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
    fileParallelism: false,
    testTimeout: 30000,
    hookTimeout: 180000,
  },
});

import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'pwa',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    passWithNoTests: true,
  },
});

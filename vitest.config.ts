import { defineConfig } from 'vitest/config';
import { DEFAULT_SIGN_KEY } from './packages/domain/src/signature';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'api',
          include: ['apps/server/**/*.test.ts', 'packages/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        // Web unit tests (issue 17): request layer, upload rules, order payload — React + Testing Library on happy-dom.
        define: { __SIGN_KEY__: JSON.stringify(DEFAULT_SIGN_KEY) },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          pool: 'forks',
          fileParallelism: false,
        },
      },
    ],
  },
});

import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Workspace packages export their TypeScript sources under the "source" condition, so tests
// run against src without a build.

export default defineConfig({
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['packages/{money,contract,server}/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.stall.test.ts', '**/node_modules/**'],
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        // Latency under load (issue 31): run on their own, after the others, so that parallel
        // test files do not compete with the server they measure for the two cores.
        extends: true,
        test: {
          name: 'stall',
          include: ['packages/server/src/**/*.stall.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 30_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['packages/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['packages/web/src/test/setup.ts'],
        },
      },
    ],
  },
});

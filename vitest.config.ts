import { availableParallelism } from 'node:os';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Workspace packages export their TypeScript sources under the "source" condition, so tests
// run against src without a build.

export default defineConfig({
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  test: {
    // One worker per core. Vitest's default leaves one core to itself (one worker on two cores),
    // but its own process is nearly idle and the files wait on the databases and on sockets much
    // of the time: the cores were half used (issue 33). Test files drop their PostgreSQL schemas
    // under the lock migrations hold (db/migrate.ts), so parallel files never fail each other's.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['packages/{money,contract,server}/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.stall.test.ts', '**/fuzz.api.test.ts', '**/node_modules/**'],
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 30_000,
          // Files share each worker's module cache instead of importing the whole server again
          // per file: the node suite took 470 s, 300 of them in imports, and 90 s without (issue
          // 33). Every file builds its own app on its own database, so no state is shared but
          // the modules; a file that mocks a module runs in the isolated project below.
          isolate: false,
        },
      },
      {
        // Files that mock modules (fuzz replaces fastify's factory to see every route): their
        // own module cache.
        extends: true,
        test: {
          name: 'isolated',
          include: ['packages/server/src/**/fuzz.api.test.ts'],
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
          // A journey through a page takes about a second alone and was seen past 5 s while the
          // node suites, the typecheck and the lint share the two cores (npm test runs them at once).
          testTimeout: 15_000,
          // One page and module cache per worker, cleaned after every test (test/setup.ts): 57 s
          // instead of 220 s, most of which was a new DOM and the app's imports per file.
          isolate: false,
        },
      },
    ],
  },
});

import { defineConfig } from 'vitest/config';
import BalancedSequencer from './scripts/balancedSequencer.ts';

const apiProject = (db: 'sqlite' | 'postgres') => ({
  test: {
    name: `api-${db}`,
    include: ['apps/server/test/**/*.test.ts'],
    env: { TEST_DB: db, NODE_ENV: 'test' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file starts its own server and database; files run in parallel, tests within a file in order.
    fileParallelism: true,
    // A worker keeps its modules from one file to the next: importing the server (Fastify, Kysely, Socket.IO, …)
    // once per worker instead of once per file takes about 40 % off the suite's CPU time. Files share no data (each
    // has its own database and server); a file that mocks a module resets the module graph (see orders.test.ts).
    isolate: false,
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on the two-core machines CI runs on, which ran every
    // unit, component and API file one after another (830 s beside the journeys). The API files mostly wait (on
    // PostgreSQL, on their servers over HTTP), so three at a time keep the cores busy: 290 s for the same files.
    maxWorkers: 3,
    // Only `--shard` uses it (the browser journeys' two shards in scripts/test.sh); the order within a run is Vitest's.
    sequence: { sequencer: BalancedSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/shared/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'packages/seed/src/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'eslint-rules/**/*.test.ts',
          ],
          // A ceiling, not a wait: generating the seed's 3,000-product catalogue takes ~1 s on a quiet machine and
          // passed the 5 s default beside the API tests on two busy cores.
          testTimeout: 30_000,
        },
      },
      {
        // Interactive pieces of the web app rendered on their own in a simulated DOM and driven as a user would.
        test: {
          name: 'component',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/testing/setup.ts'],
          // A test's stand-in for fetch (testing/fakeApi.ts) ends with the test.
          unstubGlobals: true,
          // Ceilings, not waits: the tests wait on what is rendered. Typing a whole address into jsdom takes ~1 s on a
          // quiet machine and past 5 s (the default) on two busy cores beside the API tests.
          testTimeout: 30_000,
        },
      },
      apiProject('sqlite'),
      apiProject('postgres'),
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.test.ts'],
          globalSetup: ['apps/web/e2e/global-setup.ts'],
          // Ceilings for whole journeys (a dozen page loads each), which wait on what is rendered: on two cores shared
          // with the API tests a long journey has taken past 60 s.
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // expect.poll's default second is less than a page can take to load on a busy machine.
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        // Unit and integration tests beside the code: server, client and shared; and the tests of
        // the test helpers themselves.
        test: {
          name: 'src',
          include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
          environment: 'node',
          // With TEST_DATABASE_URL set (CI always sets it), PostgreSQL must answer.
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          // One browser at a time: the machine has two cores.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A state a browser reaches "soon" can take seconds on a loaded two-core CI machine;
          // a poll returns as soon as it holds, so only a failure waits this long.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});

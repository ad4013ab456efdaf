import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/server/app.js';
import { loadConfig, type Config } from '../src/server/config.js';
import type { Db, Dialect } from '../src/server/db/database.js';
import { createTestDatabase, type TestDatabase } from './database.js';

export const CLIENT_DIR = path.resolve('dist/client');

export interface RunningApp {
  app: FastifyInstance;
  config: Config;
  /** Base URL of the app listening on an ephemeral loopback port. */
  url: string;
  /** Closes the app, which closes `db` too. */
  close(): Promise<void>;
}

/** The app on its own fresh test database, which close() drops. */
export interface TestApp extends RunningApp {
  database: TestDatabase;
}

interface AppOptions {
  logger?: Parameters<typeof buildApp>[0]['logger'];
  beforeListen?: (app: FastifyInstance) => void;
  /** A small child-sitemap size, so tests can see the index split without 50,000 pages. */
  sitemapUrlsPerChild?: number;
  /** Shorter limits on slow clients, so tests can see them act within seconds. */
  slowClientLimits?: Parameters<typeof buildApp>[0]['slowClientLimits'];
}

/**
 * How long a test app lets an image process: test files run in parallel on two cores, and a photo
 * that takes two seconds alone took over twenty while several suites ran at once. The limit
 * itself is tested in uploads/image-pool.test.ts.
 */
const TEST_IMAGE_TASK_TIMEOUT_MS = 120_000;

/** The real app in this process on a database the test opened itself, on 127.0.0.1:random. */
export async function startAppOn(
  db: Db,
  dialect: Dialect,
  dataDir: string,
  env: Record<string, string> = {},
  options: AppOptions = {},
): Promise<RunningApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://127.0.0.1:0',
    ...env,
  });
  const app = await buildApp({
    config,
    db,
    dialect,
    clientDir: CLIENT_DIR,
    logger: options.logger,
    sitemapUrlsPerChild: options.sitemapUrlsPerChild,
    slowClientLimits: options.slowClientLimits,
    imageTaskTimeoutMs: TEST_IMAGE_TASK_TIMEOUT_MS,
  });
  options.beforeListen?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  config.publicUrl = url;
  return {
    app,
    config,
    url,
    close: async () => {
      // A test that left a connection half-used must not hang the suite: after a short grace,
      // whatever is still open is cut.
      const stragglers = setTimeout(() => app.server.closeAllConnections(), 2000);
      await app.close();
      clearTimeout(stragglers);
    },
  };
}

/** The real application on its own fresh database, listening on 127.0.0.1:random. */
export async function startTestApp(
  dialect: Dialect,
  env: Record<string, string> = {},
  options: AppOptions = {},
): Promise<TestApp> {
  const database = await createTestDatabase(dialect);
  const running = await startAppOn(database.db, dialect, database.dataDir, env, options);
  return {
    ...running,
    database,
    close: async () => {
      await running.close();
      await database.destroy();
    },
  };
}

/**
 * The app for the enclosing describe block: started before its first test, closed after its
 * last. The object returned is filled in at the start, so read its fields in tests and hooks.
 */
export function useTestApp(
  dialect: Dialect,
  env: Record<string, string> = {},
  options: AppOptions = {},
): TestApp {
  const shared = {} as TestApp;
  beforeAll(async () => {
    Object.assign(shared, await startTestApp(dialect, env, options));
  });
  afterAll(async () => {
    await shared.close();
  });
  return shared;
}

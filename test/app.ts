import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app.js';
import { loadConfig, type Config } from '../src/server/config.js';
import type { Dialect } from '../src/server/db/database.js';
import { createTestDatabase, type TestDatabase } from './database.js';

export const CLIENT_DIR = path.resolve('dist/client');

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  /** Base URL of the app listening on an ephemeral loopback port. */
  url: string;
  close(): Promise<void>;
}

/** The real application on its own fresh database, listening on 127.0.0.1:random. */
export async function startTestApp(
  dialect: Dialect,
  env: Record<string, string> = {},
  options: {
    logger?: Parameters<typeof buildApp>[0]['logger'];
    beforeListen?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(dialect);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: database.dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://127.0.0.1:0',
    ...env,
  });
  const app = await buildApp({
    config,
    db: database.db,
    dialect,
    clientDir: CLIENT_DIR,
    logger: options.logger,
  });
  options.beforeListen?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  config.publicUrl = url;
  return {
    app,
    database,
    config,
    url,
    close: async () => {
      // A test that left a connection half-used must not hang the suite: after a short grace,
      // whatever is still open is cut.
      const stragglers = setTimeout(() => app.server.closeAllConnections(), 2000);
      await app.close();
      clearTimeout(stragglers);
      await database.destroy();
    },
  };
}

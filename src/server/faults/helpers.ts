import type { FastifyInstance } from 'fastify';
import { CLIENT_DIR } from '../../../test/app.js';
import { request, type CookieJar } from '../../../test/signin.js';
import type { TemplateId } from '../../shared/routes.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { Db, Dialect } from '../db/database.js';
import { orderBody as baseOrderBody } from '../../../test/order-body.js';

/** Shared by the fault tests: the app on a database the test opened itself, and small HTTP steps. */

export interface RunningApp {
  app: FastifyInstance;
  url: string;
  close(): Promise<void>;
}

/** The real app in this process on `db` (which it closes on close), on 127.0.0.1:random. */
export async function startAppOn(
  db: Db,
  dialect: Dialect,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<RunningApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://127.0.0.1:0',
    ...env,
  });
  const app = await buildApp({ config, db, dialect, clientDir: CLIENT_DIR });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  config.publicUrl = url;
  return {
    app,
    url,
    close: async () => {
      const stragglers = setTimeout(() => app.server.closeAllConnections(), 2000);
      await app.close();
      clearTimeout(stragglers);
    },
  };
}

export interface JsonAnswer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
  body: any;
}

/** A same-origin JSON POST as the builder makes it, with the person's cookies. */
export async function postJson(
  jar: CookieJar,
  baseUrl: string,
  path: string,
  body: unknown,
): Promise<JsonAnswer> {
  const response = await request(jar, `${baseUrl}${path}`, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: await response.json().catch(() => null),
  };
}

export async function getJson(jar: CookieJar, url: string): Promise<JsonAnswer> {
  const response = await request(jar, url, { headers: { accept: 'application/json' } });
  return {
    status: response.status,
    headers: response.headers,
    body: await response.json().catch(() => null),
  };
}

export const orderBody = (username: string, templateId: TemplateId = 'template1') =>
  baseOrderBody(username, templateId);

/**
 * Waits for a condition that the system reaches on its own (a reconnect, a lock released),
 * asking again every `everyMs`; fails with the last answer once the deadline passes.
 */
export async function pollUntil<T>(
  what: string,
  attempt: () => Promise<T>,
  done: (value: T) => boolean,
  { deadlineMs = 15_000, everyMs = 100 } = {},
): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const value = await attempt();
    if (done(value)) return value;
    if (Date.now() > deadline) {
      throw new Error(
        `${what}: not reached within ${deadlineMs} ms (last: ${JSON.stringify(value)})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

export { freePort } from '../../../test/free-port.js';

/** Runs `tasks` with at most `limit` under way at once; keeps the order of results. */
export async function inBatches<T>(
  count: number,
  limit: number,
  task: (index: number) => Promise<T>,
): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      results[index] = await task(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
  return results;
}

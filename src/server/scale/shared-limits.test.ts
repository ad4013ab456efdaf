import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { startServerProcess, type ServerProcess } from '../../../test/server-process.js';
import { RATE_LIMITS } from '../http/rate-limit.js';

/**
 * Two app processes (dist/server/main.js) behind one address, each request sent to the other
 * process than the last: a client still gets each limit once, not once per process. Run on the
 * SQLite file both processes open, on PostgreSQL when TEST_DATABASE_URL is set, and on Redis
 * when TEST_REDIS_URL is set.
 */
const STORES = [
  { name: 'the SQLite file', databaseUrl: false, redisUrl: undefined },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: 'PostgreSQL', databaseUrl: true, redisUrl: undefined }]
    : []),
  ...(process.env.TEST_REDIS_URL
    ? [{ name: 'Redis', databaseUrl: false, redisUrl: process.env.TEST_REDIS_URL }]
    : []),
];

describe.each(STORES)('request limits shared by two processes through $name', (store) => {
  let database: TestDatabase | undefined;
  let dataDir: string;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'pb-limits-'));
    if (store.databaseUrl) database = await createTestDatabase('postgres', { prepare: false });
    const env = {
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      // Each request names its client, so that runs sharing one Redis never share a bucket.
      TRUST_PROXY: 'true',
      ...(store.redisUrl ? { REDIS_URL: store.redisUrl } : {}),
    };
    const databaseUrl = database?.databaseUrl;
    // One after the other: the first migrates the database, the second finds it ready.
    a = await startServerProcess({ dataDir, databaseUrl, env });
    b = await startServerProcess({ dataDir, databaseUrl, env, publicUrl: a.publicUrl });
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('gives a client the sign-in limit once across both processes, then Retry-After from either', async () => {
    const client = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const start = (server: ServerProcess) =>
      fetch(`${server.url}/auth/login`, {
        redirect: 'manual',
        // No Sec-Fetch headers: Node's fetch would send its own mode (cors) beside them.
        headers: { 'x-forwarded-for': client },
      });
    const { limit } = RATE_LIMITS.signIn;
    for (let attempt = 0; attempt < limit; attempt += 1) {
      const response = await start(attempt % 2 === 0 ? a : b);
      expect(response.status, `attempt ${attempt + 1}: ${await response.clone().text()}`).toBe(302);
    }
    for (const server of [a, b]) {
      const refused = await start(server);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    // Another client is counted on its own.
    const other = await fetch(`${b.url}/auth/login`, {
      redirect: 'manual',
      headers: { 'x-forwarded-for': `172.16.${randomInt(256)}.${randomInt(1, 255)}` },
    });
    expect(other.status).toBe(302);
  });
});

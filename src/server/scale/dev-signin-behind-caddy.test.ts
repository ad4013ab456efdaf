import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCaddy, type RunningCaddy } from '../../../test/caddy.js';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { freePort } from '../../../test/free-port.js';
import { startServerProcess, type ServerProcess } from '../../../test/server-process.js';
import { request, signIn } from '../../../test/signin.js';

/**
 * The development sign-in behind the shipped Caddyfile and two app processes: its provider keeps
 * sign-ins in one process's memory, so Caddy sends all of /dev-oidc/* to the first process that
 * is up, while the rest of the sign-in (and the provider's back-channel token call, which also
 * goes through Caddy) may land on either. Every sign-in must work, not one in four.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'the development sign-in behind Caddy and two processes',
  () => {
    let database: TestDatabase;
    let caddy: RunningCaddy;
    const processes: ServerProcess[] = [];
    const dataDirs: string[] = [];
    beforeAll(async () => {
      database = await createTestDatabase('postgres', { prepare: false });
      const ports = [await freePort(), await freePort()];
      caddy = await startCaddy({
        upstream: ports.map((port) => `127.0.0.1:${port}`).join(' '),
        askUrl: `http://127.0.0.1:${ports[0]}/internal/tls-ask`,
        publicHost: '',
        plainHttp: true,
      });
      const secret = randomBytes(32).toString('base64url');
      for (const port of ports) {
        const dataDir = mkdtempSync(path.join(tmpdir(), 'pb-dev-signin-'));
        dataDirs.push(dataDir);
        processes.push(
          await startServerProcess({
            dataDir,
            databaseUrl: database.databaseUrl,
            port,
            publicUrl: `http://127.0.0.1:${caddy.httpPort}`,
            env: { RATE_LIMITS: 'off', SESSION_SECRET: secret, TRUST_PROXY: '127.0.0.1' },
          }),
        );
      }
    }, 60_000);
    afterAll(async () => {
      for (const process of processes) await process.stop();
      await caddy?.stop();
      await database?.destroy();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    });

    it('signs in every time, whichever process each step reaches', async () => {
      const site = `http://127.0.0.1:${caddy.httpPort}`;
      for (let i = 0; i < 8; i += 1) {
        const email = `dev-${randomUUID()}@example.com`;
        const jar = await signIn(site, { name: `Person ${i}`, email });
        const me = (await (await request(jar, `${site}/api/me`)).json()) as {
          user: { email: string } | null;
        };
        expect(me.user?.email, `sign-in ${i}`).toBe(email);
      }
    });

    it('still refuses the ask endpoint to visitors', async () => {
      const site = `http://127.0.0.1:${caddy.httpPort}`;
      expect((await fetch(`${site}/internal/tls-ask?domain=example.org`)).status).toBe(404);
    });
  },
);

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database.js';
import { startServerProcess } from '../../../test/server-process.js';
import { startTcpProxy } from '../../../test/tcp-proxy.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.runIf(process.env.TEST_DATABASE_URL)(
  'PostgreSQL not reachable when the server starts',
  () => {
    it('waits for it instead of exiting, then migrates, seeds and serves', async () => {
      // An empty database: the server itself must migrate and seed it once it can reach it.
      const database = await createTestDatabase('postgres', { prepare: false });
      cleanups.push(() => database.destroy());
      const target = new URL(database.databaseUrl!);
      const proxy = await startTcpProxy({
        host: target.hostname,
        port: Number(target.port || 5432),
      });
      cleanups.push(() => proxy.close());
      await proxy.cut();
      const viaProxy = new URL(database.databaseUrl!);
      viaProxy.hostname = '127.0.0.1';
      viaProxy.port = String(proxy.port);

      const refused = 'database not reachable at start; trying again';
      let started = false;
      let metOutage: () => void;
      const outageMet = new Promise<void>((resolve) => (metOutage = resolve));
      const starting = startServerProcess({
        dataDir: mkdtempSync(path.join(tmpdir(), 'pb-start-')),
        databaseUrl: viaProxy.toString(),
        onOutput: (output) => {
          if (output.includes(refused)) metOutage();
        },
      }).then((server) => {
        started = true;
        return server;
      });
      starting.catch(() => {});
      // The database stays away until the server has met the outage (however slowly this
      // machine starts it); a crash then would reject `starting` at once.
      await Promise.race([outageMet, starting]);
      expect(started).toBe(false);

      await proxy.restore();
      const server = await starting;
      cleanups.push(() => server.stop());
      expect(server.output()).toContain(refused);
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      const templates = await fetch(`${server.url}/api/templates`);
      expect(templates.status).toBe(200);
      expect((await templates.json()).templates).toHaveLength(5);
    });
  },
);

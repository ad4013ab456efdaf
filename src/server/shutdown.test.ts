import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../test/app.js';
import { TEST_DIALECTS } from '../../test/database.js';
import { publishAs, uniqueName } from '../../test/orders.js';
import { signIn } from '../../test/signin.js';
import { isDatabaseReady, openDatabase } from './db/database.js';
import { createShutdown } from './shutdown.js';

describe('graceful shutdown', () => {
  it('finishes in-flight requests, refuses new ones, closes the database, then exits 0', async () => {
    let release: () => void = () => {};
    let started: () => void = () => {};
    const requestStarted = new Promise<void>((resolve) => (started = resolve));
    const t = await startTestApp(
      'sqlite',
      {},
      {
        beforeListen: (app) => {
          app.get('/api/test-slow', async () => {
            started();
            await new Promise<void>((resolve) => (release = resolve));
            return { finished: true };
          });
        },
      },
    );
    const exits: number[] = [];
    const shutdown = createShutdown(t.app, { exit: (code) => exits.push(code) });

    const inFlight = fetch(`${t.url}/api/test-slow`);
    await requestStarted;
    const closed = shutdown('SIGTERM');
    // A second signal while closing changes nothing.
    void shutdown('SIGINT');

    await expect(fetch(`${t.url}/healthz`)).rejects.toThrow();
    release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ finished: true });
    await closed;
    expect(exits).toEqual([0]);
    expect(await isDatabaseReady(t.database.db)).toBe(false);
    await t.database.destroy();
  });
});

describe('draining before the close', () => {
  it('reports not ready at once and goes on serving until the drain is over', async () => {
    const t = await startTestApp('sqlite');
    const exits: number[] = [];
    const shutdown = createShutdown(t.app, { drainMs: 5000, exit: (code) => exits.push(code) });
    expect((await fetch(`${t.url}/readyz`)).status).toBe(200);
    const closed = shutdown('SIGTERM');
    const ready = await fetch(`${t.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { error: { code: string } }).error.code).toBe('shutting_down');
    // Still serving while the balancer notices: a request arriving now is answered.
    expect((await fetch(`${t.url}/api/templates`)).status).toBe(200);
    expect(exits).toEqual([]);
    await closed;
    expect(exits).toEqual([0]);
    await expect(fetch(`${t.url}/healthz`)).rejects.toThrow();
    await t.database.destroy();
  });
});

describe.each(TEST_DIALECTS)('closing the app on %s', (dialect) => {
  it('writes the views it counted before it closes the database', async () => {
    const t = await startTestApp(dialect);
    const username = uniqueName('bye');
    const owner = await signIn(t.url, { name: 'Last Flush', email: `${randomUUID()}@example.com` });
    await publishAs(t, owner, username);
    const view = await fetch(`${t.url}/users/${username}`, {
      headers: {
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
      },
    });
    expect(view.status).toBe(200);
    await view.arrayBuffer();

    // The counts are written every few seconds: this view is still in memory when the app closes.
    await t.app.close();
    const { db } = openDatabase({
      sqliteFile: t.database.sqliteFile,
      databaseUrl: t.database.databaseUrl,
    });
    try {
      const rows = await db
        .selectFrom('page_views')
        .select('views')
        .where('username', '=', username)
        .execute();
      expect(rows.reduce((sum, row) => sum + row.views, 0)).toBe(1);
    } finally {
      await db.destroy();
      await t.database.destroy();
    }
  });
});

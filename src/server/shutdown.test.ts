import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../test/app.js';
import { isDatabaseReady } from './db/database.js';
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

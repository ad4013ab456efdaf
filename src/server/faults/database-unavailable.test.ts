import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { CookieJar, signIn } from '../../../test/signin.js';
import { startTcpProxy, type TcpProxy } from '../../../test/tcp-proxy.js';
import { openDatabase } from '../db/database.js';
import { startAppOn, type RunningApp } from '../../../test/app.js';
import { getJson, postJson } from '../../../test/http.js';
import { orderBody } from '../../../test/orders.js';
import { pollUntil } from '../../../test/poll.js';

const MESSAGE =
  'Our database is not answering right now, so this could not be done. Please try again in a minute.';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** What people get while the database is away: a clear 503, and every page that needs no data. */
async function expectOutageBehaviour(t: RunningApp, jar: CookieJar, kind: 'read' | 'write') {
  const ready = await fetch(`${t.url}/readyz`);
  expect(ready.status).toBe(503);
  expect(ready.headers.get('retry-after')).toBe('30');
  expect((await ready.json()).error).toMatchObject({
    code: 'database_unavailable',
    message: 'The database is not answering.',
  });
  // Liveness is about the process, which is fine: no restart loop from the orchestrator.
  expect((await fetch(`${t.url}/healthz`)).status).toBe(200);

  // The builder's pages and static files need no database.
  for (const route of ['/', '/choose']) {
    const page = await fetch(`${t.url}${route}`, { headers: { accept: 'text/html' } });
    expect(page.status, route).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
  }
  // A template preview read its sample and price before: it is sent from memory.
  const preview = await fetch(`${t.url}/template1`);
  expect(preview.status).toBe(200);
  expect(await preview.text()).toContain('Back to templates');
  const shell = await (await fetch(`${t.url}/`)).text();
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(shell)?.[1];
  expect((await fetch(`${t.url}${script}`)).status).toBe(200);
  expect((await fetch(`${t.url}/favicon.svg`)).status).toBe(200);

  // A change answers 503 with a code for programs and a sentence for people.
  const order = await postJson(
    jar,
    t.url,
    '/create-order',
    orderBody(`o${randomUUID().slice(0, 8)}`, 'template1'),
  );
  expect(order.status).toBe(503);
  expect(order.headers.get('retry-after')).toBe('30');
  expect(order.body.error).toMatchObject({ code: 'database_unavailable', message: MESSAGE });
  expect(order.body.error.requestId).toEqual(expect.any(String));

  if (kind === 'read') {
    for (const path of ['/api/templates', '/api/me']) {
      const answer = await getJson(jar, `${t.url}${path}`);
      expect(answer.status, path).toBe(503);
      expect(answer.body.error, path).toMatchObject({
        code: 'database_unavailable',
        message: MESSAGE,
      });
    }
    // A page that needs data says so in a page, not in JSON.
    const signInPage = await fetch(`${t.url}/auth/login`, {
      headers: { accept: 'text/html' },
      redirect: 'manual',
    });
    expect(signInPage.status).toBe(503);
    expect(signInPage.headers.get('content-type')).toContain('text/html');
    expect(await signInPage.text()).toContain(MESSAGE);
  }
}

/** Back to normal without a restart: ready, the same session still signed in, orders taken. */
async function expectRecovered(t: RunningApp, jar: CookieJar, email: string) {
  await pollUntil(
    'ready again',
    async () => (await fetch(`${t.url}/readyz`)).status,
    (status) => status === 200,
  );
  const me = await getJson(jar, `${t.url}/api/me`);
  expect(me.status).toBe(200);
  expect(JSON.stringify(me.body)).toContain(email);
  const order = await postJson(
    jar,
    t.url,
    '/create-order',
    orderBody(`r${randomUUID().slice(0, 8)}`, 'template1'),
  );
  expect(order.status).toBe(200);
  expect(order.body.status).toBe('payment_required');
}

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL going away and coming back', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let t: RunningApp;

  const start = async () => {
    database = await createTestDatabase('postgres');
    cleanups.push(() => database.destroy());
    const target = new URL(database.databaseUrl!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    cleanups.push(() => proxy.close());
    // The app reaches PostgreSQL only through the proxy; the test keeps its own direct line.
    const viaProxy = new URL(database.databaseUrl!);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const { db } = openDatabase({ databaseUrl: viaProxy.toString() });
    t = await startAppOn(db, 'postgres', database.dataDir);
    cleanups.push(() => t.close());
  };

  it('answers 503 while it is gone, keeps serving pages, survives connections dying mid-query, and recovers by itself', async () => {
    await start();
    const email = `pg-${randomUUID()}@example.com`;
    const jar = await signIn(t.url, { name: 'Outage Person', email });
    expect((await fetch(`${t.url}/readyz`)).status).toBe(200);

    // A query under way when the link dies: the connection is checked out of the pool, which
    // is where an unhandled 'error' event would kill the process.
    proxy.hold();
    const inFlight = getJson(jar, `${t.url}/api/templates`);
    await pollUntil(
      'query sent',
      async () => proxy.heldBytes(),
      (bytes) => bytes > 0,
    );
    await proxy.cut();
    const answer = await inFlight;
    expect(answer.status).toBe(503);
    expect(answer.body.error.code).toBe('database_unavailable');

    await expectOutageBehaviour(t, jar, 'read');

    await proxy.restore();
    await expectRecovered(t, jar, email);
    // Nothing from the outage was half-stored: one order, the one made after recovery.
    const orders = await database.db.selectFrom('orders').select('status').execute();
    expect(orders).toEqual([{ status: 'created' }]);
  });
});

/**
 * SQLite is a file this process keeps open, so it cannot "go away" the way a server can: the
 * open descriptor survives the file being deleted or its directory becoming unreadable, and a
 * failing disk cannot be staged in a test. What does happen is another process (a `sqlite3`
 * shell left inside a transaction, a long import) holding the write lock past busy_timeout:
 * reads go on (WAL), every write fails. That is the case tested here.
 */
describe('SQLite locked by another process', () => {
  let locker: ChildProcess | undefined;

  const lockFile = async (file: string) => {
    locker = spawn(
      process.execPath,
      [
        '-e',
        `const db = require('better-sqlite3')(process.argv[1]);
         db.exec('begin immediate');
         process.stdout.write('locked\\n');
         process.stdin.once('data', () => { db.exec('rollback'); db.close(); process.exit(0); });`,
        file,
      ],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    const child = locker;
    cleanups.push(async () => {
      if (child.exitCode === null) {
        child.kill('SIGKILL');
        await new Promise((resolve) => child.once('exit', resolve));
      }
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout!.once('data', () => resolve());
      child.once('exit', (code) => reject(new Error(`the locking process exited with ${code}`)));
    });
  };
  const unlock = async () => {
    const child = locker!;
    child.stdin!.write('release\n');
    await new Promise((resolve) => child.once('exit', resolve));
  };

  it('answers 503 to writes while the lock is held elsewhere, keeps reads and pages, and recovers by itself', async () => {
    const database = await createTestDatabase('sqlite');
    cleanups.push(() => database.destroy());
    // A short busy_timeout keeps the test quick: better-sqlite3 waits for the lock synchronously.
    const { db } = openDatabase({ sqliteFile: database.sqliteFile!, busyTimeoutMs: 300 });
    const t = await startAppOn(db, 'sqlite', database.dataDir);
    cleanups.push(() => t.close());
    const email = `lite-${randomUUID()}@example.com`;
    const jar = await signIn(t.url, { name: 'Locked Out', email });
    expect((await fetch(`${t.url}/readyz`)).status).toBe(200);

    await lockFile(database.sqliteFile!);
    await expectOutageBehaviour(t, jar, 'write');
    // Reads still work in WAL mode: the templates and the signed-in person are still there.
    expect((await getJson(jar, `${t.url}/api/templates`)).status).toBe(200);
    expect((await getJson(jar, `${t.url}/api/me`)).status).toBe(200);

    await unlock();
    await expectRecovered(t, jar, email);
    const orders = await database.db.selectFrom('orders').select('status').execute();
    expect(orders).toEqual([{ status: 'created' }]);
  });
});

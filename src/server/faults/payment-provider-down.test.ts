import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/app.js';
import { createTestDatabase, TEST_DIALECTS } from '../../../test/database.js';
import { RAZORPAY_TEST_KEYS, razorpayEnv, startFakeRazorpay } from '../../../test/fake-razorpay.js';
import { startServerProcess } from '../../../test/server-process.js';
import { signIn, type CookieJar } from '../../../test/signin.js';
import { GatewayError } from '../payments/gateway.js';
import { RazorpayGateway } from '../payments/razorpay.gateway.js';
import { freePort } from '../../../test/free-port.js';
import { postJson } from '../../../test/http.js';
import { orderBody } from '../../../test/orders.js';
import { holdsOf } from '../../../test/store.js';
import { pollUntil } from '../../../test/poll.js';
import { useRazorpayApp } from '../../../test/razorpay-app.js';

const { keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET } = RAZORPAY_TEST_KEYS;

const UNREACHABLE =
  'The payment service could not be reached. Nothing was charged; please try again in a moment.';
const TROUBLE =
  'The payment service is having trouble. Nothing was charged; please try again in a moment.';

/** POST /create-order of `username` on template1, as this person, to the app at `url`. */
const createOrder = (jar: CookieJar, url: string, username: string) =>
  postJson(jar, url, '/create-order', orderBody(username, 'template1'));

describe.each(TEST_DIALECTS)('the payment provider failing, on %s', (dialect) => {
  const app = useRazorpayApp(dialect);

  const person = () =>
    signIn(app.t.url, { name: 'Paying Person', email: `pay-${randomUUID()}@example.com` });
  const name = () => `p${randomUUID().slice(0, 8)}`;
  const rowsFor = async (username: string) => ({
    holds: await holdsOf(app.t.database.db, username),
    orders: await app.t.database.db
      .selectFrom('orders')
      .select(['status', 'user_id'])
      .where('username', '=', username)
      .execute(),
    owners: await app.t.database.db
      .selectFrom('usernames')
      .selectAll()
      .where('username', '=', username)
      .execute(),
  });

  it.each([
    ['server_error', 'answers 503 with its error body', TROUBLE],
    ['bad_gateway', 'answers 502 with an HTML page', TROUBLE],
    ['drop', 'closes the connection without answering', UNREACHABLE],
  ] as const)(
    'explains when it %s (%s), holds nothing, and the next try goes through',
    async (mode, _how, message) => {
      const jar = await person();
      const username = name();
      app.fake.mode = mode;
      const before = app.fake.requests;
      const failed = await createOrder(jar, app.t.url, username);
      app.fake.mode = 'ok';
      // Tried three times (bounded back-off) before the person is told.
      expect(app.fake.requests).toBe(before + 3);
      expect(failed.status).toBe(502);
      expect(failed.body.error).toMatchObject({ code: 'payment_gateway', message });
      // The name is not held, and the order that could not be paid says so.
      const after = await rowsFor(username);
      expect(after.holds).toEqual([]);
      expect(after.orders.map((order) => order.status)).toEqual(['failed']);
      expect(after.owners).toEqual([]);

      // Trying again a moment later works, for this person or anyone else.
      const other = await person();
      const retried = await createOrder(other, app.t.url, username);
      expect(retried.status).toBe(200);
      expect(retried.body).toMatchObject({ status: 'payment_required', gateway: 'razorpay' });
    },
  );

  it('explains when nothing listens at its address, and holds nothing', async () => {
    const down = await startTestApp(dialect, razorpayEnv(`http://127.0.0.1:${await freePort()}`));
    try {
      const jar = await signIn(down.url, { name: 'Offline', email: 'offline@example.com' });
      const username = name();
      const failed = await createOrder(jar, down.url, username);
      expect(failed.status).toBe(502);
      expect(failed.body.error).toMatchObject({ code: 'payment_gateway', message: UNREACHABLE });
      const holds = await down.database.db.selectFrom('username_holds').selectAll().execute();
      expect(holds).toEqual([]);
    } finally {
      await down.close();
    }
  });

  it('holds the name only while the provider is being asked, and lets go when the call fails', async () => {
    const buyer = await person();
    const rival = await person();
    const username = name();
    app.fake.mode = 'hang';
    const pending = createOrder(buyer, app.t.url, username);
    await pollUntil(
      'the order reached the provider',
      async () => app.fake.hung(),
      (n) => n === 1,
    );
    app.fake.mode = 'ok';

    // Meanwhile the name is held for the buyer, for at most the 15-minute hold.
    const { holds, orders } = await rowsFor(username);
    expect(holds).toHaveLength(1);
    const minutes = (Date.parse(holds[0]!.expires_at) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
    expect(orders).toEqual([{ status: 'created', user_id: holds[0]!.user_id }]);
    expect((await createOrder(rival, app.t.url, username)).status).toBe(409);

    // The provider's connection dies, and so do the retries: the buyer is told, and the name is
    // free again at once.
    app.fake.mode = 'drop';
    app.fake.releaseHung();
    const failed = await pending;
    app.fake.mode = 'ok';
    expect(failed.status).toBe(502);
    expect(failed.body.error).toMatchObject({ code: 'payment_gateway', message: UNREACHABLE });
    expect((await rowsFor(username)).holds).toEqual([]);
    expect((await createOrder(rival, app.t.url, username)).status).toBe(200);
  });

  it('lets the hold of a process killed mid-order lapse after its 15 minutes, and no sooner', async () => {
    // Empty: the built server migrates it at start, as in production.
    const database = await createTestDatabase(dialect, { prepare: false });
    const spawnServer = (port?: number) =>
      startServerProcess({
        dataDir: database.dataDir,
        databaseUrl: database.databaseUrl,
        port,
        env: razorpayEnv(app.fake.url),
      });
    let server = await spawnServer();
    try {
      const buyer = await signIn(server.url, { name: 'Buyer', email: 'buyer@example.com' });
      const username = name();
      app.fake.mode = 'hang';
      const pending = createOrder(buyer, server.url, username).catch((error: unknown) => error);
      await pollUntil(
        'the order reached the provider',
        async () => app.fake.hung(),
        (n) => n === 1,
      );
      app.fake.mode = 'ok';
      // Killed while waiting for the provider: no code runs to let go of the name.
      await server.kill();
      await pending;
      app.fake.releaseHung();

      server = await spawnServer(server.port);
      const rival = await signIn(server.url, { name: 'Rival', email: 'rival@example.com' });
      const held = await createOrder(rival, server.url, username);
      expect(held.status).toBe(409);
      const [hold] = await holdsOf(database.db, username);
      const minutes = (Date.parse(hold!.expires_at) - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(14);
      expect(minutes).toBeLessThanOrEqual(15);

      // Fifteen minutes later (the stored expiry moved back rather than the test waiting).
      await database.db
        .updateTable('username_holds')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('username', '=', username)
        .execute();
      const later = await createOrder(rival, server.url, username);
      expect(later.status).toBe(200);
      expect(later.body.status).toBe('payment_required');
    } finally {
      await server.kill();
      await database.destroy();
    }
  }, 40_000);
});

describe('the Razorpay client', () => {
  it('gives up on a provider that accepts the request and never answers', async () => {
    const fake = await startFakeRazorpay();
    try {
      fake.mode = 'hang';
      // The production timeout is 10 s; the same code path with a short one.
      const gateway = new RazorpayGateway(KEY_ID, KEY_SECRET, WEBHOOK_SECRET, fake.url, 200);
      const attempt = gateway.createOrder({
        amount: 49900,
        currency: 'INR',
        receipt: 'r1',
        notes: {},
      });
      await expect(attempt).rejects.toBeInstanceOf(GatewayError);
      await expect(attempt).rejects.toThrow(
        'The payment service is not answering. Nothing was charged; please try again in a moment.',
      );
    } finally {
      await fake.close();
    }
  });
});

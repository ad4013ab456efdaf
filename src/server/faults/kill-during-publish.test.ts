import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../../test/database.js';
import { startServerProcess, type ServerProcess } from '../../../test/server-process.js';
import { signIn, type CookieJar } from '../../../test/signin.js';
import { TEMPLATE_IDS, type TemplateId } from '../../shared/templates/catalog.js';
import { postJson } from '../../../test/http.js';
import { orderBody } from '../../../test/orders.js';
import { inBatches } from '../../../test/poll.js';
import { loadConfig } from '../config.js';
import { PaymentReconciliation } from '../orders/reconciliation.worker.js';
import { BuiltinGateway } from '../payments/builtin-gateway.js';

/** Each person buys two templates: a person may hold at most 3 names while paying. */
const TEMPLATES_EACH = TEMPLATE_IDS.slice(0, 2);
const PEOPLE = 100;
const PUBLISHES = PEOPLE * TEMPLATES_EACH.length; // 200
/** The server is killed as soon as this many publishes have been answered with success. */
const KILL_AFTER = 50;

interface Flow {
  jar: CookieJar;
  email: string;
  templateId: TemplateId;
  username: string;
  /** The signed payment the checkout handed back. */
  payment?: Record<string, string>;
  verifySent: boolean;
  /** The success answer of /verify-payment, when one arrived. */
  publishedUrl?: string;
}

/**
 * Reads the whole store and checks that every order is either published completely (paid, the
 * username owned, the portfolio saved with the order's data for a year, one email queued) or
 * not at all (nothing of it anywhere). Returns the usernames that are published.
 */
async function expectNothingHalfWritten(database: TestDatabase): Promise<Set<string>> {
  const db = database.db;
  const [orders, usernames, portfolios, mails, holds, users] = await Promise.all([
    db.selectFrom('orders').selectAll().execute(),
    db.selectFrom('usernames').selectAll().execute(),
    db.selectFrom('portfolios').selectAll().execute(),
    db.selectFrom('email_outbox').selectAll().execute(),
    db.selectFrom('username_holds').selectAll().execute(),
    db.selectFrom('users').select(['id', 'email']).execute(),
  ]);
  const emailOf = new Map(users.map((user) => [user.id, user.email]));
  const yearFromNow = new Date(Date.now() + 360 * 24 * 60 * 60 * 1000).toISOString();
  const published = new Set<string>();

  for (const order of orders) {
    const owner = usernames.find((row) => row.username === order.username);
    const portfolio = portfolios.find(
      (row) => row.user_id === order.user_id && row.template_id === order.template_id,
    );
    const link = `/users/${order.username}`;
    const orderMails = mails.filter((mail) => mail.text_body.includes(`${link}\n`));
    if (order.status === 'paid') {
      published.add(order.username);
      expect(order.payment_id, order.username).toMatch(/^pay_test_/);
      expect(order.paid_at, order.username).toBeTruthy();
      expect(owner, order.username).toMatchObject({ user_id: order.user_id });
      expect(portfolio, order.username).toBeDefined();
      expect(owner!.portfolio_id, order.username).toBe(portfolio!.id);
      expect(JSON.parse(portfolio!.data), order.username).toEqual(JSON.parse(order.data));
      expect(portfolio!.paid_until > yearFromNow, order.username).toBe(true);
      expect(
        orderMails.map((mail) => mail.to_address),
        order.username,
      ).toEqual([emailOf.get(order.user_id)]);
      expect(holds.filter((hold) => hold.username === order.username)).toEqual([]);
    } else {
      // Never paid for: not a trace of it outside its own order row (and maybe its hold). The
      // order may already name the payment it was claimed for when the kill came mid-confirm.
      expect(['created', 'authorized', 'capture_failed', 'failed'], order.username).toContain(
        order.status,
      );
      if (order.payment_id !== null) expect(order.payment_id, order.username).toMatch(/^pay_test_/);
      expect(owner, order.username).toBeUndefined();
      expect(portfolio, order.username).toBeUndefined();
      expect(orderMails, order.username).toEqual([]);
    }
  }
  // Nothing exists that no paid order accounts for.
  expect(usernames).toHaveLength(published.size);
  expect(portfolios).toHaveLength(published.size);
  expect(mails).toHaveLength(published.size);
  return published;
}

describe.each(TEST_DIALECTS)('kill -9 while publishes are in flight, on %s', (dialect) => {
  let database: TestDatabase | undefined;
  let server: ServerProcess | undefined;
  afterEach(async () => {
    await server?.kill();
    await database?.destroy();
    server = undefined;
    database = undefined;
  });

  it(`keeps every publish answered with success and half-writes none of ${PUBLISHES}`, async () => {
    // Empty: the built server migrates it at start, as in production.
    database = await createTestDatabase(dialect, { prepare: false });
    const start = (port?: number) =>
      startServerProcess({
        dataDir: database!.dataDir,
        databaseUrl: database!.databaseUrl,
        port,
        // 200 orders from one address in seconds is a load test, not a person.
        env: { RATE_LIMITS: 'off' },
      });
    server = await start();
    const first = server;

    const people = await inBatches(PEOPLE, 8, async (index) => {
      const email = `crash-${index}@example.com`;
      return { email, jar: await signIn(first.url, { name: `Crash Person ${index}`, email }) };
    });
    const flows: Flow[] = people.flatMap(({ jar, email }, person) =>
      TEMPLATES_EACH.map((templateId) => ({
        jar,
        email,
        templateId,
        username: `crash-${person}-${templateId}`,
        verifySent: false,
      })),
    );

    // Every checkout paid, as the payment page leaves it: the signed payment in the browser.
    await inBatches(flows.length, 20, async (index) => {
      const flow = flows[index]!;
      const order = await postJson(
        flow.jar,
        first.url,
        '/create-order',
        orderBody(flow.username, flow.templateId),
      );
      expect(order.status, JSON.stringify(order.body)).toBe(200);
      const paid = await postJson(flow.jar, first.url, '/test-gateway/pay', {
        order_id: order.body.order_id,
      });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      flow.payment = paid.body;
    });

    // Then all 200 verifies, each of which publishes, at once; the server dies at the 50th
    // success, with the rest sent and unanswered.
    let answered = 0;
    let unansweredAtKill = -1;
    const verify = async (flow: Flow) => {
      flow.verifySent = true;
      const verified = await postJson(flow.jar, first.url, '/verify-payment', flow.payment);
      if (verified.status !== 200 || verified.body.status !== 'published') {
        throw new Error(`verify: ${verified.status} ${JSON.stringify(verified.body)}`);
      }
      flow.publishedUrl = verified.body.url;
      answered += 1;
      if (answered === KILL_AFTER) {
        // Synchronously, before any other answer is read.
        void first.kill();
        unansweredAtKill = flows.filter((f) => f.verifySent && !f.publishedUrl).length;
      }
    };
    const outcomes = await Promise.allSettled(flows.map(verify));
    await first.kill();

    const succeeded = flows.filter((flow) => flow.publishedUrl);
    expect(succeeded.length).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(unansweredAtKill).toBe(PUBLISHES - KILL_AFTER);
    // The only failures are the connection dying, never an error answer.
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') {
        expect(String(outcome.reason)).toMatch(/fetch failed|ECONNRESET|socket|terminated/i);
      }
    }

    server = await start(first.port);
    const published = await expectNothingHalfWritten(database);
    for (const flow of succeeded) expect(published.has(flow.username), flow.username).toBe(true);

    // The checkout still holds the payments whose answer was lost: for half of them the page
    // verifies again after the restart; the other half are never asked about again (the tab was
    // closed) and one pass of the reconciliation sweep settles them. Each is published exactly
    // once, each payment is captured once, and the store is whole again.
    const restarted = server;
    const unanswered = flows.filter((flow) => !flow.publishedUrl);
    const retriedByPage = unanswered.slice(0, Math.ceil(unanswered.length / 2));
    await inBatches(retriedByPage.length, 20, async (index) => {
      const flow = retriedByPage[index]!;
      const retried = await postJson(flow.jar, restarted.url, '/verify-payment', flow.payment);
      expect(retried.status, flow.username).toBe(200);
      expect(retried.body.status, flow.username).toBe('published');
    });
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: database.dataDir });
    const sweep = new PaymentReconciliation(
      {
        db: database.db,
        gateway: new BuiltinGateway('unused-for-settling', database.db),
        publicUrl: () => restarted.url,
        seller: config.seller,
      },
      pino({ level: 'silent' }),
    );
    // As a pass would run once the page's five minutes are over.
    await sweep.runOnce(new Date(Date.now() + 6 * 60_000));
    expect((await expectNothingHalfWritten(database)).size).toBe(PUBLISHES);
    const payments = await database.db.selectFrom('test_gateway_payments').selectAll().execute();
    expect(payments).toHaveLength(PUBLISHES);
    expect(payments.filter((payment) => payment.status !== 'captured')).toEqual([]);
    // Served by the restarted process from what survived.
    for (const flow of succeeded.slice(0, 10)) {
      const page = await fetch(`${restarted.url}/users/${flow.username}`);
      expect(page.status, flow.username).toBe(200);
    }
  }, 60_000);
});

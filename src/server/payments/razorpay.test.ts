import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/app.js';
import { RAZORPAY_TEST_KEYS, razorpayEnv } from '../../../test/fake-razorpay.js';
import { postJson } from '../../../test/http.js';
import { orderBody } from '../../../test/orders.js';
import { useRazorpayApp } from '../../../test/razorpay-app.js';
import { holdsOf, usernameRow } from '../../../test/store.js';
import { signIn, type CookieJar } from '../../../test/signin.js';
import { hmacHex, paymentSignature } from './signatures.js';

const { keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET } = RAZORPAY_TEST_KEYS;

describe('payments through Razorpay (a local peer speaking its API)', () => {
  const app = useRazorpayApp('sqlite');
  const post = (jar: CookieJar, path: string, body: unknown) =>
    postJson(jar, app.t.url, path, body);
  const person = () =>
    signIn(app.t.url, { name: 'Rz Person', email: `rz-${randomUUID()}@example.com` });

  it('creates the order at Razorpay with the server price, verifies the real signature and publishes', async () => {
    const jar = await person();
    const username = `rz${randomUUID().slice(0, 6)}`;
    const { status, body } = await post(jar, '/create-order', orderBody(username, 'template3'));
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: 'payment_required',
      gateway: 'razorpay',
      key_id: KEY_ID,
      amount: 79900,
      currency: 'INR',
    });
    expect(body.order_id).toMatch(/^order_/);
    expect(app.fake.orders.at(-1)).toMatchObject({
      amount: 79900,
      currency: 'INR',
      notes: { username, template: 'template3' },
    });
    expect(String(app.fake.orders.at(-1)!.receipt).length).toBeLessThanOrEqual(40);

    const paid = await app.fake.pay(body.order_id);
    expect(paid.razorpay_signature).toBe(
      paymentSignature(KEY_SECRET, body.order_id, paid.razorpay_payment_id),
    );
    const verified = await post(jar, '/verify-payment', paid);
    expect(verified.body).toMatchObject({
      status: 'published',
      url: `${app.t.url}/users/${username}`,
    });
    // The built-in test checkout does not exist when Razorpay takes the money.
    expect((await post(jar, '/test-gateway/pay', { order_id: body.order_id })).status).toBe(404);
  });

  it('publishes from a signed webhook when the person closed the tab after paying', async () => {
    const jar = await person();
    const username = `wh${randomUUID().slice(0, 6)}`;
    const { body: order } = await post(jar, '/create-order', orderBody(username, 'template3'));
    const paid = await app.fake.pay(order.order_id);
    const event = JSON.stringify({
      entity: 'event',
      event: 'order.paid',
      payload: {
        payment: {
          entity: { id: paid.razorpay_payment_id, order_id: order.order_id, status: 'captured' },
        },
        order: { entity: { id: order.order_id, status: 'paid' } },
      },
    });
    const response = await fetch(`${app.t.url}/webhooks/razorpay`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': hmacHex(WEBHOOK_SECRET, event),
        'x-razorpay-event-id': `evt_${randomUUID()}`,
      },
      body: event,
    });
    expect(response.status).toBe(200);
    const owner = await usernameRow(app.t.database.db, username);
    expect(owner).toBeDefined();
  });

  it.each([
    [
      'refuse',
      'The payment service refused the order: Order creation is disabled for this account',
    ],
    [
      'server_error',
      'The payment service is having trouble. Nothing was charged; please try again in a moment.',
    ],
  ] as const)('surfaces a %s from Razorpay and holds nothing', async (mode, message) => {
    app.fake.mode = mode;
    const jar = await person();
    const username = `er${randomUUID().slice(0, 6)}`;
    const { status, body } = await post(jar, '/create-order', orderBody(username, 'template3'));
    app.fake.mode = 'ok';
    expect(status).toBe(502);
    expect(body.error.message).toBe(message);
    expect(await holdsOf(app.t.database.db, username)).toEqual([]);
    // The name is free for the next person at once.
    expect(
      (await post(await person(), '/create-order', orderBody(username, 'template3'))).status,
    ).toBe(200);
  });

  it('explains when Razorpay cannot be reached', async () => {
    const down = await startTestApp('sqlite', razorpayEnv('http://127.0.0.1:9'));
    const jar = await signIn(down.url, { name: 'Offline', email: 'offline@example.com' });
    const response = await postJson(
      jar,
      down.url,
      '/create-order',
      orderBody('offline-name', 'template3'),
    );
    expect(response.status).toBe(502);
    expect(response.body.error.message).toBe(
      'The payment service could not be reached. Nothing was charged; please try again in a moment.',
    );
    expect(await down.database.db.selectFrom('username_holds').selectAll().execute()).toEqual([]);
    await down.close();
  });

  it('allows Razorpay checkout in the content security policy only when Razorpay is in use', async () => {
    const csp =
      (await fetch(`${app.t.url}/final-preview`)).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self' https://checkout.razorpay.com");
    expect(csp).toContain('https://api.razorpay.com');
  });
});

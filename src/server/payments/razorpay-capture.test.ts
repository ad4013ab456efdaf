import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { TEST_DIALECTS } from '../../../test/database.js';
import {
  RAZORPAY_TEST_KEYS,
  razorpayEnv,
  startFakeRazorpay,
  type FakeRazorpay,
} from '../../../test/fake-razorpay.js';
import { postJson } from '../../../test/http.js';
import { orderBody, uniqueName } from '../../../test/orders.js';
import { signIn, type CookieJar } from '../../../test/signin.js';
import { usernameRow } from '../../../test/store.js';
import { paymentSignature } from './signatures.js';

const { keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET } = RAZORPAY_TEST_KEYS;

describe.each(TEST_DIALECTS)('confirming and capturing payments on %s', (dialect) => {
  describe.each(['auto', 'manual'] as const)('on a %s-capture Razorpay account', (captureMode) => {
    let fake: FakeRazorpay;
    let t: TestApp;
    beforeAll(async () => {
      fake = await startFakeRazorpay();
      fake.captureMode = captureMode;
      fake.webhooks.secret = WEBHOOK_SECRET;
      t = await startTestApp(dialect, razorpayEnv(fake.url));
    });
    afterAll(async () => {
      await t.close();
      await fake.close();
    });

    const person = () =>
      signIn(t.url, { name: 'Capture Person', email: `cap-${randomUUID()}@example.com` });
    const newOrder = async (jar: CookieJar, username = uniqueName('cp')) => {
      const answer = await postJson(jar, t.url, '/create-order', orderBody(username, 'template3'));
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return { username, orderId: answer.body.order_id as string };
    };
    const orderRow = (orderId: string) =>
      t.database.db
        .selectFrom('orders')
        .selectAll()
        .where('gateway_order_id', '=', orderId)
        .executeTakeFirstOrThrow();
    const owner = (username: string) => usernameRow(t.database.db, username);
    const liveMails = async (username: string) =>
      (
        await t.database.db
          .selectFrom('email_outbox')
          .select('text_body')
          .where('subject', '=', 'Your portfolio is live')
          .execute()
      ).filter((mail) => mail.text_body.includes(`/users/${username}\n`)).length;
    const refundMails = async (username: string) =>
      (
        await t.database.db
          .selectFrom('email_outbox')
          .select('text_body')
          .where('subject', '=', 'A payment of yours is refunded')
          .execute()
      ).filter((mail) => mail.text_body.includes(`/users/${username} `)).length;

    it('publishes only once the payment is captured, capturing it when the account does not', async () => {
      const jar = await person();
      const { username, orderId } = await newOrder(jar);
      const paid = await fake.pay(orderId);
      const expectedState = captureMode === 'auto' ? 'captured' : 'authorized';
      expect(fake.payment(paid.razorpay_payment_id)!.status).toBe(expectedState);

      const verified = await postJson(jar, t.url, '/verify-payment', paid);
      expect(verified.body).toMatchObject({ status: 'published' });
      expect(fake.payment(paid.razorpay_payment_id)!.status).toBe('captured');
      expect(fake.calls).toContain(`GET /v1/payments/${paid.razorpay_payment_id}`);
      const captures = fake.calls.filter((c) => c.endsWith(`${paid.razorpay_payment_id}/capture`));
      expect(captures).toHaveLength(captureMode === 'auto' ? 0 : 1);
      expect((await orderRow(orderId)).status).toBe('paid');
      expect(await owner(username)).toBeDefined();
    });

    it('captures one payment when an order is paid twice and both are confirmed at once', async () => {
      const jar = await person();
      const { username, orderId } = await newOrder(jar);
      const first = await fake.pay(orderId, { deliver: false });
      const second = await fake.pay(orderId, { deliver: false });
      const answers = await Promise.all([
        postJson(jar, t.url, '/verify-payment', first),
        postJson(jar, t.url, '/verify-payment', second),
      ]);
      expect(answers.filter((answer) => answer.body.status === 'published')).not.toHaveLength(0);
      // The answer that lost the race may come before the order settles: the sweep finishes it.
      await t.app.jobs.paymentReconciliation.runOnce(new Date(Date.now() + 11 * 60_000));
      const states = [first, second].map((paid) => fake.payment(paid.razorpay_payment_id)!.status);
      // Our capture takes one; an auto-capture account took both, and the second is given back.
      expect(states.filter((state) => state === 'captured')).toHaveLength(1);
      expect(states.filter((state) => state === 'refunded')).toHaveLength(
        captureMode === 'auto' ? 1 : 0,
      );
      expect(await owner(username)).toBeDefined();
      expect(await refundMails(username)).toBe(captureMode === 'auto' ? 1 : 0);
      // Asked again, nothing more happens: one refund, one mail.
      await Promise.all([
        postJson(jar, t.url, '/verify-payment', first),
        postJson(jar, t.url, '/verify-payment', second),
      ]);
      await t.app.jobs.paymentReconciliation.runOnce(new Date(Date.now() + 22 * 60_000));
      const refunds = fake.calls.filter(
        (call) =>
          call.endsWith(`${first.razorpay_payment_id}/refund`) ||
          call.endsWith(`${second.razorpay_payment_id}/refund`),
      );
      expect(refunds).toHaveLength(captureMode === 'auto' ? 1 : 0);
      expect(await refundMails(username)).toBe(captureMode === 'auto' ? 1 : 0);
    });

    it('refuses a payment of another amount, and publishes nothing', async () => {
      const jar = await person();
      const { username, orderId } = await newOrder(jar);
      const paid = await fake.pay(orderId, { amount: 100 });
      const verified = await postJson(jar, t.url, '/verify-payment', paid);
      expect(verified.status).toBe(400);
      expect(verified.body.error).toMatchObject({ field: 'razorpay_payment_id' });
      expect(verified.body.error.message).toMatch(/not of the amount of this order/);
      expect(await owner(username)).toBeUndefined();
      expect((await orderRow(orderId)).status).toBe('created');
    });

    it('refuses a payment of another order signed for this one, and publishes nothing', async () => {
      const jar = await person();
      const { username, orderId } = await newOrder(jar);
      const other = await newOrder(await person());
      const paidOther = await fake.pay(other.orderId, { deliver: false });
      // Signed as if it paid our order: the signature holds, the provider's record does not.
      const forged = {
        razorpay_order_id: orderId,
        razorpay_payment_id: paidOther.razorpay_payment_id,
        razorpay_signature: paymentSignature(KEY_SECRET, orderId, paidOther.razorpay_payment_id),
      };
      const verified = await postJson(jar, t.url, '/verify-payment', forged);
      expect(verified.status).toBe(400);
      expect(verified.body.error.message).toMatch(/belongs to another order/);
      expect(await owner(username)).toBeUndefined();
    });

    it('keeps a payment the provider could not confirm, tells the person, and the next verify publishes', async () => {
      const jar = await person();
      const { username, orderId } = await newOrder(jar);
      const paid = await fake.pay(orderId, { deliver: false });
      fake.failNext(3, 503, '/v1/payments/');
      const first = await postJson(jar, t.url, '/verify-payment', paid);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ status: 'confirming' });
      expect(first.body.message).toMatch(/received and being confirmed/);
      const waiting = await orderRow(orderId);
      expect(waiting).toMatchObject({ status: 'authorized', payment_id: paid.razorpay_payment_id });
      expect(waiting.status_message).toMatch(/503/);
      expect(await owner(username)).toBeUndefined();

      const again = await postJson(jar, t.url, '/verify-payment', paid);
      expect(again.body).toMatchObject({ status: 'published' });
      expect((await orderRow(orderId)).status_message).toBeNull();
    });

    it('stops retrying a waiting payment that turns out to be of another amount, and the order is payable again', async () => {
      const jar = await person();
      const { username, orderId } = await newOrder(jar);
      const paid = await fake.pay(orderId, { amount: 100, deliver: false });
      fake.failNext(3, 503, '/v1/payments/');
      expect((await postJson(jar, t.url, '/verify-payment', paid)).body).toMatchObject({
        status: 'confirming',
      });
      expect((await orderRow(orderId)).status).toBe('authorized');

      await t.app.jobs.paymentReconciliation.runOnce(new Date(Date.now() + 120_000));
      const row = await orderRow(orderId);
      expect(row).toMatchObject({ status: 'created', payment_id: null });
      expect(row.status_message).toMatch(/not of the amount of this order/);
      expect(await owner(username)).toBeUndefined();
      // Never captured by us (an auto-capture account captures it on its own; Razorpay refunds it).
      expect(fake.calls).not.toContain(`POST /v1/payments/${paid.razorpay_payment_id}/capture`);
      // Paying properly afterwards publishes.
      const good = await fake.pay(orderId, { deliver: false });
      expect((await postJson(jar, t.url, '/verify-payment', good)).body).toMatchObject({
        status: 'published',
      });
    });

    it.runIf(captureMode === 'manual')(
      'leaves a refused capture unpublished with its reason, and the periodic retry captures and publishes it',
      async () => {
        const jar = await person();
        const { username, orderId } = await newOrder(jar);
        const paid = await fake.pay(orderId, { deliver: false });
        fake.refuseCaptures = 1;
        const first = await postJson(jar, t.url, '/verify-payment', paid);
        expect(first.body).toMatchObject({ status: 'confirming' });
        const row = await orderRow(orderId);
        expect(row.status).toBe('capture_failed');
        expect(row.status_message).toMatch(/Capture is not allowed/);
        expect(await owner(username)).toBeUndefined();

        // A pass right after the refusal leaves it alone: it is tried again a minute later.
        await t.app.jobs.paymentReconciliation.runOnce();
        expect((await orderRow(orderId)).status).toBe('capture_failed');
        expect(
          fake.calls.filter((call) => call.endsWith(`${paid.razorpay_payment_id}/capture`)),
        ).toHaveLength(1);
        await t.app.jobs.paymentReconciliation.runOnce(new Date(Date.now() + 120_000));
        expect((await orderRow(orderId)).status).toBe('paid');
        expect(fake.payment(paid.razorpay_payment_id)!.status).toBe('captured');
        expect(await owner(username)).toBeDefined();
      },
    );

    it('retries a 429 on order creation and on capture, and goes through', async () => {
      const jar = await person();
      fake.failNext(1, 429, '/v1/orders');
      const { username, orderId } = await newOrder(jar);
      const paid = await fake.pay(orderId, { deliver: false });
      fake.failNext(1, 429, '/capture');
      fake.failNext(1, 429, '/v1/payments/');
      const verified = await postJson(jar, t.url, '/verify-payment', paid);
      expect(verified.body).toMatchObject({ status: 'published' });
      expect(await owner(username)).toBeDefined();
    });

    it('publishes exactly once from webhooks delivered twice and newest first', async () => {
      const jar = await person();
      const { username, orderId } = await newOrder(jar);
      fake.webhooks.url = `${t.url}/webhooks/razorpay`;
      fake.webhooks.duplicate = true;
      fake.webhooks.reverse = true;
      const before = fake.webhooks.delivered.length;
      try {
        // Nobody calls verify: the person closed the tab after paying.
        const paid = await fake.pay(orderId);
        const delivered = fake.webhooks.delivered.slice(before);
        expect(delivered.every((d) => d.status === 200)).toBe(true);
        if (captureMode === 'auto') {
          expect(delivered.map((d) => d.event)).toEqual([
            'order.paid',
            'payment.captured',
            'payment.authorized',
            'order.paid',
            'payment.captured',
            'payment.authorized',
          ]);
        }
        expect((await orderRow(orderId)).status).toBe('paid');
        expect(fake.payment(paid.razorpay_payment_id)!.status).toBe('captured');
        expect(await owner(username)).toBeDefined();
        expect(await liveMails(username)).toBe(1);
      } finally {
        fake.webhooks.url = undefined;
        fake.webhooks.duplicate = false;
        fake.webhooks.reverse = false;
      }
    });

    it('settles the redirect flow of in-app browsers: the signed form publishes and sends the person to /ack', async () => {
      const jar = await person();
      const { username, orderId } = await newOrder(jar);
      const paid = await fake.pay(orderId, { deliver: false });
      // From Razorpay's page: no cookie, another origin, a form.
      const post = (form: Record<string, string>) =>
        fetch(`${t.url}/payments/callback`, {
          method: 'POST',
          redirect: 'manual',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            origin: 'https://api.razorpay.com',
          },
          body: new URLSearchParams(form),
        });

      const forged = await post({ ...paid, razorpay_signature: 'f'.repeat(64) });
      expect(forged.status).toBe(303);
      expect(forged.headers.get('location')).toBe('/final-preview?payment_error=unverified');
      expect(await owner(username)).toBeUndefined();

      const failed = await post({
        'error[code]': 'BAD_REQUEST_ERROR',
        'error[description]': 'Payment failed',
        'error[metadata]': JSON.stringify({ order_id: orderId }),
      });
      expect(failed.status).toBe(303);
      const back = new URL(failed.headers.get('location')!, t.url);
      expect(back.pathname).toBe('/final-preview');
      // A code the page words itself: the provider's text never reaches our page.
      expect(back.searchParams.get('payment_error')).toBe('failed');

      const answer = await post({ ...paid });
      expect(answer.status).toBe(303);
      const ack = new URL(answer.headers.get('location')!, t.url);
      expect(ack.pathname).toBe('/ack');
      expect(ack.searchParams.get('url')).toBe(`${t.url}/users/${username}`);
      // The address and our order id (its receipt line asks the server, as the buyer): no email.
      expect([...ack.searchParams.keys()]).toEqual(['url', 'order']);
      expect(ack.searchParams.get('order')).toMatch(/^[0-9a-f-]{36}$/);
      expect(await owner(username)).toBeDefined();
      expect((await fetch(`${t.url}/users/${username}`)).status).toBe(200);
    });
  });
});

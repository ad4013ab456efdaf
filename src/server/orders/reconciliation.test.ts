import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { TEST_DIALECTS } from '../../../test/database.js';
import { RAZORPAY_TEST_KEYS, type SignedPayment } from '../../../test/fake-razorpay.js';
import { getJson, postJson } from '../../../test/http.js';
import { createOrderFor, orderBody, uniqueName } from '../../../test/orders.js';
import { useRazorpayApp } from '../../../test/razorpay-app.js';
import { signIn, type CookieJar } from '../../../test/signin.js';
import { mailsTo, usernameRow } from '../../../test/store.js';
import { DAY_MS } from '../../shared/domain/time.js';
import { RazorpayGateway } from '../payments/razorpay.gateway.js';
import { PaymentReconciliation } from './reconciliation.worker.js';

const MINUTE_MS = 60_000;
const later = (ms: number) => new Date(Date.now() + ms);

describe.each(TEST_DIALECTS)('reconciling payments on %s', (dialect) => {
  describe.each(['auto', 'manual'] as const)(
    'with a %s-capture Razorpay account',
    (captureMode) => {
      const r = useRazorpayApp(dialect);
      const setUp = () => {
        r.fake.captureMode = captureMode;
      };

      const buyer = async () => {
        const email = `rec-${randomUUID()}@example.com`;
        return { email, jar: await signIn(r.t.url, { name: 'Sweep Buyer', email }) };
      };
      const order = async (
        jar: CookieJar,
        username = uniqueName('rc'),
        templateId = 'template3',
      ) => {
        const answer = await postJson(
          jar,
          r.t.url,
          '/create-order',
          orderBody(username, templateId as 'template3'),
        );
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        return { username, gatewayOrderId: answer.body.order_id as string };
      };
      const orderRow = (gatewayOrderId: string) =>
        r.t.database.db
          .selectFrom('orders')
          .selectAll()
          .where('gateway_order_id', '=', gatewayOrderId)
          .executeTakeFirstOrThrow();
      /** Captures at the provider itself, as our capture call does before a crash cuts it short. */
      const captureAtProvider = async (paid: SignedPayment) => {
        const payment = r.fake.payment(paid.razorpay_payment_id)!;
        if (payment.status === 'captured') return;
        const { keyId, keySecret } = RAZORPAY_TEST_KEYS;
        const gateway = new RazorpayGateway(keyId, keySecret, '', r.fake.url);
        await gateway.capturePayment(payment.id, payment.amount, payment.currency);
      };
      const money = (paid: SignedPayment) => {
        const payment = r.fake.payment(paid.razorpay_payment_id)!;
        return payment.status === 'captured' ? payment.amount - payment.amount_refunded : 0;
      };
      const sweep = (at: Date) => r.t.app.jobs.paymentReconciliation.runOnce(at);

      it('settles every order a crash left between payment and publish, once, with one mail each', async () => {
        setUp();
        const cases: { email: string; jar: CookieJar; username: string; paid: SignedPayment }[] =
          [];
        for (let i = 0; i < 9; i += 1) {
          const { email, jar } = await buyer();
          const { username, gatewayOrderId } = await order(jar);
          const paid = await r.fake.pay(gatewayOrderId, { deliver: false });
          if (i % 3 === 1) {
            // Claimed and captured by us, then the process died before the publish committed.
            await r.t.database.db
              .updateTable('orders')
              .set({ payment_id: paid.razorpay_payment_id })
              .where('gateway_order_id', '=', gatewayOrderId)
              .execute();
            await captureAtProvider(paid);
          }
          if (i % 3 === 2) await captureAtProvider(paid);
          cases.push({ email, jar, username, paid });
        }
        // Too soon: the page's verify and the webhook get their five minutes first.
        expect(await sweep(later(MINUTE_MS))).toMatchObject({ settled: 0 });
        await sweep(later(6 * MINUTE_MS));

        for (const { email, username, paid } of cases) {
          const row = await orderRow(paid.razorpay_order_id);
          expect(row).toMatchObject({ status: 'paid', payment_id: paid.razorpay_payment_id });
          expect(await usernameRow(r.t.database.db, username)).toBeDefined();
          expect(money(paid)).toBe(row.amount_paise);
          expect(await mailsTo(r.t.database.db, email, 'Your portfolio is live')).toHaveLength(1);
        }
        // Another pass, and the page's late verify, change nothing: charged once, mailed once.
        await sweep(later(20 * MINUTE_MS));
        for (const { email, jar, paid } of cases) {
          const again = await postJson(jar, r.t.url, '/verify-payment', paid);
          expect(again.body).toMatchObject({ status: 'published' });
          expect(await mailsTo(r.t.database.db, email, 'Your portfolio is live')).toHaveLength(1);
          const captures = r.fake.calls.filter((call) =>
            call.endsWith(`${paid.razorpay_payment_id}/capture`),
          );
          expect(captures.length).toBeLessThanOrEqual(1);
        }
        expect(r.fake.calls.filter((call) => call.endsWith('/refund'))).toHaveLength(0);
      });

      it('publishes with one payment of an order paid twice and gives the other back, mailed', async () => {
        setUp();
        const { email, jar } = await buyer();
        const { username, gatewayOrderId } = await order(jar);
        const first = await r.fake.pay(gatewayOrderId, { deliver: false });
        const second = await r.fake.pay(gatewayOrderId, { deliver: false });
        await sweep(later(6 * MINUTE_MS));

        const row = await orderRow(gatewayOrderId);
        expect(row.status).toBe('paid');
        expect(await usernameRow(r.t.database.db, username)).toBeDefined();
        // Charged once in the end: one payment kept, the other given back (or never captured).
        expect(money(first) + money(second)).toBe(row.amount_paise);
        const refunded = await mailsTo(r.t.database.db, email, 'A payment of yours is refunded');
        expect(refunded).toHaveLength(captureMode === 'auto' ? 1 : 0);
        if (captureMode === 'auto') {
          expect(refunded[0]!.text_body).toContain('was paid twice');
          expect(r.fake.payment(second.razorpay_payment_id)!.status).toBe('refunded');
        }
        // The page's verify of the second payment afterwards answers for the page, charging nothing.
        const late = await postJson(jar, r.t.url, '/verify-payment', second);
        expect(late.body).toMatchObject({ status: 'published' });
        expect(money(first) + money(second)).toBe(row.amount_paise);
        expect(
          await mailsTo(r.t.database.db, email, 'A payment of yours is refunded'),
        ).toHaveLength(captureMode === 'auto' ? 1 : 0);
      });

      it('gives back a second payment of an order its page verified with the first', async () => {
        setUp();
        const { email, jar } = await buyer();
        const { gatewayOrderId } = await order(jar);
        // Paid in one tab whose answer never came back, then again in another that published.
        const lost = await r.fake.pay(gatewayOrderId, { deliver: false });
        if (captureMode === 'manual') await captureAtProvider(lost);
        const kept = await r.fake.pay(gatewayOrderId, { deliver: false });
        const verified = await postJson(jar, r.t.url, '/verify-payment', kept);
        expect(verified.body).toMatchObject({ status: 'published' });
        await sweep(later(15 * MINUTE_MS));
        const row = await orderRow(gatewayOrderId);
        expect(row).toMatchObject({ status: 'paid', payment_id: kept.razorpay_payment_id });
        expect(money(lost)).toBe(0);
        expect(money(kept)).toBe(row.amount_paise);
        expect(
          await mailsTo(r.t.database.db, email, 'A payment of yours is refunded'),
        ).toHaveLength(1);
        // Asked about once after settling, not every pass.
        await sweep(later(30 * MINUTE_MS));
        const asked = r.fake.calls.filter(
          (call) => call === `GET /v1/orders/${gatewayOrderId}/payments`,
        );
        expect(asked).toHaveLength(1);
      });

      it('never lets a second payment that could not be fetched take the place of the first', async () => {
        setUp();
        const { jar } = await buyer();
        const { gatewayOrderId } = await order(jar);
        const first = await r.fake.pay(gatewayOrderId, { deliver: false });
        // The first was claimed and captured, then the process died before publishing.
        await r.t.database.db
          .updateTable('orders')
          .set({ payment_id: first.razorpay_payment_id })
          .where('gateway_order_id', '=', gatewayOrderId)
          .execute();
        await captureAtProvider(first);
        const second = await r.fake.pay(gatewayOrderId, { deliver: false });
        r.fake.failNext(3, 503, `/v1/payments/${second.razorpay_payment_id}`);
        const answer = await postJson(jar, r.t.url, '/verify-payment', second);
        expect(answer.status).toBe(400);
        expect((await orderRow(gatewayOrderId)).payment_id).toBe(first.razorpay_payment_id);
        await sweep(later(15 * MINUTE_MS));
        await sweep(later(30 * MINUTE_MS));
        const row = await orderRow(gatewayOrderId);
        expect(row).toMatchObject({ status: 'paid', payment_id: first.razorpay_payment_id });
        expect(money(first)).toBe(row.amount_paise);
        expect(money(second)).toBe(0);
      });

      it('finishes a refund whose answer was lost: no second refund, one mail', async () => {
        setUp();
        const { email, jar } = await buyer();
        const { gatewayOrderId } = await order(jar);
        const kept = await r.fake.pay(gatewayOrderId, { deliver: false });
        expect((await postJson(jar, r.t.url, '/verify-payment', kept)).body).toMatchObject({
          status: 'published',
        });
        const extra = await r.fake.pay(gatewayOrderId, { deliver: false });
        await captureAtProvider(extra);
        // Marked to be refunded, and refunded at the provider, then the process died before it
        // could record the refund.
        const row = await orderRow(gatewayOrderId);
        const stamp = new Date().toISOString();
        await r.t.database.db
          .insertInto('extra_payments')
          .values({
            payment_id: extra.razorpay_payment_id,
            order_id: row.id,
            gateway: row.gateway,
            reason: 'duplicate',
            status: 'pending',
            amount_paise: null,
            refund_id: null,
            detail: null,
            created_at: stamp,
            updated_at: stamp,
          })
          .execute();
        const { keyId, keySecret } = RAZORPAY_TEST_KEYS;
        await new RazorpayGateway(keyId, keySecret, '', r.fake.url).refundPayment(
          extra.razorpay_payment_id,
        );
        const refundCalls = () =>
          r.fake.calls.filter((call) => call.endsWith(`${extra.razorpay_payment_id}/refund`));
        expect(refundCalls()).toHaveLength(1);

        await sweep(later(15 * MINUTE_MS));
        await sweep(later(30 * MINUTE_MS));
        expect(refundCalls()).toHaveLength(1);
        const closed = await r.t.database.db
          .selectFrom('extra_payments')
          .selectAll()
          .where('payment_id', '=', extra.razorpay_payment_id)
          .executeTakeFirstOrThrow();
        expect(closed).toMatchObject({ status: 'refunded', amount_paise: row.amount_paise });
        expect(
          await mailsTo(r.t.database.db, email, 'A payment of yours is refunded'),
        ).toHaveLength(1);
      });

      it('charges once in the end a buyer who paid again after a lost answer', async () => {
        setUp();
        const { email, jar } = await buyer();
        const { username, gatewayOrderId: lost } = await order(jar);
        // The first payment went through, but its answer never reached the page.
        const first = await r.fake.pay(lost, { deliver: false });
        if (captureMode === 'manual') await captureAtProvider(first);
        // So the buyer ordered and paid again, and that one published.
        const again = await order(jar, username);
        const second = await r.fake.pay(again.gatewayOrderId, { deliver: false });
        const verified = await postJson(jar, r.t.url, '/verify-payment', second);
        expect(verified.body).toMatchObject({ status: 'published' });
        const { paid_until: paidUntil } = await r.t.database.db
          .selectFrom('portfolios')
          .innerJoin('usernames', 'usernames.portfolio_id', 'portfolios.id')
          .select('portfolios.paid_until')
          .where('usernames.username', '=', username)
          .executeTakeFirstOrThrow();

        await sweep(later(6 * MINUTE_MS));
        const firstRow = await orderRow(lost);
        expect(firstRow.status).toBe('failed');
        expect(money(first)).toBe(0);
        expect(money(second)).toBe(firstRow.amount_paise);
        const term = await r.t.database.db
          .selectFrom('portfolios')
          .innerJoin('usernames', 'usernames.portfolio_id', 'portfolios.id')
          .select('portfolios.paid_until')
          .where('usernames.username', '=', username)
          .executeTakeFirstOrThrow();
        // One year, not two.
        expect(term.paid_until).toBe(paidUntil);
        const mails = await mailsTo(r.t.database.db, email, 'A payment of yours is refunded');
        expect(mails).toHaveLength(1);
        expect(mails[0]!.text_body).toContain('You paid again');
        // The trail: the refund is on record against the first order.
        const trail = await r.t.database.db
          .selectFrom('extra_payments')
          .selectAll()
          .where('order_id', '=', firstRow.id)
          .executeTakeFirstOrThrow();
        expect(trail).toMatchObject({ reason: 'superseded', status: 'refunded' });
        expect(trail.refund_id).toMatch(/^rfnd_/);
        // And the account page lists it with the page's receipts.
        const account = await getJson(jar, `${r.t.url}/api/account`);
        const pages = account.body.portfolios as {
          username: string;
          refundedPayments: unknown[];
        }[];
        expect(pages.find((page) => page.username === username)?.refundedPayments).toEqual([
          expect.objectContaining({
            paymentId: first.razorpay_payment_id,
            amountPaise: firstRow.amount_paise,
            reason: 'superseded',
          }),
        ]);
      });

      it('closes an order nobody paid after a day and frees its name', async () => {
        setUp();
        const { jar } = await buyer();
        const { username, gatewayOrderId } = await order(jar);
        await sweep(later(6 * MINUTE_MS));
        expect(await orderRow(gatewayOrderId)).toMatchObject({ status: 'created' });
        expect(r.fake.calls).toContain(`GET /v1/orders/${gatewayOrderId}/payments`);
        await sweep(later(DAY_MS + 2 * 60 * MINUTE_MS));
        const row = await orderRow(gatewayOrderId);
        expect(row.status).toBe('failed');
        expect(row.status_message).toMatch(/No payment arrived/);
        const holds = await r.t.database.db
          .selectFrom('username_holds')
          .select('username')
          .where('username', '=', username)
          .execute();
        expect(holds).toHaveLength(0);
        // A payment that still arrives for it is given back, not kept.
        const paid = await r.fake.pay(gatewayOrderId, { deliver: false });
        const late = await postJson(jar, r.t.url, '/verify-payment', paid);
        expect(late.status).toBe(400);
        expect(late.body.error.message).toMatch(/closed before the payment arrived/);
        if (captureMode === 'auto') expect(money(paid)).toBe(0);
        else expect(r.fake.payment(paid.razorpay_payment_id)!.status).toBe('authorized');
      });

      it('settles once when several processes sweep at the same moment', async () => {
        setUp();
        const orders: SignedPayment[] = [];
        for (let i = 0; i < 6; i += 1) {
          const { jar } = await buyer();
          const { gatewayOrderId } = await order(jar);
          orders.push(await r.fake.pay(gatewayOrderId, { deliver: false }));
        }
        const { keyId, keySecret } = RAZORPAY_TEST_KEYS;
        const ctx = {
          db: r.t.database.db,
          gateway: new RazorpayGateway(keyId, keySecret, '', r.fake.url),
          publicUrl: () => r.t.url,
          seller: r.t.config.seller,
        };
        const at = later(6 * MINUTE_MS);
        const others = [1, 2, 3].map(() => new PaymentReconciliation(ctx, r.t.app.log));
        await Promise.all([sweep(at), ...others.map((job) => job.runOnce(at))]);
        for (const paid of orders) {
          expect((await orderRow(paid.razorpay_order_id)).status).toBe('paid');
          const asked = r.fake.calls.filter(
            (call) => call === `GET /v1/orders/${paid.razorpay_order_id}/payments`,
          );
          expect(asked).toHaveLength(1);
          const captures = r.fake.calls.filter((call) =>
            call.endsWith(`${paid.razorpay_payment_id}/capture`),
          );
          expect(captures).toHaveLength(captureMode === 'auto' ? 0 : 1);
        }
      });
    },
  );

  describe('with the built-in gateway', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(async () => {
      await t.close();
    });

    it('captures and publishes a payment whose answer never arrived, from its own records', async () => {
      const email = `rec-${randomUUID()}@example.com`;
      const jar = await signIn(t.url, { name: 'Built-in Buyer', email });
      const gatewayOrderId = await createOrderFor(t, jar);
      const paid = await postJson(jar, t.url, '/test-gateway/pay', { order_id: gatewayOrderId });
      expect(paid.status).toBe(200);
      await t.app.jobs.paymentReconciliation.runOnce(later(6 * MINUTE_MS));
      const row = await t.database.db
        .selectFrom('orders')
        .select(['status', 'payment_id'])
        .where('gateway_order_id', '=', gatewayOrderId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'paid', payment_id: paid.body.razorpay_payment_id });
      const payment = await t.database.db
        .selectFrom('test_gateway_payments')
        .select('status')
        .where('id', '=', paid.body.razorpay_payment_id as string)
        .executeTakeFirstOrThrow();
      expect(payment.status).toBe('captured');
      expect(await mailsTo(t.database.db, email, 'Your portfolio is live')).toHaveLength(1);
    });
  });
});

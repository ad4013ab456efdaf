import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../../test/database.js';
import { startFakeRazorpay, type FakeRazorpay } from '../../../test/fake-razorpay.js';
import { BuiltinGateway } from './builtin-gateway.js';
import { GatewayError, type PaymentGateway } from './gateway.js';
import { RazorpayGateway } from './razorpay.gateway.js';

const KEY_ID = 'rzp_test_refunds';
const KEY_SECRET = 'refunds-key-secret';

/**
 * Capture and refund as both gateways implement them: only a captured payment is refunded, in
 * part or in full, and a second capture is read as "already captured".
 */
describe.each(TEST_DIALECTS)('capturing and refunding on %s', (dialect) => {
  let fake: FakeRazorpay;
  let database: TestDatabase;
  let gateways: {
    name: string;
    gateway: PaymentGateway;
    pay: (orderId: string) => Promise<string>;
  }[];
  beforeAll(async () => {
    fake = await startFakeRazorpay(KEY_ID, KEY_SECRET);
    fake.captureMode = 'manual';
    database = await createTestDatabase(dialect);
    const builtin = new BuiltinGateway('a session secret of enough length for tests', database.db);
    gateways = [
      {
        name: 'Razorpay',
        gateway: new RazorpayGateway(KEY_ID, KEY_SECRET, 'webhook-secret', fake.url),
        pay: async (orderId) => (await fake.pay(orderId)).razorpay_payment_id,
      },
      {
        name: 'the built-in gateway',
        gateway: builtin,
        pay: async (orderId) =>
          (await builtin.authorizePayment({ id: orderId, amount: 50000, currency: 'INR' })).id,
      },
    ];
  });
  afterAll(async () => {
    await database.destroy();
    await fake.close();
  });

  it.each(['Razorpay', 'the built-in gateway'])(
    '%s refunds only captured payments, in part and then the rest',
    async (name) => {
      const index = gateways.findIndex((g) => g.name === name);
      const { gateway, pay } = gateways[index]!;
      const order = await gateway.createOrder({
        amount: 50000,
        currency: 'INR',
        receipt: 'refund-test',
        notes: { purpose: 'refund test' },
      });
      const paymentId = await pay(order.id);
      expect((await gateway.fetchPayment(paymentId)).status).toBe('authorized');
      await expect(gateway.refundPayment(paymentId)).rejects.toBeInstanceOf(GatewayError);
      await expect(gateway.capturePayment(paymentId, 49900, 'INR')).rejects.toBeInstanceOf(
        GatewayError,
      );

      expect(await gateway.capturePayment(paymentId, 50000, 'INR')).toMatchObject({
        status: 'captured',
        orderId: order.id,
        amount: 50000,
      });
      // A second capture (a webhook racing the page) is answered with the captured payment.
      expect((await gateway.capturePayment(paymentId, 50000, 'INR')).status).toBe('captured');

      expect(await gateway.refundPayment(paymentId, 10000)).toMatchObject({ amount: 10000 });
      expect((await gateway.fetchPayment(paymentId)).status).toBe('captured');
      if (index === 0) {
        expect(fake.payment(paymentId)).toMatchObject({
          refund_status: 'partial',
          amount_refunded: 10000,
        });
      }
      const refund = await gateway.refundPayment(paymentId);
      expect(refund).toMatchObject({ paymentId, amount: 40000 });
      expect((await gateway.fetchPayment(paymentId)).status).toBe('refunded');
      await expect(gateway.refundPayment(paymentId)).rejects.toBeInstanceOf(GatewayError);
    },
  );

  it('refuses orders that break Razorpay rules, with the field named', async () => {
    const razorpay = gateways[0]!.gateway;
    const tooMany = Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`n${i}`, 'x']));
    await expect(
      razorpay.createOrder({ amount: 50000, currency: 'INR', receipt: 'r', notes: tooMany }),
    ).rejects.toThrow(/notes/);
    await expect(
      razorpay.createOrder({ amount: 50000, currency: 'USD', receipt: 'r', notes: {} }),
    ).rejects.toThrow(/currency/);
    await expect(
      razorpay.createOrder({
        amount: 50000,
        currency: 'INR',
        receipt: 'r',
        notes: { long: 'x'.repeat(257) },
      }),
    ).rejects.toThrow(/notes/);
  });
});

import { createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../db/database.js';
import {
  GatewayError,
  type GatewayOrder,
  type GatewayPayment,
  type GatewayRefund,
  type PaymentGateway,
} from './gateway.js';
import {
  findBuiltinGatewayPayment,
  findBuiltinGatewayPaymentsOf,
  insertBuiltinGatewayPayment,
  moveBuiltinGatewayPayment,
  type BuiltinGatewayPaymentRow,
} from './builtin-gateway-payments.repository.js';

const asPayment = (row: BuiltinGatewayPaymentRow): GatewayPayment => ({
  id: row.id,
  orderId: row.gateway_order_id,
  amount: row.amount,
  currency: row.currency,
  status: row.status,
});

/**
 * The built-in gateway, used when no Razorpay keys are set: the same contract and signatures as
 * Razorpay, with secrets derived from SESSION_SECRET; its checkout is the builder's "Test payment"
 * dialog and no money moves. Its payments are kept in the database and behave as on a
 * manual-capture Razorpay account: authorized by the checkout, captured by us, refundable once
 * captured. On the wire (and in stored orders) it is called `test`.
 */
export class BuiltinGateway implements PaymentGateway {
  readonly kind = 'test' as const;
  readonly keyId = 'rzp_test_builtin';
  readonly keySecret: string;
  readonly webhookSecret: string;

  constructor(
    sessionSecret: string,
    private readonly db: Db,
  ) {
    // The derivation labels are part of the keys: changing them would void orders in flight.
    this.keySecret = createHmac('sha256', sessionSecret).update('test-gateway-key').digest('hex');
    this.webhookSecret = createHmac('sha256', sessionSecret)
      .update('test-gateway-webhook')
      .digest('hex');
  }

  async createOrder(order: { amount: number; currency: string }): Promise<GatewayOrder> {
    return {
      id: `order_test_${randomBytes(9).toString('base64url')}`,
      amount: order.amount,
      currency: order.currency,
    };
  }

  /** What the test checkout does when the person pays: an authorized payment for the order. */
  async authorizePayment(order: { id: string; amount: number; currency: string }) {
    const payment: BuiltinGatewayPaymentRow = {
      id: `pay_test_${randomBytes(9).toString('base64url')}`,
      gateway_order_id: order.id,
      amount: order.amount,
      currency: order.currency,
      status: 'authorized',
      amount_refunded: 0,
      created_at: new Date().toISOString(),
    };
    await insertBuiltinGatewayPayment(this.db, payment);
    return asPayment(payment);
  }

  async fetchPayment(paymentId: string): Promise<GatewayPayment> {
    return asPayment(await this.find(paymentId));
  }

  async listOrderPayments(gatewayOrderId: string): Promise<GatewayPayment[]> {
    return (await findBuiltinGatewayPaymentsOf(this.db, gatewayOrderId)).map(asPayment);
  }

  async capturePayment(
    paymentId: string,
    amount: number,
    currency: string,
  ): Promise<GatewayPayment> {
    const payment = await this.find(paymentId);
    if (payment.amount !== amount || payment.currency !== currency) {
      throw refused('Capture amount must be equal to the amount authorized');
    }
    await moveBuiltinGatewayPayment(this.db, paymentId, 'authorized', 'captured');
    const now = await this.find(paymentId);
    if (now.status !== 'captured') throw refused(`The payment is ${now.status}, not authorized`);
    return asPayment(now);
  }

  async refundPayment(paymentId: string, amount?: number): Promise<GatewayRefund> {
    const payment = await this.find(paymentId);
    const left = payment.amount - payment.amount_refunded;
    const refund = amount ?? left;
    if (refund < 100 || refund > left) throw refused('The refund amount is not refundable');
    // A partial refund leaves the payment captured, as Razorpay does.
    const to = refund === left ? 'refunded' : 'captured';
    const total = payment.amount_refunded + refund;
    if (!(await moveBuiltinGatewayPayment(this.db, paymentId, 'captured', to, total))) {
      throw refused('Only a captured payment can be refunded');
    }
    return {
      id: `rfnd_test_${randomBytes(9).toString('base64url')}`,
      paymentId,
      amount: refund,
      status: 'processed',
    };
  }

  private async find(paymentId: string): Promise<BuiltinGatewayPaymentRow> {
    const payment = await findBuiltinGatewayPayment(this.db, paymentId);
    if (!payment) throw refused('The id provided does not exist');
    return payment;
  }
}

const refused = (description: string) =>
  new GatewayError(`The test payment service refused: ${description}`, description);

import { createHmac, randomBytes } from 'node:crypto';
import type { GatewayOrder, PaymentGateway } from './gateway.js';

/**
 * The built-in test gateway: the same contract and signatures as Razorpay, with secrets
 * derived from SESSION_SECRET; its checkout is a dialog in the builder and no money moves.
 */
export class TestGateway implements PaymentGateway {
  readonly kind = 'test' as const;
  readonly keyId = 'rzp_test_builtin';
  readonly keySecret: string;
  readonly webhookSecret: string;

  constructor(sessionSecret: string) {
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
}

export function newTestPaymentId(): string {
  return `pay_test_${randomBytes(9).toString('base64url')}`;
}

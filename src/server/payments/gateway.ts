/** What we need from a payment provider; Razorpay and the built-in gateway both provide it. */
export interface GatewayOrder {
  id: string;
  amount: number;
  currency: string;
}

export type GatewayPaymentStatus = 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';

/** A payment as the provider reports it: what we check before publishing anything. */
export interface GatewayPayment {
  id: string;
  /** The provider's order the payment belongs to (null for payments made outside an order). */
  orderId: string | null;
  amount: number;
  currency: string;
  status: GatewayPaymentStatus;
}

export interface GatewayRefund {
  id: string;
  paymentId: string;
  amount: number;
  status: string;
}

export interface PaymentGateway {
  readonly kind: 'razorpay' | 'test';
  /** The public key id the browser checkout needs. */
  readonly keyId: string;
  /** Secret for payment signatures (order_id|payment_id). */
  readonly keySecret: string;
  /** Secret for webhook signatures (the raw body). */
  readonly webhookSecret: string;
  createOrder(order: {
    amount: number;
    currency: string;
    receipt: string;
    notes: Record<string, string>;
  }): Promise<GatewayOrder>;
  /** The payment as the provider knows it now. */
  fetchPayment(paymentId: string): Promise<GatewayPayment>;
  /** Every payment made against one of its orders, oldest first (the reconciliation asks). */
  listOrderPayments(gatewayOrderId: string): Promise<GatewayPayment[]>;
  /**
   * Captures an authorized payment for its full amount. A payment that is captured already
   * (a second capture, a concurrent webhook) is answered with its captured state, not an error.
   */
  capturePayment(paymentId: string, amount: number, currency: string): Promise<GatewayPayment>;
  /** Refunds a captured payment, in full or (with `amount`) in part. */
  refundPayment(paymentId: string, amount?: number): Promise<GatewayRefund>;
}

/**
 * The provider refused or could not be reached; `message` is fit for the person paying,
 * `detail` (status, provider code, network error) is for the log. `transient` marks a failure
 * worth trying again later (rate limit, provider error, network), as opposed to a refusal.
 */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly detail: string,
    readonly transient = false,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

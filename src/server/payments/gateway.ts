/** What we need from a payment provider; Razorpay and the built-in test gateway both provide it. */
export interface GatewayOrder {
  id: string;
  amount: number;
  currency: string;
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
}

/**
 * The provider refused or could not be reached; `message` is fit for the person paying,
 * `detail` (status, provider code, network error) is for the log.
 */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly detail: string,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

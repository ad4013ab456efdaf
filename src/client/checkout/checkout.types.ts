/**
 * What both checkouts (Razorpay's and the built-in gateway's) take and hand back, so that the
 * page opens either through openCheckout without knowing which it was.
 */
import type { CreateOrderResponse, VerifyPaymentRequest } from '../../shared/orders.js';

/** An order waiting for its payment, as POST /create-order answered it. */
export type PaymentRequired = Extract<CreateOrderResponse, { status: 'payment_required' }>;

export interface CheckoutHandlers {
  /** The payment went through and the checkout has closed: verify this on the server. */
  onPaid(payment: VerifyPaymentRequest): void;
  /** An attempt failed, with the provider's description (Razorpay stays open for a retry). */
  onFailed(description: string): void;
  /** The checkout closed without a payment. */
  onClose(): void;
}

export interface CheckoutHandle {
  /** Closes the checkout (e.g. when the page goes away); no handler is called. */
  close(): void;
}

export interface CheckoutOptions {
  /**
   * The redirect flow, for in-app browsers that cannot run the checkout frame: the checkout posts
   * the payment to our callback and the page is left; no handler is called after a payment.
   */
  redirect: boolean;
}

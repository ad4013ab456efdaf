import type { CreateOrderResponse, VerifyPaymentRequest } from '../../shared/orders.js';
import { openRazorpayCheckout } from './razorpay.js';

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

const OPEN_FAILED = 'The payment window could not be opened. Check your connection and try again.';

/**
 * Opens the checkout of the order's gateway: Razorpay's checkout.js, or the built-in gateway's dialog.
 * Both hand back the same payment result, so the page never needs to know which one it was.
 * Rejects (with a message fit to show) when the checkout cannot be opened at all.
 */
export async function openCheckout(
  order: PaymentRequired,
  handlers: CheckoutHandlers,
  options: CheckoutOptions = { redirect: false },
): Promise<CheckoutHandle> {
  if (order.gateway === 'razorpay') return openRazorpayCheckout(order, handlers, options);
  let module: typeof import('./builtinCheckout.js');
  try {
    module = await import('./builtinCheckout.js');
  } catch {
    throw new Error(OPEN_FAILED);
  }
  return module.openBuiltinCheckout(order, handlers, options);
}

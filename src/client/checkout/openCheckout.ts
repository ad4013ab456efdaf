import type {
  CheckoutHandle,
  CheckoutHandlers,
  CheckoutOptions,
  PaymentRequired,
} from './checkout.types.js';
import { openRazorpayCheckout } from './razorpay.js';

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

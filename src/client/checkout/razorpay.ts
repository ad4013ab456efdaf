import { CHECKOUT_THEME_COLOR, type VerifyPaymentRequest } from '../../shared/orders.js';
import { SITE_NAME } from '../../shared/site.js';
import type {
  CheckoutHandle,
  CheckoutHandlers,
  CheckoutOptions,
  PaymentRequired,
} from './checkout.types.js';
import { callbackUrl } from './redirect.js';

export const RAZORPAY_CHECKOUT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

/** The options of Razorpay's Standard Checkout that we use. */
interface RazorpayOptions {
  key: string;
  amount: number;
  currency: string;
  name: string;
  order_id: string;
  prefill: { name: string; email: string };
  theme: { color: string };
  handler: (response: VerifyPaymentRequest) => void;
  modal: { ondismiss: () => void };
  /** The redirect flow: Razorpay posts the payment to callback_url instead of calling handler. */
  callback_url?: string;
  redirect?: boolean;
}

interface RazorpayFailure {
  error?: { code?: string; description?: string; reason?: string };
}

interface RazorpayInstance {
  open(): void;
  close(): void;
  on(event: 'payment.failed', listener: (response: RazorpayFailure) => void): void;
}

type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

const LOAD_FAILED =
  'The payment window could not be loaded. Check your connection (or any content blocker) and try again.';
const UNKNOWN_FAILURE = 'The payment did not go through. Please try again.';

let loading: Promise<RazorpayConstructor> | undefined;

/** Loads checkout.js once per page; a failed load is forgotten so the next attempt retries. */
export function loadRazorpay(): Promise<RazorpayConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  loading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = RAZORPAY_CHECKOUT_URL;
    script.async = true;
    script.onload = () => {
      if (window.Razorpay) resolve(window.Razorpay);
      else fail();
    };
    script.onerror = fail;
    function fail() {
      script.remove();
      loading = undefined;
      reject(new Error(LOAD_FAILED));
    }
    document.head.append(script);
  });
  return loading;
}

export async function openRazorpayCheckout(
  order: PaymentRequired,
  handlers: CheckoutHandlers,
  options: CheckoutOptions = { redirect: false },
): Promise<CheckoutHandle> {
  const Razorpay = await loadRazorpay();
  let active = true;
  const checkout = new Razorpay({
    key: order.key_id,
    amount: order.amount,
    currency: order.currency,
    name: SITE_NAME,
    order_id: order.order_id,
    prefill: order.prefill,
    theme: { color: CHECKOUT_THEME_COLOR },
    ...(options.redirect ? { callback_url: callbackUrl(), redirect: true } : {}),
    handler: (response) => {
      if (!active) return;
      active = false;
      handlers.onPaid({
        razorpay_order_id: response.razorpay_order_id,
        razorpay_payment_id: response.razorpay_payment_id,
        razorpay_signature: response.razorpay_signature,
      });
    },
    modal: {
      ondismiss: () => {
        if (!active) return;
        active = false;
        handlers.onClose();
      },
    },
  });
  checkout.on('payment.failed', (response) => {
    if (active) handlers.onFailed(response.error?.description || UNKNOWN_FAILURE);
  });
  checkout.open();
  return {
    close() {
      active = false;
      checkout.close();
    },
  };
}

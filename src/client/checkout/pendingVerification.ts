import type { VerifyPaymentRequest } from '../../shared/orders.js';

/**
 * A payment the checkout handed us that the server has not answered for yet, kept in the browser
 * so that a reload, a dropped connection or a closed tab does not end the verification: the page
 * sends it again (verify is idempotent) until the server settles it.
 */
export type PaymentScope = 'publish' | 'renewal';

export interface PendingVerification {
  payment: VerifyPaymentRequest;
  /** Which kind of page paid: its thank-you words differ. */
  scope: PaymentScope;
  /** When the checkout handed it over (ms since the epoch). */
  since: number;
}

const KEY = 'portfolio:pending-verification';

/** How long the page keeps asking by itself; the server's own sweep goes on after that. */
export const VERIFY_RETRY_WINDOW_MS = 5 * 60_000;

/** Waits between attempts: quick at first, then every half minute. */
export const VERIFY_RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000];

export function retryDelay(attempt: number): number {
  return VERIFY_RETRY_DELAYS_MS[Math.min(attempt, VERIFY_RETRY_DELAYS_MS.length - 1)]!;
}

export function savePendingVerification(pending: PendingVerification): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(pending));
  } catch {
    // Storage full or blocked: the retries of this page still run, a reload just cannot resume.
  }
}

export function clearPendingVerification(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}

/**
 * The verification an earlier page of this kind left unfinished, if it is recent enough to resume;
 * one of the other kind is left for its own page.
 */
export function readPendingVerification(
  scope: PaymentScope,
  now = Date.now(),
): PendingVerification | undefined {
  let raw: string | null;
  try {
    raw = localStorage.getItem(KEY);
  } catch {
    return undefined;
  }
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<PendingVerification>;
    const payment = value.payment;
    // A time ahead of now (the device's clock was set back) is not trusted to be fresh.
    const fresh =
      typeof value.since === 'number' &&
      value.since <= now &&
      now - value.since < VERIFY_RETRY_WINDOW_MS;
    const whole =
      typeof payment?.razorpay_order_id === 'string' &&
      typeof payment.razorpay_payment_id === 'string' &&
      typeof payment.razorpay_signature === 'string';
    if (fresh && whole && value.scope !== scope) return undefined;
    if (fresh && whole) return { payment, scope, since: value.since! };
  } catch {
    // Not ours, or damaged: dropped below.
  }
  clearPendingVerification();
  return undefined;
}

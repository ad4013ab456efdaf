/**
 * The claim / order / payment API shared by the final preview page and the server.
 * Money and ownership are decided on the server; these are only the shapes on the wire.
 */
import type { PortfolioData } from './domain/portfolio.js';

/** How long an unpaid order keeps its username for its user. */
export const HOLD_MINUTES = 15;

export const USERNAME_TAKEN_MESSAGE = 'Username is already taken. Please choose another one.';

/** POST /api/claims: "Submit" on the final preview (sign-in required). */
export interface ClaimRequest {
  username: string;
  templateId: string;
  data: PortfolioData;
}

export type ClaimResponse =
  /** Nobody has it: pay to publish there. */
  | { status: 'free'; username: string; url: string }
  /** This user already publishes this template there: updated now, no payment. */
  | { status: 'updated'; username: string; url: string }
  /** This user owns the name with another template: publishing this one there is a new purchase. */
  | { status: 'owned_other_template'; username: string; url: string };
// A name owned or held by someone else answers 409 with USERNAME_TAKEN_MESSAGE.

/** POST /create-order (sign-in required). Any amount or price sent by the client is ignored. */
export interface CreateOrderRequest {
  templateId: string;
  currency: 'INR';
  /** The current timestamp, as the spec asks; at most 40 characters. */
  receipt: string;
  username: string;
  data: PortfolioData;
}

export type CreateOrderResponse =
  | {
      status: 'payment_required';
      order_id: string;
      /** In paise. */
      amount: number;
      currency: 'INR';
      /** The public key id for the checkout. */
      key_id: string;
      /** Which checkout to open: Razorpay's checkout.js, or the built-in test dialog. */
      gateway: 'razorpay' | 'test';
      prefill: { name: string; email: string };
      /** When the username hold ends (ISO-8601). */
      hold_expires_at: string;
    }
  /** An unused credit (from a payment whose name was lost) paid for it: already published. */
  | { status: 'published_with_credit'; url: string; message: string };

/** POST /verify-payment: what the checkout handed back. */
export interface VerifyPaymentRequest {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

export type VerifyPaymentResponse =
  | { status: 'published'; url: string; message: string; email: string }
  /** Paid, but the name went to someone else meanwhile: the money is kept as a credit. */
  | { status: 'credit'; message: string };

/** POST /test-gateway/pay and /test-gateway/fail: the built-in test checkout's server side. */
export interface TestGatewayRequest {
  order_id: string;
}

export interface TestGatewayFailure {
  error: { code: string; description: string; reason: string };
}

/** Brand colour for the checkout (Razorpay theme.color). */
export const CHECKOUT_THEME_COLOR = '#c9473a';

/**
 * The claim / order / payment API shared by the final preview page and the server.
 * Money and ownership are decided on the server; these are only the shapes on the wire.
 */
import type { PortfolioData } from './domain/portfolio.js';
import type { TermState } from './domain/term.js';
import type { TemplateId } from './templates/catalog.js';

/** How long an unpaid order keeps its username for its user. */
export const HOLD_MINUTES = 15;

/**
 * What an order buys: a first `purchase` of a template at a username, a `renewal` of the
 * portfolio a username serves (one more year, same content), or a `move` of a username the
 * person owns to another template, priced down by the unused days of the old term.
 */
export type OrderKind = 'purchase' | 'renewal' | 'move';

/** The price of a move, all in paise, decided on the server. */
export interface MoveBreakdown {
  /** The new template's price after its discount. */
  price: number;
  /** The value of the old term's unused days; never more than `price`. */
  credit: number;
  /** How many whole days the credit is for. */
  creditDays: number;
  /** What is paid: price - credit. */
  amount: number;
}

export const USERNAME_TAKEN_MESSAGE = 'Username is already taken. Please choose another one.';

/** POST /api/claims: "Submit" on the final preview (sign-in required). */
export interface ClaimRequest {
  username: string;
  templateId: string;
  data: PortfolioData;
}

export type ClaimResponse =
  /**
   * Nobody has it: pay to publish there. `sameTemplate`: the user already publishes this template
   * at another name; a person has one portfolio per template, so paying here gives that page this
   * second address, this draft, and a year more (publish.service.ts), which the person must know.
   */
  | {
      status: 'free';
      username: string;
      url: string;
      sameTemplate?: { username: string; url: string; paidUntil: string };
    }
  /** This user already publishes this template there: updated now, no payment. */
  | { status: 'updated'; username: string; url: string }
  /** This user owns the name with another template: publishing this one there is a new purchase. */
  | { status: 'owned_other_template'; username: string; url: string; move: MoveBreakdown };
// A name owned or held by someone else answers 409 with USERNAME_TAKEN_MESSAGE.

/**
 * What a buyer may add for a GST invoice, all optional: the name and address to bill, their
 * GSTIN, and (without a GSTIN) the GST state code of the address, which decides CGST+SGST or IGST.
 */
export interface BillingDetails {
  name?: string;
  address?: string;
  gstin?: string;
  state?: string;
}

export const BILLING_LIMITS = { name: 120, address: 300 } as const;

/** POST /create-order (sign-in required). Any amount or price sent by the client is ignored. */
export interface CreateOrderRequest {
  templateId: string;
  currency: 'INR';
  /** The current timestamp, as the spec asks; at most 40 characters. */
  receipt: string;
  username: string;
  data: PortfolioData;
  billing?: BillingDetails;
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
      /** When the username hold ends (ISO-8601); absent for a renewal, which holds no name. */
      hold_expires_at?: string;
      /** A move to another template: how the amount was reached. */
      breakdown?: MoveBreakdown;
    }
  /** An unused credit (from a payment whose name was lost) paid for it: already published. */
  | { status: 'published_with_credit'; url: string; message: string };

/** POST /api/renewals (sign-in required): one more year of the portfolio at this username. */
export interface RenewalRequest {
  username: string;
  currency: 'INR';
  /** The current timestamp, as for /create-order; at most 40 characters. */
  receipt: string;
  billing?: BillingDetails;
}

/** GET /api/renewals/:username/quote: what renewing costs now and what it buys. */
export interface RenewalQuote {
  username: string;
  url: string;
  templateId: TemplateId;
  templateName: string;
  /** The name on the portfolio. */
  name: string;
  /** In paise: the template's current price after its discount. */
  amount: number;
  /** In paise: the template's price before its discount (`amount` when there is none). */
  listAmount: number;
  /** The template's current discount (0 for none): the operator's, not a promise for later years. */
  discountPercent: number;
  state: TermState;
  /** ISO-8601. */
  paidUntil: string;
  /** ISO-8601: paid_until after this renewal, were it paid now. */
  newPaidUntil: string;
}

/** Our order ids are UUIDs: anything else names no order (and no receipt). */
export function isOrderId(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value)
  );
}

/** GET /api/receipts/:orderId: the thank-you page's line about what was paid (buyer only). */
export interface ReceiptSummary {
  /** Our order id: the receipt's address uses it. */
  orderId: string;
  /** The payment provider's order id, which support asks for. */
  gatewayOrderId: string;
  number: string;
  amountPaise: number;
  currency: string;
  url: string;
}

/** POST /verify-payment: what the checkout handed back. */
export interface VerifyPaymentRequest {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

/**
 * Why a captured payment served no order and was refunded on its own: a second payment of an
 * order already paid, a payment of an order paid again while it was on its way, one arriving for
 * an order closed before it, or for a deleted account.
 */
export type RefundReason = 'duplicate' | 'superseded' | 'order_closed' | 'account_deleted';

export type VerifyPaymentResponse =
  | {
      status: 'published';
      url: string;
      message: string;
      email: string;
      /** Our order id, for the thank-you page's receipt line. */
      orderId: string;
    }
  /** Paid, but the name went to someone else meanwhile: the money is kept as a credit. */
  | { status: 'credit'; message: string }
  /**
   * The payment is signed and received, but not captured yet (the provider was busy or refused
   * the capture for now): nothing is lost, the server keeps trying and publishes when it can.
   */
  | { status: 'confirming'; message: string }
  /**
   * The payment can serve nothing (the order was paid already, closed, or the account deleted):
   * it is given back through the provider and the person is emailed.
   */
  | { status: 'refunded'; message: string };

/** POST /test-gateway/pay and /test-gateway/fail: the built-in gateway's checkout, server side. */
export interface BuiltinGatewayRequest {
  order_id: string;
}

export interface BuiltinGatewayFailure {
  error: { code: string; description: string; reason: string };
}

/** Brand colour for the checkout (Razorpay theme.color). */
export const CHECKOUT_THEME_COLOR = '#4a3fb0';

/**
 * Where the provider's checkout POSTs the payment in the redirect flow (in-app browsers), as a
 * form: razorpay_payment_id, razorpay_order_id, razorpay_signature, or error[...] fields.
 */
export const PAYMENT_CALLBACK_PATH = '/payments/callback';

/**
 * How a redirected payment ends, as a code in the address the callback sends the person to. The
 * page shows our own words for it: text in an address could be anyone's.
 */
export const REDIRECTED_PAYMENT_OUTCOMES = {
  failed: 'The payment did not go through. No money was taken; you can try again.',
  unverified:
    'The payment could not be verified, so nothing was published. If money left your account, contact support with your payment id.',
  unavailable:
    'The payment service could not be reached to confirm your payment. If money left your account, your page goes live as soon as it is confirmed; you do not need to pay again.',
  confirming:
    'Your payment is received and being confirmed with the payment service. Your page will go live shortly; you do not need to pay again.',
  refunded:
    'This payment was not needed (the order was paid already, or closed before it arrived), so nothing more was bought with it and it is being refunded to the way you paid. We have emailed you about it.',
  credit:
    'Your payment went through, but the username changed in the meantime (someone else took it, or its earlier template was changed), so nothing was published. The payment is kept as a credit: publish again and it pays, with no new payment.',
} as const;

export type RedirectedPaymentOutcome = keyof typeof REDIRECTED_PAYMENT_OUTCOMES;

/** Our words for an outcome code read from an address; undefined for anything else. */
export function redirectedPaymentMessage(code: string | null | undefined): string | undefined {
  return code && Object.hasOwn(REDIRECTED_PAYMENT_OUTCOMES, code)
    ? REDIRECTED_PAYMENT_OUTCOMES[code as RedirectedPaymentOutcome]
    : undefined;
}

import type { TermState } from './domain/term.js';
import type { RefundReason } from './orders.js';

/** A paid order of one portfolio; its receipt is at receiptPath(orderId). */
export interface AccountOrder {
  orderId: string;
  paidAt: string;
  amountPaise: number;
  currency: string;
  /** The receipt's number; undefined when nothing was paid (a move its credit covered). */
  receiptNumber?: string;
  /** Set when the payment was refunded (ISO-8601). */
  refundedAt?: string;
}

/**
 * A payment that served nothing (paid twice, paid again while the first was on its way, or for
 * an order closed meanwhile) and was refunded by itself.
 */
export interface RefundedPayment {
  paymentId: string;
  /** Null when the provider had refunded it before we asked. */
  amountPaise: number | null;
  currency: string;
  refundedAt: string;
  reason: RefundReason;
}

/**
 * One username the signed-in person owns, as the account page shows it. The server decides
 * `termState` (what actions are offered); the page words the status from `paidUntil` itself so
 * it stays right while the page is open.
 */
export interface AccountPortfolio {
  username: string;
  url: string;
  templateId: string;
  templateName: string;
  paidUntil: string;
  termState: TermState;
  /** The owner has taken the page offline (the name stays theirs). */
  unpublished: boolean;
  orders: AccountOrder[];
  /** Payments for this address that were refunded because they served nothing. */
  refundedPayments: RefundedPayment[];
}

/** GET /api/account */
export interface AccountResponse {
  email: string;
  portfolios: AccountPortfolio[];
}

/** POST /api/account/portfolios/:username/unpublish and /publish */
export interface PublicationResponse {
  username: string;
  unpublished: boolean;
}

/** DELETE /api/account: the person types DELETE or their email address. */
export interface DeleteAccountRequest {
  confirmation: string;
}

/** The word that confirms deleting the account, besides the email address. */
export const DELETE_ACCOUNT_WORD = 'DELETE';

import type { TermState } from './domain/term.js';

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

/**
 * The credit for the unused days of a term when a username moves to another template: the value
 * of the old term times the share of it still to come, in whole paise, never more than the new
 * price. Shared so that the arithmetic has one home; only the server decides with it.
 */
import { termStartBefore } from './term.js';
import { DAY_MS } from './time.js';

/** Razorpay takes no payment under one rupee: a smaller remainder is credited as well. */
export const MIN_CHARGE_PAISE = 100;

export interface Proration {
  /** Paise taken off the new price. */
  credit: number;
  /** Whole unused days (rounded down) the credit stands for. */
  days: number;
}

/**
 * `termValue` is what the old term was worth (paid plus any credit carried into it); the term
 * runs until `paidUntil`. Nothing is left once it has passed (grace days are not refunded).
 */
export function unusedTermCredit(
  termValue: number,
  paidUntil: Date,
  newPrice: number,
  now: Date,
): Proration {
  const remaining = paidUntil.getTime() - now.getTime();
  if (remaining <= 0 || termValue <= 0) return { credit: 0, days: 0 };
  // A share of the last term's length: 365 days, or 366 across a leap day.
  const termMs = paidUntil.getTime() - termStartBefore(paidUntil).getTime();
  let credit = Math.min(Math.round((termValue * remaining) / termMs), newPrice);
  if (newPrice - credit < MIN_CHARGE_PAISE) credit = newPrice;
  return { credit, days: Math.floor(remaining / DAY_MS) };
}

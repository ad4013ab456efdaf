/**
 * The yearly term of a paid portfolio, made exact. A page is live until `paid_until`, then in a
 * grace period (still up, the owner is warned), then offline; its username stays reserved to the
 * owner for a while after that, then is released. Pure functions of (paid_until, now), shared by
 * the server (what is served, what is allowed) and the account page (what is said).
 */
import { DAY_MS } from './time.js';

export const GRACE_DAYS = 14;
/** From this many days before the end, a live term counts down and renewing is offered first. */
export const RENEWAL_DUE_DAYS = 30;
/** After the grace period the username is kept for its owner this long, then released. */
export const RESERVED_DAYS = 90;

export type TermState = 'live' | 'grace' | 'offline' | 'released';

export interface Term {
  state: TermState;
  paidUntil: Date;
  /** The end of the grace period: the page goes offline at this instant. */
  offlineAt: Date;
  /** The username is released at this instant. */
  releasedAt: Date;
}

function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** The same day and time `years` calendar years on (or back); 29 February gives 28 February. */
function addYears(date: Date, years: number): Date {
  const shifted = new Date(date.getTime());
  const month = shifted.getUTCMonth();
  shifted.setUTCFullYear(shifted.getUTCFullYear() + years);
  // 29 February in a year without one rolled over to 1 March: back to the month's last day.
  if (shifted.getUTCMonth() !== month) shifted.setUTCDate(0);
  return shifted;
}

/**
 * A term is a calendar year, so that a term bought on 23 Nov 2027 runs to 23 Nov 2028 whatever
 * the leap days between: what the buyer reads on the page, the receipt and the email.
 */
export function termEndFrom(start: Date): Date {
  return addYears(start, 1);
}

/** Where the term that ends at `end` began. */
export function termStartBefore(end: Date): Date {
  return addYears(end, -1);
}

export function termOf(paidUntil: string | Date, now: Date = new Date()): Term {
  const until = new Date(paidUntil);
  const offlineAt = addDays(until, GRACE_DAYS);
  const releasedAt = addDays(offlineAt, RESERVED_DAYS);
  const at = now.getTime();
  const state: TermState =
    at < until.getTime()
      ? 'live'
      : at < offlineAt.getTime()
        ? 'grace'
        : at < releasedAt.getTime()
          ? 'offline'
          : 'released';
  return { state, paidUntil: until, offlineAt, releasedAt };
}

/** Visitors see the page while it is live or in grace. */
export function isServed(state: TermState): boolean {
  return state === 'live' || state === 'grace';
}

/** Changes may be published for free while the page is served; after that, renewing is needed. */
export function allowsFreeUpdates(state: TermState): boolean {
  return isServed(state);
}

/** A renewal adds a term to what is left, or starts one now once the page is offline. */
export function renewedUntil(paidUntil: string | Date, now: Date = new Date()): Date {
  const term = termOf(paidUntil, now);
  // During grace the lapsed days are paid for too: the page stayed up through them.
  const from = isServed(term.state) ? term.paidUntil : now;
  return termEndFrom(from);
}

/** Whole days from now until `date`, rounded up: "Expires in 6 days". */
export function daysUntil(date: Date, now: Date = new Date()): number {
  return Math.ceil((date.getTime() - now.getTime()) / DAY_MS);
}

/**
 * "22 Nov 2027": India's calendar day, as receipts give dates, so that the account page, the
 * renew page, mails and receipts name the same day wherever the browser is.
 */
export function formatTermDate(date: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  }).format(date);
}

/** The status of a portfolio in words, as the account page shows it. */
export function termInWords(paidUntil: string | Date, now: Date = new Date()): string {
  const term = termOf(paidUntil, now);
  switch (term.state) {
    case 'live': {
      const days = daysUntil(term.paidUntil, now);
      if (days <= RENEWAL_DUE_DAYS)
        return `Live · expires in ${days} ${days === 1 ? 'day' : 'days'}`;
      // Nothing renews by itself: the date says how long is paid for, as the renew page does.
      return `Live · paid until ${formatTermDate(term.paidUntil)}`;
    }
    case 'grace': {
      const days = daysUntil(term.offlineAt, now);
      return `Expired — goes offline in ${days} ${days === 1 ? 'day' : 'days'} unless renewed`;
    }
    case 'offline':
      return `Expired — page offline since ${formatTermDate(term.offlineAt)}`;
    case 'released':
      return `Expired — username released on ${formatTermDate(term.releasedAt)}`;
  }
}

import { isOrderId, redirectedPaymentMessage } from '../../shared/orders.js';

/** What the final preview hands to /ack when it navigates there after publishing. */
export interface AckState {
  url?: string;
  email?: string;
  /** The server's words when a credit paid for the publish (create-order's message). */
  message?: string;
  /** Our id of the paid order: the page shows its receipt line. */
  orderId?: string;
}

const orderIdOf = (value: unknown) => (isOrderId(value) ? value : undefined);

/**
 * Navigation state is whatever the history entry holds: keep only the strings we expect. Without
 * it (the payment callback of the redirect flow sends the person here with a query instead),
 * the same fields are read from `search`.
 */
export function readAckState(value: unknown, search = '', origin = ''): AckState {
  if ((typeof value !== 'object' || value === null) && search !== '') {
    return readAckQuery(new URLSearchParams(search), origin);
  }
  if (typeof value !== 'object' || value === null) return {};
  const { url, email, message, orderId } = value as Record<string, unknown>;
  const text = (field: unknown) => (typeof field === 'string' && field !== '' ? field : undefined);
  const link = text(url);
  return {
    url: link !== undefined && /^https?:\/\//i.test(link) ? link : undefined,
    email: text(email),
    message: text(message),
    orderId: orderIdOf(orderId),
  };
}

/**
 * The thank-you page reached from the payment callback (the redirect flow): anyone can make such
 * an address, so only a link to a portfolio of this site and an outcome code in our own words.
 */
function readAckQuery(query: URLSearchParams, origin: string): AckState {
  const url = query.get('url') ?? '';
  return {
    url: origin !== '' && url.startsWith(`${origin}/users/`) ? url : undefined,
    message: redirectedPaymentMessage(query.get('outcome')),
    orderId: orderIdOf(query.get('order')),
  };
}

/**
 * Nothing handed over: the page was opened on its own (a new tab, a bookmark, a reload after the
 * history entry lost its state), so it cannot tell which payment, if any, it follows.
 */
export const isOpenedWithoutPayment = (state: AckState): boolean =>
  state.url === undefined && state.message === undefined && state.orderId === undefined;

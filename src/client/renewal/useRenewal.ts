import type { CreateOrderResponse, RenewalQuote, RenewalRequest } from '../../shared/orders.js';
import { api } from '../api/http.js';
import { useApiAnswer } from '../api/useApiAnswer.js';
import { usePayment } from '../checkout/usePayment.js';

export type QuoteState =
  | { status: 'loading' }
  | { status: 'error'; message: string; notFound: boolean }
  | { status: 'ready'; quote: RenewalQuote };

/**
 * The renew page's work: the server's quote for `username` (once signed in), then order ->
 * checkout -> verify, the same checkout as the final preview. The thank-you page follows.
 */
export function useRenewal(username: string, signedIn: boolean) {
  const path = `/api/renewals/${encodeURIComponent(username)}/quote`;
  const { loaded, answeredFor } = useApiAnswer<RenewalQuote>(signedIn ? path : undefined);
  // Another name shows "loading" until its own answer, never the last name's price.
  const quote: QuoteState =
    answeredFor !== path || loaded.status === 'loading'
      ? { status: 'loading' }
      : loaded.status === 'ready'
        ? { status: 'ready', quote: loaded.answer }
        : { status: 'error', message: loaded.message, notFound: loaded.httpStatus === 404 };
  const payment = usePayment({
    scope: 'renewal',
    ackOf: (answer) => ({
      url: answer.url,
      email: answer.email,
      message: answer.message,
      orderId: answer.orderId,
    }),
  });

  const pay = async () => {
    if (payment.phase !== 'idle') return;
    payment.clearMessages();
    await payment.pay((billing) => {
      const body: RenewalRequest = { username, currency: 'INR', receipt: String(Date.now()) };
      if (billing) body.billing = billing;
      return api<CreateOrderResponse>('/api/renewals', {
        method: 'POST',
        body: JSON.stringify(body),
      });
    });
  };

  return {
    quote,
    phase: payment.phase,
    alert: payment.alert,
    dismissAlert: payment.dismissAlert,
    note: payment.note,
    pay,
    billingFields: payment.billingFields,
  };
}

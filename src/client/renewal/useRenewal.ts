import { useEffect, useState } from 'react';
import type { CreateOrderResponse, RenewalQuote, RenewalRequest } from '../../shared/orders.js';
import { api, ApiError } from '../api/http.js';
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
  // Remembered with the name it is for: another name shows "loading" until its own answer.
  const [answered, setAnswered] = useState<{ username: string; quote: QuoteState }>();
  const quote: QuoteState =
    answered?.username === username ? answered.quote : { status: 'loading' };
  const payment = usePayment({
    ackOf: (answer) => ({
      url: answer.url,
      email: answer.email,
      message: answer.message,
      orderId: answer.orderId,
    }),
  });

  useEffect(() => {
    if (!signedIn) return;
    let current = true;
    const settle = (result: QuoteState) => {
      if (current) setAnswered({ username, quote: result });
    };
    api<RenewalQuote>(`/api/renewals/${encodeURIComponent(username)}/quote`).then(
      (answer) => settle({ status: 'ready', quote: answer }),
      (error: Error) =>
        settle({
          status: 'error',
          message: error.message,
          notFound: error instanceof ApiError && error.status === 404,
        }),
    );
    return () => {
      current = false;
    };
  }, [username, signedIn]);

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
    billing: payment.billing,
    setBilling: payment.setBilling,
  };
}

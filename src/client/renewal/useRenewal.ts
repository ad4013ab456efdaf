import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type {
  BillingDetails,
  CreateOrderResponse,
  RenewalQuote,
  RenewalRequest,
  VerifyPaymentRequest,
  VerifyPaymentResponse,
} from '../../shared/orders.js';
import { needsRedirectCheckout } from '../../shared/payments/in-app-browser.js';
import { api, ApiError } from '../api/http.js';
import { refreshSession } from '../auth/session.js';
import { billingToSend } from '../billing/BillingFields.js';
import { openCheckout, type CheckoutHandle } from '../checkout/openCheckout.js';
import type { AckState } from '../final-preview/ackState.js';

export type QuoteState =
  | { status: 'loading' }
  | { status: 'error'; message: string; notFound: boolean }
  | { status: 'ready'; quote: RenewalQuote };

export type RenewalPhase = 'idle' | 'ordering' | 'checkout' | 'verifying';

const SESSION_ENDED = 'Your session has ended. Please sign in again, then try once more.';

async function describeFailure(error: unknown): Promise<string> {
  if (error instanceof ApiError && error.status === 401) {
    await refreshSession();
    return SESSION_ENDED;
  }
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}

/**
 * The renew page's work: the server's quote for `username` (once signed in), then order ->
 * checkout -> verify, the same checkout as the final preview. The thank-you page follows.
 */
export function useRenewal(username: string, signedIn: boolean) {
  const navigate = useNavigate();
  // Remembered with the name it is for: another name shows "loading" until its own answer.
  const [answered, setAnswered] = useState<{ username: string; quote: QuoteState }>();
  const quote: QuoteState =
    answered?.username === username ? answered.quote : { status: 'loading' };
  const [phase, setPhase] = useState<RenewalPhase>('idle');
  const [alert, setAlert] = useState<string | undefined>();
  const [note, setNote] = useState<string | undefined>();
  const checkout = useRef<CheckoutHandle | undefined>(undefined);

  useEffect(() => () => checkout.current?.close(), []);

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

  const verify = async (payment: VerifyPaymentRequest) => {
    checkout.current = undefined;
    setPhase('verifying');
    try {
      const answer = await api<VerifyPaymentResponse>('/verify-payment', {
        method: 'POST',
        body: JSON.stringify(payment),
      });
      if (answer.status === 'published') {
        const state: AckState = {
          url: answer.url,
          email: answer.email,
          message: answer.message,
          orderId: answer.orderId,
        };
        await navigate('/ack', { state });
        return;
      }
      setNote(answer.message);
    } catch (error) {
      setAlert(
        `${await describeFailure(error)} If money left your account, contact us and quote order ${payment.razorpay_order_id}.`,
      );
    }
    setPhase('idle');
  };

  const [billing, setBilling] = useState<BillingDetails>({});

  const pay = async () => {
    if (phase !== 'idle') return;
    setAlert(undefined);
    setNote(undefined);
    setPhase('ordering');
    let order: CreateOrderResponse;
    try {
      const body: RenewalRequest = { username, currency: 'INR', receipt: String(Date.now()) };
      const details = billingToSend(billing);
      if (details) body.billing = details;
      order = await api<CreateOrderResponse>('/api/renewals', {
        method: 'POST',
        body: JSON.stringify(body),
      });
    } catch (error) {
      setAlert(await describeFailure(error));
      setPhase('idle');
      return;
    }
    if (order.status === 'published_with_credit') {
      const state: AckState = { url: order.url, message: order.message };
      await navigate('/ack', { state });
      return;
    }
    setPhase('checkout');
    try {
      checkout.current = await openCheckout(
        order,
        {
          onPaid: (payment) => void verify(payment),
          onFailed: (description) => setAlert(`The payment failed: ${description}`),
          onClose: () => {
            checkout.current = undefined;
            setPhase('idle');
          },
        },
        { redirect: needsRedirectCheckout(navigator.userAgent) },
      );
    } catch (error) {
      setAlert(await describeFailure(error));
      setPhase('idle');
    }
  };

  return {
    quote,
    phase,
    alert,
    dismissAlert: () => setAlert(undefined),
    note,
    pay,
    billing,
    setBilling,
  };
}

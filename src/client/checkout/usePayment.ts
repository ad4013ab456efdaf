import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type {
  BillingDetails,
  CreateOrderResponse,
  VerifyPaymentResponse,
} from '../../shared/orders.js';
import { gstinMessage } from '../../shared/domain/receipts.js';
import { needsRedirectCheckout } from '../../shared/payments/in-app-browser.js';
import { ACK_PATH } from '../../shared/routes.js';
import { api, ApiError } from '../api/http.js';
import { refreshSession } from '../auth/session.js';
import { billingToSend } from '../billing/BillingFields.js';
import type { AckState } from './ackState.js';
import type { CheckoutHandle, PaymentRequired } from './checkout.types.js';
import { openCheckout } from './openCheckout.js';
import {
  clearPendingVerification,
  readPendingVerification,
  retryDelay,
  savePendingVerification,
  VERIFY_RETRY_WINDOW_MS,
  type PaymentScope,
  type PendingVerification,
} from './pendingVerification.js';

export type PaymentPhase = 'idle' | 'ordering' | 'checkout' | 'verifying';

type Published = Extract<VerifyPaymentResponse, { status: 'published' }>;

/** A failure worth another attempt: no answer at all, a server error, or too many requests. */
const isTransient = (error: unknown) =>
  error instanceof ApiError && (error.status === 0 || error.status === 429 || error.status >= 500);

const STILL_CONFIRMING =
  'Your payment is received, but the connection dropped while we confirmed it. We keep trying for a few minutes; you do not need to pay again.';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const SESSION_ENDED = 'Your session has ended. Please sign in again, then try once more.';

/** An API failure as a sentence for the page; a lost session also updates the header. */
export async function describeFailure(error: unknown): Promise<string> {
  if (error instanceof ApiError && error.status === 401) {
    await refreshSession();
    return SESSION_ENDED;
  }
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}

interface PaymentOptions {
  /** What is being paid for: a verification left unfinished resumes only on a page of its kind. */
  scope: PaymentScope;
  /** What the thank-you page shows once the payment is verified and the page published. */
  ackOf: (answer: Published) => AckState;
  /** The alert to start with, read once. */
  initialAlert?: () => string | undefined;
}

/**
 * Paying, the same for a first publish and a renewal: the billing details, then order ->
 * checkout -> verify, and the thank-you page. `alert` says what went wrong; `note` what became of
 * money the server received without publishing (a credit, a payment still being confirmed).
 */
export function usePayment({ scope, ackOf, initialAlert }: PaymentOptions) {
  const navigate = useNavigate();
  // A verification an earlier page of this kind left unfinished (a reload, a lost connection).
  const [resumed] = useState(() => readPendingVerification(scope));
  const [phase, setPhase] = useState<PaymentPhase>(resumed ? 'verifying' : 'idle');
  const [alert, setAlert] = useState<string | undefined>(initialAlert);
  const [note, setNote] = useState<string | undefined>();
  const [billing, setBilling] = useState<BillingDetails>({});
  // A payment refused for the GSTIN: its field says why from then on, until it is right (the
  // person may not have left the field, Enter or a click that keeps focus there, to see it).
  const [gstinRefused, setGstinRefused] = useState(false);
  const gstinRef = useRef<HTMLInputElement | null>(null);
  const checkout = useRef<CheckoutHandle | undefined>(undefined);

  const unmounted = useRef(false);

  useEffect(() => {
    unmounted.current = false;
    return () => {
      unmounted.current = true;
      checkout.current?.close();
    };
  }, []);

  /**
   * Sends the checkout's answer to the server until it settles the payment: a dropped connection,
   * a server error or a payment still being confirmed is tried again with growing waits, for a
   * few minutes and across a reload of the page, before anything is said about support.
   */
  const verify = async (pending: PendingVerification) => {
    checkout.current = undefined;
    savePendingVerification(pending);
    setPhase('verifying');
    await retryVerification(pending);
  };

  const retryVerification = async (pending: PendingVerification) => {
    const { payment } = pending;
    for (let attempt = 0; ; attempt += 1) {
      let answer: VerifyPaymentResponse | undefined;
      let failure: unknown;
      try {
        answer = await api<VerifyPaymentResponse>('/verify-payment', {
          method: 'POST',
          body: JSON.stringify(payment),
        });
      } catch (error) {
        failure = error;
      }
      if (unmounted.current) return;
      if (answer?.status === 'published') {
        clearPendingVerification();
        await navigate(ACK_PATH, { state: ackOf(answer) });
        return;
      }
      const again = answer?.status === 'confirming' || isTransient(failure);
      const wait = retryDelay(attempt);
      if (again && Date.now() + wait - pending.since <= VERIFY_RETRY_WINDOW_MS) {
        // The same words every time, so that a screen reader says them once.
        setNote(answer ? answer.message : STILL_CONFIRMING);
        await sleep(wait);
        continue;
      }
      clearPendingVerification();
      if (answer) {
        // A credit, a refund, or a payment the server goes on confirming: say so plainly.
        setNote(answer.message);
      } else if (again) {
        setNote(
          `Your money is safe, and you do not need to pay again. We could not confirm the payment from this page (${await describeFailure(failure)}), but the server checks every payment with the payment service within minutes, then publishes your page or refunds the money, and emails you either way. Your order is ${payment.razorpay_order_id}.`,
        );
      } else {
        // Refused: the "still trying" note must not stand beside the reason.
        setNote(undefined);
        setAlert(
          `${await describeFailure(failure)} If money left your account, contact us and quote order ${payment.razorpay_order_id}.`,
        );
      }
      setPhase('idle');
      return;
    }
  };

  useEffect(() => {
    if (resumed) void retryVerification(resumed);
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /**
   * Places the order (`placeOrder` gets the billing details worth sending) and opens its checkout.
   * `beforeCheckout` may stop short of the checkout by answering false, having said why.
   */
  const pay = async (
    placeOrder: (billing: BillingDetails | undefined) => Promise<CreateOrderResponse>,
    beforeCheckout?: (order: PaymentRequired) => Promise<boolean>,
  ) => {
    // A GSTIN the server would refuse: no order. Its field says why (said once, where focus
    // goes), after the render that unfolds the details it is in.
    if (gstinMessage(billing.gstin) !== undefined) {
      setGstinRefused(true);
      window.requestAnimationFrame(() => gstinRef.current?.focus());
      return;
    }
    setPhase('ordering');
    let order: CreateOrderResponse;
    try {
      order = await placeOrder(billingToSend(billing));
    } catch (error) {
      setAlert(await describeFailure(error));
      setPhase('idle');
      return;
    }
    if (order.status === 'published_with_credit') {
      const state: AckState = { url: order.url, message: order.message };
      await navigate(ACK_PATH, { state });
      return;
    }
    if (beforeCheckout && !(await beforeCheckout(order))) {
      setPhase('idle');
      return;
    }
    setPhase('checkout');
    try {
      checkout.current = await openCheckout(
        order,
        {
          onPaid: (payment) => void verify({ payment, scope, since: Date.now() }),
          onFailed: (description) => setAlert(`The payment failed: ${description}`),
          onClose: () => {
            checkout.current = undefined;
            setPhase('idle');
          },
        },
        // In-app browsers (Instagram, Facebook, UC Browser, Opera) cannot run the checkout frame.
        { redirect: needsRedirectCheckout(navigator.userAgent) },
      );
    } catch (error) {
      setAlert(await describeFailure(error));
      setPhase('idle');
    }
  };

  return {
    phase,
    alert,
    setAlert,
    dismissAlert: () => setAlert(undefined),
    note,
    /** A new attempt starts with nothing said. */
    clearMessages: () => {
      setAlert(undefined);
      setNote(undefined);
    },
    /** What the page's BillingFields takes. */
    billingFields: {
      value: billing,
      onChange: (next: BillingDetails) => {
        setBilling(next);
        if (gstinMessage(next.gstin) === undefined) setGstinRefused(false);
      },
      gstinRefused,
      gstinRef,
    },
    pay,
  };
}

import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type {
  BillingDetails,
  CreateOrderResponse,
  VerifyPaymentRequest,
  VerifyPaymentResponse,
} from '../../shared/orders.js';
import { needsRedirectCheckout } from '../../shared/payments/in-app-browser.js';
import { ACK_PATH } from '../../shared/routes.js';
import { api, ApiError } from '../api/http.js';
import { refreshSession } from '../auth/session.js';
import { billingToSend } from '../billing/BillingFields.js';
import type { AckState } from '../final-preview/ackState.js';
import { openCheckout, type CheckoutHandle, type PaymentRequired } from './openCheckout.js';

export type PaymentPhase = 'idle' | 'ordering' | 'checkout' | 'verifying';

type Published = Extract<VerifyPaymentResponse, { status: 'published' }>;

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
export function usePayment({ ackOf, initialAlert }: PaymentOptions) {
  const navigate = useNavigate();
  const [phase, setPhase] = useState<PaymentPhase>('idle');
  const [alert, setAlert] = useState<string | undefined>(initialAlert);
  const [note, setNote] = useState<string | undefined>();
  const [billing, setBilling] = useState<BillingDetails>({});
  const checkout = useRef<CheckoutHandle | undefined>(undefined);

  useEffect(() => () => checkout.current?.close(), []);

  const verify = async (payment: VerifyPaymentRequest) => {
    checkout.current = undefined;
    setPhase('verifying');
    try {
      const answer = await api<VerifyPaymentResponse>('/verify-payment', {
        method: 'POST',
        body: JSON.stringify(payment),
      });
      if (answer.status === 'published') {
        await navigate(ACK_PATH, { state: ackOf(answer) });
        return;
      }
      // A credit, or a payment received that the server is still confirming: say so plainly.
      setNote(answer.message);
    } catch (error) {
      setAlert(
        `${await describeFailure(error)} If money left your account, contact us and quote order ${payment.razorpay_order_id}.`,
      );
    }
    setPhase('idle');
  };

  /**
   * Places the order (`placeOrder` gets the billing details worth sending) and opens its checkout.
   * `beforeCheckout` may stop short of the checkout by answering false, having said why.
   */
  const pay = async (
    placeOrder: (billing: BillingDetails | undefined) => Promise<CreateOrderResponse>,
    beforeCheckout?: (order: PaymentRequired) => Promise<boolean>,
  ) => {
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
          onPaid: (payment) => void verify(payment),
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
    billing,
    setBilling,
    pay,
  };
}

import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import type { Draft } from '../../shared/domain/draft.js';
import { normaliseUsername, usernameProblem } from '../../shared/domain/username.js';
import { redirectedPaymentMessage } from '../../shared/orders.js';
import { needsRedirectCheckout } from '../../shared/payments/in-app-browser.js';
import type {
  BillingDetails,
  ClaimRequest,
  ClaimResponse,
  CreateOrderRequest,
  CreateOrderResponse,
  VerifyPaymentRequest,
  VerifyPaymentResponse,
} from '../../shared/orders.js';
import { api, ApiError } from '../api/http.js';
import { refreshSession, useSession } from '../auth/session.js';
import { useSignIn } from '../auth/useSignIn.js';
import { billingToSend } from '../billing/BillingFields.js';
import { openCheckout, type CheckoutHandle } from '../checkout/openCheckout.js';
import type { AckState } from './ackState.js';

const EMPTY_ON_SUBMIT = 'Please provide a username';
const EMPTY_ON_PAYMENT = 'Please provide a username to deploy your website';
const SESSION_ENDED = 'Your session has ended. Please sign in again, then try once more.';

export type PaymentPhase = 'idle' | 'ordering' | 'checkout' | 'verifying';

/** An API failure as a sentence for the page; a lost session also updates the header. */
async function describeFailure(error: unknown): Promise<string> {
  if (error instanceof ApiError && error.status === 401) {
    await refreshSession();
    return SESSION_ENDED;
  }
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}

/**
 * Publishing from the final preview: the username, then claim (Submit) -> order (Make Payment) ->
 * checkout -> verify, signing in first when needed. `draft` is undefined when the stored draft
 * cannot be published as it is; nothing is sent then. `input` is the username field, focused when
 * the username needs attention.
 */
export function usePublishing(draft: Draft | undefined, input: RefObject<HTMLInputElement | null>) {
  const navigate = useNavigate();
  const session = useSession();
  const { signIn, pending: signingIn, message: signInMessage, dismissMessage } = useSignIn();

  const [username, setUsername] = useState('');
  const [touched, setTouched] = useState(false);
  const [claim, setClaim] = useState<ClaimResponse | undefined>();
  const [claiming, setClaiming] = useState(false);
  const [claimAlert, setClaimAlert] = useState<string | undefined>();
  const [phase, setPhase] = useState<PaymentPhase>('idle');
  // The payment callback sends the person back here with the reason when a redirected payment failed.
  const [payAlert, setPayAlert] = useState<string | undefined>(() =>
    redirectedPaymentMessage(new URLSearchParams(window.location.search).get('payment_error')),
  );
  const [credit, setCredit] = useState<string | undefined>();
  const [billing, setBilling] = useState<BillingDetails>({});
  // Which action started the sign-in, so its failure shows next to that action.
  const [signInFor, setSignInFor] = useState<'claim' | 'pay'>('claim');

  const checkout = useRef<CheckoutHandle | undefined>(undefined);

  useEffect(() => () => checkout.current?.close(), []);

  const user = session.status === 'ready' ? session.user : null;
  const problem = usernameProblem(username);
  const showProblem = touched && username !== '' && problem !== undefined;
  // Busy buttons stay focusable (aria-disabled, clicks ignored) so focus is not lost meanwhile.
  const busy = claiming || signingIn || phase === 'ordering' || phase === 'verifying';

  const changeUsername = (value: string) => {
    setUsername(normaliseUsername(value));
    setTouched(true);
    setClaimAlert(undefined);
  };

  /** Back to the username field (Change, or a payment that needs a username first). */
  const editUsername = () => {
    setClaim(undefined);
    window.requestAnimationFrame(() => input.current?.focus());
  };

  /** Signed out: start the sign-in (this runs from the click, so the popup may open). */
  const ensureSignedIn = async (action: 'claim' | 'pay'): Promise<boolean> => {
    if (user) return true;
    setSignInFor(action);
    return signIn();
  };

  const signInFromBar = () => {
    setSignInFor('claim');
    void signIn();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setClaimAlert(undefined);
    dismissMessage();
    if (username === '') {
      setClaimAlert(EMPTY_ON_SUBMIT);
      input.current?.focus();
      return;
    }
    if (problem) {
      setTouched(true);
      setClaimAlert(problem);
      input.current?.focus();
      return;
    }
    if (!draft || !(await ensureSignedIn('claim'))) return;
    setClaiming(true);
    try {
      const body: ClaimRequest = { username, templateId: draft.templateId, data: draft.data };
      const answer = await api<ClaimResponse>('/api/claims', {
        method: 'POST',
        body: JSON.stringify(body),
      });
      setClaim(answer);
      if (answer.status === 'updated') void refreshSession();
    } catch (error) {
      setClaimAlert(await describeFailure(error));
    } finally {
      setClaiming(false);
    }
  };

  const verify = async (payment: VerifyPaymentRequest) => {
    checkout.current = undefined;
    setPhase('verifying');
    try {
      const answer = await api<VerifyPaymentResponse>('/verify-payment', {
        method: 'POST',
        body: JSON.stringify(payment),
      });
      if (answer.status === 'published') {
        const state: AckState = { url: answer.url, email: answer.email, orderId: answer.orderId };
        await navigate('/ack', { state });
        return;
      }
      // A credit, or a payment received that the server is still confirming: say so plainly.
      setCredit(answer.message);
    } catch (error) {
      setPayAlert(
        `${await describeFailure(error)} If money left your account, contact us and quote order ${payment.razorpay_order_id}.`,
      );
    }
    setPhase('idle');
  };

  const pay = async () => {
    if (busy || phase !== 'idle') return;
    setPayAlert(undefined);
    setCredit(undefined);
    dismissMessage();
    if (username === '') {
      setPayAlert(EMPTY_ON_PAYMENT);
      editUsername();
      return;
    }
    if (problem) {
      setTouched(true);
      setPayAlert(problem);
      editUsername();
      return;
    }
    if (!draft || !(await ensureSignedIn('pay'))) return;
    setPhase('ordering');
    let order: CreateOrderResponse;
    try {
      const body: CreateOrderRequest = {
        templateId: draft.templateId,
        currency: 'INR',
        receipt: String(Date.now()),
        username,
        data: draft.data,
      };
      const details = billingToSend(billing);
      if (details) body.billing = details;
      order = await api<CreateOrderResponse>('/create-order', {
        method: 'POST',
        body: JSON.stringify(body),
      });
    } catch (error) {
      setPayAlert(await describeFailure(error));
      setPhase('idle');
      return;
    }
    if (order.status === 'published_with_credit') {
      const state: AckState = { url: order.url, message: order.message };
      await navigate('/ack', { state });
      return;
    }
    // A move priced down by unused days: show the breakdown before any checkout opens. The
    // claim of a name shown with another template changes nothing, it only answers.
    if (order.breakdown && claim?.status !== 'owned_other_template') {
      try {
        const body: ClaimRequest = { username, templateId: draft.templateId, data: draft.data };
        setClaim(
          await api<ClaimResponse>('/api/claims', { method: 'POST', body: JSON.stringify(body) }),
        );
        setPayAlert(
          'This username already shows another template: its unused days are credited. Check the price, then press Make Payment again.',
        );
      } catch (error) {
        setPayAlert(await describeFailure(error));
      }
      setPhase('idle');
      return;
    }
    setPhase('checkout');
    try {
      checkout.current = await openCheckout(
        order,
        {
          onPaid: (payment) => void verify(payment),
          onFailed: (description) => setPayAlert(`The payment failed: ${description}`),
          onClose: () => {
            checkout.current = undefined;
            setPhase('idle');
          },
        },
        // In-app browsers (Instagram, Facebook, UC Browser, Opera) cannot run the checkout frame.
        { redirect: needsRedirectCheckout(navigator.userAgent) },
      );
    } catch (error) {
      setPayAlert(await describeFailure(error));
      setPhase('idle');
    }
  };

  return {
    session,
    user,
    username,
    changeUsername,
    editUsername,
    problem,
    showProblem,
    claim,
    claiming,
    claimAlert,
    dismissClaimAlert: () => setClaimAlert(undefined),
    submit,
    phase,
    busy,
    payAlert,
    dismissPayAlert: () => setPayAlert(undefined),
    credit,
    billing,
    setBilling,
    pay,
    signingIn,
    signInFor,
    signInMessage,
    dismissSignInMessage: dismissMessage,
    signInFromBar,
  };
}

export type Publishing = ReturnType<typeof usePublishing>;

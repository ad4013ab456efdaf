import { useState, type FormEvent, type RefObject } from 'react';
import type { Draft } from '../../shared/draft.js';
import { claimableUsernameProblem, normaliseUsername } from '../../shared/domain/username.js';
import {
  redirectedPaymentMessage,
  type ClaimRequest,
  type ClaimResponse,
  type CreateOrderRequest,
  type CreateOrderResponse,
} from '../../shared/orders.js';
import { CLAIMS_PATH } from '../../shared/routes.js';
import { api } from '../api/http.js';
import { currentSession, refreshSession, useSession } from '../auth/session.js';
import { useSignIn } from '../auth/useSignIn.js';
import {
  readCheckedAnswer,
  readChosenUsername,
  writeCheckedAnswer,
  writeChosenUsername,
} from './chosenUsername.js';
import type { PaymentRequired } from '../checkout/checkout.types.js';
import { describeFailure, usePayment } from '../checkout/usePayment.js';

const EMPTY_ON_SUBMIT = 'Please provide a username';
const EMPTY_ON_PAYMENT = 'Please provide a username to deploy your website';

/**
 * Publishing from the final preview: the username, then claim (Submit) -> order (Make Payment) ->
 * checkout -> verify, signing in first when needed. `draft` is undefined when the stored draft
 * cannot be published as it is; nothing is sent then. `input` is the username field, focused when
 * the username needs attention.
 */
export function usePublishing(
  templateId: string,
  draft: Draft | undefined,
  input: RefObject<HTMLInputElement | null>,
) {
  const session = useSession();
  const { signIn, pending: signingIn, message: signInMessage, dismissMessage } = useSignIn();
  const payment = usePayment({
    scope: 'publish',
    // Not the server's "Payment received" words: the thank-you page's lead and link say it.
    ackOf: (answer) => {
      // Paid for: the name is the page's now, no longer one being chosen.
      writeChosenUsername(templateId, '');
      writeCheckedAnswer(templateId, undefined);
      return { url: answer.url, email: answer.email, orderId: answer.orderId };
    },
    // The payment callback sends the person back here with the reason when a redirected payment failed.
    initialAlert: () =>
      redirectedPaymentMessage(new URLSearchParams(window.location.search).get('payment_error')),
  });

  // Kept in the browser, so a reload or a later visit does not lose the name being chosen.
  const [username, setUsername] = useState(() => readChosenUsername(templateId));
  const [touched, setTouched] = useState(false);
  const [claim, setClaim] = useState<ClaimResponse | undefined>();
  const [claiming, setClaiming] = useState(false);
  // About the username, shown by its field: Submit's answer, or Make Payment refused for it
  // (focus goes to the field, so the alert must be seen there); it goes once the name changes.
  const [claimAlert, setClaimAlert] = useState<string | undefined>();
  // Which action started the sign-in, so its failure shows next to that action.
  const [signInFor, setSignInFor] = useState<'claim' | 'pay'>('claim');
  // Submit on the person's own live page waits for them to confirm the update.
  const [confirmingUpdate, setConfirmingUpdate] = useState(false);

  const user = session.status === 'ready' ? session.user : null;
  const problem = claimableUsernameProblem(username);
  const showProblem = touched && username !== '' && problem !== undefined;
  const { phase } = payment;
  // Busy buttons stay focusable (aria-disabled, clicks ignored) so focus is not lost meanwhile.
  const busy = claiming || signingIn || phase === 'ordering' || phase === 'verifying';

  // A reload shows the name as checked when this person checked it a moment ago: looked up once
  // the session says who is here (state adjusted while rendering, as React advises for this).
  const [answerLookedUpFor, setAnswerLookedUpFor] = useState<string | undefined>();
  if (user && answerLookedUpFor !== user.email) {
    setAnswerLookedUpFor(user.email);
    const kept = claim ? undefined : readCheckedAnswer(templateId, username, user.email);
    if (kept) setClaim(kept);
  }

  const changeUsername = (value: string) => {
    // "Arjun Rao" reads as arjun-rao, as the hint says: a space typed between words is kept as
    // a hyphen rather than dropped (trimming as one types would join the words).
    const normalised = normaliseUsername(value.trimStart().replace(/\s+/g, '-'));
    setUsername(normalised);
    writeChosenUsername(templateId, normalised);
    writeCheckedAnswer(templateId, undefined);
    setTouched(true);
    setClaimAlert(undefined);
  };

  /** Back to the username field (Change, or a payment that needs a username first). */
  const editUsername = () => {
    writeCheckedAnswer(templateId, undefined);
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

  const sendClaim = (claimed: Draft) => {
    const body: ClaimRequest = { username, templateId: claimed.templateId, data: claimed.data };
    return api<ClaimResponse>(CLAIMS_PATH, { method: 'POST', body: JSON.stringify(body) });
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
      // Said once, under the field (a live region): an alert box too would repeat it.
      setTouched(true);
      input.current?.focus();
      return;
    }
    if (!draft || !(await ensureSignedIn('claim'))) return;
    // The person's own live page of this template: Submit would put the draft live at once,
    // so it is asked first (asked of the session now: a sign-in a moment ago brought it).
    const now = currentSession();
    const live =
      now.status === 'ready' &&
      now.portfolios.some((p) => p.username === username && p.templateId === draft.templateId);
    if (live) {
      setConfirmingUpdate(true);
      return;
    }
    await claimNow(draft);
  };

  const claimNow = async (claimed: Draft) => {
    setClaiming(true);
    try {
      const answer = await sendClaim(claimed);
      setClaim(answer);
      const asker = currentSession();
      if (asker.status === 'ready' && asker.user) {
        writeCheckedAnswer(templateId, { claim: answer, email: asker.user.email });
      }
      if (answer.status === 'updated') void refreshSession();
    } catch (error) {
      setClaimAlert(await describeFailure(error));
    } finally {
      setClaiming(false);
    }
  };

  /** "Update live page" in the question Submit asked: the claim updates the page. */
  const confirmUpdate = async () => {
    if (draft) await claimNow(draft);
    setConfirmingUpdate(false);
  };

  const pay = async () => {
    if (busy || phase !== 'idle') return;
    payment.clearMessages();
    dismissMessage();
    setClaimAlert(undefined);
    if (username === '' || problem) {
      // A problem is already shown in the field's hint; an empty name has none, so the alert
      // beside the field says it.
      setTouched(true);
      if (username === '') setClaimAlert(EMPTY_ON_PAYMENT);
      editUsername();
      return;
    }
    if (!draft || !(await ensureSignedIn('pay'))) return;
    const placeOrder = (billing: CreateOrderRequest['billing']) => {
      const body: CreateOrderRequest = {
        templateId: draft.templateId,
        currency: 'INR',
        receipt: String(Date.now()),
        username,
        data: draft.data,
      };
      if (billing) body.billing = billing;
      return api<CreateOrderResponse>('/create-order', {
        method: 'POST',
        body: JSON.stringify(body),
      });
    };
    // A move priced down by unused days: show the breakdown before any checkout opens. The
    // claim of a name shown with another template changes nothing, it only answers.
    const showMovePrice = async (order: PaymentRequired) => {
      if (!order.breakdown || claim?.status === 'owned_other_template') return true;
      try {
        setClaim(await sendClaim(draft));
        payment.setAlert(
          'This username already shows another template: its unused days are credited. Check the price, then press Make Payment again.',
        );
      } catch (error) {
        payment.setAlert(await describeFailure(error));
      }
      return false;
    };
    await payment.pay(placeOrder, showMovePrice);
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
    confirmingUpdate,
    confirmUpdate,
    cancelUpdate: () => setConfirmingUpdate(false),
    phase,
    busy,
    payAlert: payment.alert,
    dismissPayAlert: payment.dismissAlert,
    credit: payment.note,
    billingFields: payment.billingFields,
    pay,
    signingIn,
    signInFor,
    signInMessage,
    dismissSignInMessage: dismissMessage,
    signInFromBar,
  };
}

export type Publishing = ReturnType<typeof usePublishing>;

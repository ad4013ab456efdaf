import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { DRAFT_STORAGE_KEY, type Draft } from '../../shared/domain/draft.js';
import { normaliseUsername, usernameProblem } from '../../shared/domain/username.js';
import type {
  ClaimRequest,
  ClaimResponse,
  CreateOrderRequest,
  CreateOrderResponse,
  VerifyPaymentRequest,
  VerifyPaymentResponse,
} from '../../shared/orders.js';
import { templateName } from '../../shared/routes.js';
import { api, ApiError } from '../api/http.js';
import { refreshSession, signOut, useSession } from '../auth/session.js';
import { useSignIn } from '../auth/useSignIn.js';
import { openCheckout, type CheckoutHandle } from '../checkout/openCheckout.js';
import { useSmallScreenRedirect } from '../components/useSmallScreenRedirect.js';
import type { AckState } from '../final-preview/ackState.js';
import { readStoredFinalDraft } from '../final-preview/finalDraft.js';
import { MissingFieldsWarning } from '../final-preview/MissingFieldsWarning.js';
import { PreviewFrame } from '../final-preview/PreviewFrame.js';
import { isNotForSale, PriceSummary, useTemplatePrice } from '../final-preview/PriceSummary.js';
import { missingRequiredFields } from '../final-preview/requiredFields.js';
import './final-preview.css';

const EMPTY_ON_SUBMIT = 'Please provide a username';
const EMPTY_ON_PAYMENT = 'Please provide a username to deploy your website';
const SESSION_ENDED = 'Your session has ended. Please sign in again, then try once more.';

type Phase = 'idle' | 'ordering' | 'checkout' | 'verifying';

/** An API failure as a sentence for the page; a lost session also updates the header. */
async function describeFailure(error: unknown): Promise<string> {
  if (error instanceof ApiError && error.status === 401) {
    await refreshSession();
    return SESSION_ENDED;
  }
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}

function Alert({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  // The panel scrolls: bring a new message into view next to the action that caused it.
  useEffect(() => {
    box.current?.scrollIntoView({ block: 'nearest' });
  }, [message]);
  return (
    <div ref={box} className="fp-alert" role="alert">
      <p>{message}</p>
      <button
        type="button"
        className="fp-alert__close"
        aria-label="Dismiss message"
        onClick={onDismiss}
      >
        ×
      </button>
    </div>
  );
}

function Spinner() {
  return <span className="fp-spinner" aria-hidden="true" />;
}

export function FinalPreviewPage() {
  useSmallScreenRedirect();
  const [stored] = useState(() => readStoredFinalDraft(DRAFT_STORAGE_KEY));

  if (stored.status === 'missing' || stored.status === 'unreadable') {
    return (
      <div className="fp">
        <TopBar />
        <main className="fp-empty">
          <div className="fp-empty__card">
            <h1>Nothing to publish yet</h1>
            <p>
              {stored.status === 'missing'
                ? 'There is no portfolio draft in this browser. Pick a template and fill in your details first; your work is kept here as you edit.'
                : 'The draft saved in this browser cannot be read. Pick a template to start a fresh one.'}
            </p>
            <Link className="button" to="/choose">
              Pick a template
            </Link>
          </div>
        </main>
      </div>
    );
  }
  if (stored.status === 'invalid') {
    return (
      <Publisher
        templateId={stored.templateId}
        draft={undefined}
        draftProblem={stored.problem.message}
      />
    );
  }
  return <Publisher templateId={stored.draft.templateId} draft={stored.draft} />;
}

/** The builder's bar; signing in from it reports through `signIn` (the page shows its failures). */
function TopBar({
  templateId,
  signIn,
  signingIn = false,
}: {
  templateId?: Draft['templateId'];
  signIn?: () => void;
  signingIn?: boolean;
}) {
  const session = useSession();
  const user = session.status === 'ready' ? session.user : null;
  return (
    <header className="fp-bar">
      <div className="fp-bar__start">
        <Link to="/" className="fp-bar__brand">
          Online Portfolio Builder
        </Link>
        {templateId && (
          <Link className="fp-bar__back" to="/edit" state={{ templateId }}>
            <span aria-hidden="true">←</span> Back to the editor
          </Link>
        )}
      </div>
      <div className="fp-bar__account" aria-live="polite">
        {user ? (
          <>
            <span className="fp-bar__welcome">Welcome {user.givenName}!</span>
            <button type="button" className="button button--ghost" onClick={() => void signOut()}>
              Sign out
            </button>
          </>
        ) : (
          signIn && (
            <button
              type="button"
              className="button button--ghost"
              disabled={session.status === 'loading' || signingIn}
              onClick={signIn}
            >
              {signingIn ? 'Signing in…' : 'Sign In'}
            </button>
          )
        )}
      </div>
    </header>
  );
}

function Publisher({
  templateId,
  draft,
  draftProblem,
}: {
  templateId: Draft['templateId'];
  /** Undefined when the draft cannot be published as it is (draftProblem says why). */
  draft: Draft | undefined;
  draftProblem?: string;
}) {
  const navigate = useNavigate();
  const session = useSession();
  const { signIn, pending: signingIn, message: signInMessage, dismissMessage } = useSignIn();
  const price = useTemplatePrice(templateId);
  const missing = useMemo(
    () => (draft ? missingRequiredFields(draft.templateId, draft.data) : []),
    [draft],
  );

  const [username, setUsername] = useState('');
  const [touched, setTouched] = useState(false);
  const [claim, setClaim] = useState<ClaimResponse | undefined>();
  const [claiming, setClaiming] = useState(false);
  const [claimAlert, setClaimAlert] = useState<string | undefined>();
  const [phase, setPhase] = useState<Phase>('idle');
  const [payAlert, setPayAlert] = useState<string | undefined>();
  const [credit, setCredit] = useState<string | undefined>();
  // Which action started the sign-in, so its failure shows next to that action.
  const [signInFor, setSignInFor] = useState<'claim' | 'pay'>('claim');

  const input = useRef<HTMLInputElement>(null);
  const checkout = useRef<CheckoutHandle | undefined>(undefined);
  const id = useId();

  useEffect(() => () => checkout.current?.close(), []);

  const user = session.status === 'ready' ? session.user : null;
  const problem = usernameProblem(username);
  const showProblem = touched && username !== '' && problem !== undefined;
  // Busy buttons stay focusable (aria-disabled, clicks ignored) so focus is not lost meanwhile.
  const busy = claiming || signingIn || phase === 'ordering' || phase === 'verifying';
  const notForSale = isNotForSale(price);
  const alreadyPublished = claim?.status === 'updated';
  const address = `${window.location.host}/users/${username || 'your-username'}`;

  const focusInput = () => {
    setClaim(undefined);
    window.requestAnimationFrame(() => input.current?.focus());
  };

  /** Signed out: start the sign-in (this runs from the click, so the popup may open). */
  const ensureSignedIn = async (action: 'claim' | 'pay'): Promise<boolean> => {
    if (user) return true;
    setSignInFor(action);
    return signIn();
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
        const state: AckState = { url: answer.url, email: answer.email };
        await navigate('/ack', { state });
        return;
      }
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
      focusInput();
      return;
    }
    if (problem) {
      setTouched(true);
      setPayAlert(problem);
      focusInput();
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
    setPhase('checkout');
    try {
      checkout.current = await openCheckout(order, {
        onPaid: (payment) => void verify(payment),
        onFailed: (description) => setPayAlert(`The payment failed: ${description}`),
        onClose: () => {
          checkout.current = undefined;
          setPhase('idle');
        },
      });
    } catch (error) {
      setPayAlert(await describeFailure(error));
      setPhase('idle');
    }
  };

  const signInAlert = signInMessage && <Alert message={signInMessage} onDismiss={dismissMessage} />;

  return (
    <div className="fp">
      <TopBar
        templateId={templateId}
        signingIn={signingIn}
        signIn={() => {
          setSignInFor('claim');
          void signIn();
        }}
      />
      <div className="fp-layout">
        <main className="fp-panel">
          <h1 className="fp-panel__title">Final preview</h1>
          <p className="fp-panel__lead">
            This is your {templateName(templateId)} portfolio as visitors will see it. Choose its
            address, then publish it.
          </p>

          {draftProblem && (
            <div className="fp-alert" role="alert">
              <p>
                Your draft has a field that cannot be published: {draftProblem}.{' '}
                <Link to="/edit" state={{ templateId }}>
                  Fix it in the editor
                </Link>
              </p>
            </div>
          )}

          <section className="fp-card" aria-labelledby={`${id}-address`}>
            <h2 id={`${id}-address`} className="fp-card__title">
              <span className="fp-card__step" aria-hidden="true">
                1
              </span>
              Your address
            </h2>
            {!claim && (
              <form className="fp-username" onSubmit={(event) => void submit(event)} noValidate>
                <label htmlFor={`${id}-username`} className="fp-username__label">
                  Username
                </label>
                <div className="fp-username__row">
                  <div className={`fp-username__field${showProblem ? ' is-invalid' : ''}`}>
                    <span className="fp-username__prefix" aria-hidden="true">
                      /users/
                    </span>
                    <input
                      ref={input}
                      id={`${id}-username`}
                      className="fp-username__input"
                      type="text"
                      inputMode="url"
                      autoComplete="off"
                      autoCapitalize="none"
                      spellCheck={false}
                      maxLength={60}
                      placeholder="your-name"
                      value={username}
                      aria-invalid={showProblem}
                      aria-describedby={`${id}-username-hint`}
                      onChange={(event) => {
                        setUsername(normaliseUsername(event.target.value));
                        setTouched(true);
                        setClaimAlert(undefined);
                      }}
                    />
                  </div>
                  <button
                    type="submit"
                    className="button"
                    disabled={!draft || session.status === 'loading'}
                    aria-disabled={busy}
                  >
                    {claiming ? 'Checking…' : 'Submit'}
                  </button>
                </div>
                <p
                  id={`${id}-username-hint`}
                  className={`fp-username__hint${showProblem ? ' is-problem' : ''}`}
                  aria-live="polite"
                >
                  {showProblem
                    ? problem
                    : '3 to 30 characters: letters a-z, digits 0-9 and hyphens. Capitals become lowercase.'}
                </p>
              </form>
            )}
            <div role="status">{claim && <ClaimResult claim={claim} onChange={focusInput} />}</div>
            {claimAlert && (
              <Alert message={claimAlert} onDismiss={() => setClaimAlert(undefined)} />
            )}
            {signInFor === 'claim' && signInAlert}
          </section>

          <section className="fp-card" aria-labelledby={`${id}-publish`}>
            <h2 id={`${id}-publish`} className="fp-card__title">
              <span className="fp-card__step" aria-hidden="true">
                2
              </span>
              Publish
            </h2>
            <PriceSummary price={price} />
            {draft && <MissingFieldsWarning missing={missing} templateId={templateId} />}
            {alreadyPublished && (
              <p className="fp-note">
                Nothing to pay: this username already shows this template, and it has just been
                updated.
              </p>
            )}
            {credit && (
              <div className="fp-alert fp-alert--warning" role="alert">
                <p>{credit}</p>
              </div>
            )}
            <button
              type="button"
              className="button fp-pay"
              disabled={!draft || notForSale || alreadyPublished || session.status === 'loading'}
              aria-disabled={busy || phase !== 'idle'}
              aria-describedby={`${id}-pay-status`}
              onClick={() => void pay()}
            >
              {phase === 'ordering' || phase === 'verifying' ? (
                <>
                  <Spinner />
                  {phase === 'ordering' ? 'Creating your order…' : 'Confirming your payment…'}
                </>
              ) : (
                'Make Payment'
              )}
            </button>
            <p id={`${id}-pay-status`} className="fp-pay__status" role="status">
              {phase === 'ordering' && 'Creating your order. This takes a moment.'}
              {phase === 'checkout' && 'Complete the payment in the checkout window.'}
              {phase === 'verifying' && 'Payment received. Confirming it and publishing…'}
            </p>
            {payAlert && <Alert message={payAlert} onDismiss={() => setPayAlert(undefined)} />}
            {signInFor === 'pay' && signInAlert}
            {!user && session.status !== 'loading' && (
              <p className="fp-note">You will be asked to sign in before you pay.</p>
            )}
          </section>
        </main>

        <div className="fp-preview">
          <PreviewFrame templateId={templateId} address={address} />
        </div>
      </div>
    </div>
  );
}

function ClaimResult({ claim, onChange }: { claim: ClaimResponse; onChange: () => void }) {
  const change = (
    <button type="button" className="button button--ghost fp-claim__change" onClick={onChange}>
      Change
    </button>
  );
  if (claim.status === 'free') {
    return (
      <div className="fp-claim fp-claim--free">
        <p className="fp-claim__lead">
          <strong>{claim.username}</strong> is available. Your portfolio will live at:
        </p>
        <div className="fp-claim__row">
          <p className="fp-claim__url">{claim.url}</p>
          {change}
        </div>
      </div>
    );
  }
  if (claim.status === 'updated') {
    return (
      <div className="fp-claim fp-claim--done">
        <p className="fp-claim__lead">
          Your portfolio at <strong>{claim.username}</strong> has been updated with these changes.
          No payment was needed.
        </p>
        <div className="fp-claim__row">
          <p className="fp-claim__url">
            <a href={claim.url} target="_blank" rel="noopener noreferrer">
              {claim.url}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
          {change}
        </div>
      </div>
    );
  }
  return (
    <div className="fp-claim fp-claim--other">
      <p className="fp-claim__lead">
        You already publish another template at <strong>{claim.username}</strong>. Publishing this
        template there is a new purchase: use Make Payment below, or choose another username.
      </p>
      <div className="fp-claim__row">
        <p className="fp-claim__url">{claim.url}</p>
        {change}
      </div>
    </div>
  );
}

import { useEffect, useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { refreshSession, useSession } from '../auth/session.js';
import { useSignIn } from '../auth/useSignIn.js';
import type { AccountResponse } from '../../shared/account.js';
import { formatPrice } from '../../shared/domain/price.js';
import type { ReceiptSummary } from '../../shared/orders.js';
import { ACCOUNT_PATH, CHOOSE_PATH, qrCodePath } from '../../shared/routes.js';
import { useApiAnswer } from '../api/useApiAnswer.js';
import { latestLivePortfolio } from '../account/latestLivePortfolio.js';
import { useCopy } from '../account/useCopy.js';
import { AccountBar } from '../components/AccountBar.js';
import { EmailAddress } from '../components/BreakableText.js';
import { NewTabLink } from '../components/NewTabLink.js';
import { SiteHeader } from '../components/SiteHeader.js';
import { MAIN_CONTENT_ID } from '../components/TopBar.js';
import { isOpenedWithoutPayment, readAckState } from '../checkout/ackState.js';
import { keepDraftAsEditOf } from '../draft/storage.js';
import './simple-page.css';
import './ack.css';

/** The username a portfolio address on this site ends in (none for another address). */
function usernameOf(url: string): string | undefined {
  try {
    return /^\/users\/([a-z0-9-]+)$/.exec(new URL(url).pathname)?.[1];
  } catch {
    return undefined;
  }
}

/**
 * The thank-you page after paying. It stays (decision 0016): the moment a page goes live is when
 * people want its link, to share it and to see it, so those come first.
 */
export function AckPage() {
  const location = useLocation();
  const session = useSession();
  const [state] = useState(() =>
    readAckState(location.state, location.search, window.location.origin),
  );

  // The new portfolio turns its card's Select into Update on /choose: ask the server again.
  useEffect(() => {
    void refreshSession();
  }, []);

  const user = session.status === 'ready' ? session.user : null;
  const email = state.email ?? user?.email;
  // Opened on its own: the signed-in person's own latest page stands in for the link.
  const openedWithoutPayment = isOpenedWithoutPayment(state);

  // The draft just paid for is the live page's now: the final preview updates it, never sells
  // the same words again under a new address.
  const paidFor = !openedWithoutPayment && state.url ? usernameOf(state.url) : undefined;
  const portfolios = session.status === 'ready' ? session.portfolios : undefined;
  useEffect(() => {
    const page = portfolios?.find((p) => p.username === paidFor);
    if (page && paidFor && user) keepDraftAsEditOf(paidFor, page.templateId, user.email);
  }, [paidFor, portfolios, user]);
  const offersSignIn = openedWithoutPayment && session.status === 'ready' && !user;
  // Here, not in the part it shows in: that part is replaced once the sign-in succeeds.
  const navigate = useNavigate();
  const { signIn, pending, message } = useSignIn();
  const signInToAccount = async () => {
    if (await signIn()) await navigate(ACCOUNT_PATH);
  };

  return (
    <div className="ack-page">
      {/* My portfolios, where the new page's visitors, receipt and sharing are. */}
      <SiteHeader account={<AccountBar />} />
      <main className="ack" id={MAIN_CONTENT_ID} tabIndex={-1}>
        <div className="surface-card ack__card">
          <svg className="ack__icon" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
            <circle cx="24" cy="24" r="22" />
            <path d="M14 24.5l7 7 13-14" />
          </svg>
          <h1 className="ack__title">Thank you!</h1>
          <p className="ack__lead">
            {state.url
              ? 'Your portfolio is published and live.'
              : 'Thank you for building your portfolio with Online Portfolio Builder.'}
          </p>
          {state.message && <p>{state.message}</p>}
          <p>
            The link to your portfolio will be emailed to
            <br />
            {email ? (
              <strong className="ack__email">
                <EmailAddress email={email} />
              </strong>
            ) : (
              'the address you signed in with'
            )}
            .
          </p>
          {state.orderId && <ReceiptLine orderId={state.orderId} />}
          {state.url && <LiveLink url={state.url} />}
          {openedWithoutPayment && session.status === 'ready' && (
            // Keyed by the person: another sign-in in this tab asks again, never shows the last.
            <OpenedWithoutPayment
              key={user?.email ?? ''}
              email={user?.email}
              signIn={{ start: () => void signInToAccount(), pending, message }}
            />
          )}
          <div className="simple-page__actions ack__next">
            {/* Signed out, the sign-in above is the way there. */}
            {!offersSignIn && (
              <Link className="button button--ghost" to={ACCOUNT_PATH}>
                My portfolios
              </Link>
            )}
            <Link className="button button--ghost" to={CHOOSE_PATH}>
              {state.url ? 'Build another portfolio' : 'Pick a template'}
            </Link>
          </div>
        </div>
      </main>
    </div>
  );
}

/**
 * The page without the payment it follows (a new tab, a bookmark): it says so, then offers the
 * signed-in person's latest live page, asked of the server for them alone, or a sign-in.
 */
function OpenedWithoutPayment({
  email,
  signIn,
}: {
  /** The signed-in person's; undefined when nobody is signed in. */
  email: string | undefined;
  signIn: { start: () => void; pending: boolean; message: string | undefined };
}) {
  return (
    <section className="ack__found" aria-label="Your portfolios">
      <p className="ack__alone">
        This page was opened on its own (in a new tab, or after a reload), so it cannot tell which
        payment it follows.
      </p>
      {email ? (
        <LatestPortfolio email={email} />
      ) : (
        <>
          <p>Sign in to see your portfolios, their links and receipts in My portfolios.</p>
          {/* Not disabled while pending: a disabled button would drop the focus it holds. */}
          <button
            type="button"
            className="button"
            aria-disabled={signIn.pending}
            onClick={() => {
              if (!signIn.pending) signIn.start();
            }}
          >
            {signIn.pending ? 'Signing in…' : 'Sign in to My portfolios'}
          </button>
          {signIn.message && (
            <p className="ack__error" role="alert">
              {signIn.message}
            </p>
          )}
        </>
      )}
    </section>
  );
}

/**
 * The signed-in person's latest live page. One status line, there from the start, says first
 * that it is being looked for, then what was found, so that a screen reader hears the result.
 */
function LatestPortfolio({ email }: { email: string }) {
  const { loaded } = useApiAnswer<AccountResponse>('/api/account');
  // The request goes with the browser's cookie, which a sign-in in another tab may have changed
  // since this page read its session: an answer about anyone but `email` is not shown here.
  const latest =
    loaded.status === 'ready' && loaded.answer.email === email
      ? latestLivePortfolio(loaded.answer.portfolios)
      : undefined;
  return (
    <>
      <p role="status">
        {loaded.status === 'loading' ? (
          'Looking for your portfolio…'
        ) : loaded.status === 'error' ? (
          'We could not look up your portfolios just now: My portfolios lists them.'
        ) : latest ? (
          <>
            Your most recently published portfolio is <strong>{latest.username}</strong> (
            {latest.templateName}):
          </>
        ) : (
          'None of your portfolios is live yet. A payment that is still being confirmed publishes its page within minutes, and we email you either way; My portfolios shows it then.'
        )}
      </p>
      {latest && <LiveLink url={latest.url} />}
    </>
  );
}

/** A phone or tablet held in the hand (the same test as global.css's `.for-touch`). */
const TOUCH_QUERY = '(hover: none) and (pointer: coarse)';

/**
 * The new page's address: open it, copy it, share it, or scan it from another device. On a phone
 * the system's share sheet comes first (messages, mail, social apps in one place), and the QR code,
 * which is for someone else's phone there, is folded away.
 */
function LiveLink({ url }: { url: string }) {
  const { copied, copy } = useCopy();
  const statusId = useId();
  const username = usernameOf(url);
  const canShare = typeof navigator.share === 'function';
  const [onTouch] = useState(() => window.matchMedia?.(TOUCH_QUERY).matches ?? false);
  const shareFirst = canShare && onTouch;
  const share = (
    <button
      type="button"
      className={shareFirst ? 'button' : 'button button--ghost'}
      onClick={() => void navigator.share({ url }).catch(() => undefined)}
    >
      Share…
    </button>
  );
  const qrCode = username && (
    <figure className="ack__qr">
      <img src={qrCodePath(username, 'svg')} width={120} height={120} alt={`QR code of ${url}`} />
      <figcaption>
        {/* On a phone the person is on a phone already: the code is for someone else's. */}
        <span className="for-pointer">Scan to open it on a phone.</span>
        <span className="for-touch">
          Show this code to someone to open your page on their phone.
        </span>{' '}
        <a href={qrCodePath(username, 'png', true)}>Download the QR code</a>
      </figcaption>
    </figure>
  );
  return (
    <section className="ack__live" aria-label="Your portfolio's link">
      <p className="ack__link">
        <NewTabLink href={url} />
      </p>
      <div className="ack__share">
        {shareFirst && share}
        <a
          className={shareFirst ? 'button button--ghost' : 'button'}
          href={url}
          target="_blank"
          rel="noopener"
        >
          View your portfolio
        </a>
        <button
          type="button"
          className="button button--ghost"
          aria-describedby={statusId}
          onClick={() => void copy(url)}
        >
          Copy link
        </button>
        {canShare && !shareFirst && share}
      </div>
      <p className="ack__copied" id={statusId} role="status">
        {copied === 'copied' && 'Link copied.'}
        {copied === 'failed' && 'This browser did not allow copying: select the link above.'}
      </p>
      {qrCode &&
        (onTouch ? (
          <details className="ack__qr-fold">
            <summary>QR code for someone else&rsquo;s phone</summary>
            {qrCode}
          </details>
        ) : (
          qrCode
        ))}
    </section>
  );
}

/** What was paid, with the order id support asks for and the receipt (the buyer's own only). */
function ReceiptLine({ orderId }: { orderId: string }) {
  const { loaded } = useApiAnswer<ReceiptSummary>(`/api/receipts/${encodeURIComponent(orderId)}`);
  // Without it the page still thanks: the line is left out rather than shown failed.
  if (loaded.status !== 'ready') return null;
  const receipt = loaded.answer;
  return (
    <p className="ack__receipt">
      <span className="ack__paid">{formatPrice(receipt.amountPaise)} paid</span>{' '}
      <span className="ack__order">
        Order <strong>{receipt.gatewayOrderId}</strong>
      </span>{' '}
      <a href={receipt.url}>Receipt {receipt.number}</a>
    </p>
  );
}

import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { refreshSession, useSession } from '../auth/session.js';
import { formatPrice } from '../../shared/domain/price.js';
import type { ReceiptSummary } from '../../shared/orders.js';
import { ACCOUNT_PATH, CHOOSE_PATH, qrCodePath } from '../../shared/routes.js';
import { useApiAnswer } from '../api/useApiAnswer.js';
import { useCopy } from '../account/useCopy.js';
import { AccountBar } from '../components/AccountBar.js';
import { NewTabLink } from '../components/NewTabLink.js';
import { MAIN_CONTENT_ID, TopBar } from '../components/TopBar.js';
import { readAckState } from '../checkout/ackState.js';
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

  const email =
    state.email ?? (session.status === 'ready' && session.user ? session.user.email : undefined);

  return (
    <div className="ack-page">
      <TopBar>
        {/* My portfolios, where the new page's visitors, receipt and sharing are. */}
        <AccountBar />
      </TopBar>
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
              <strong className="ack__email">{email}</strong>
            ) : (
              'the address you signed in with'
            )}
            .
          </p>
          {state.orderId && <ReceiptLine orderId={state.orderId} />}
          {state.url && <LiveLink url={state.url} />}
          <div className="simple-page__actions ack__next">
            <Link className="button button--ghost" to={ACCOUNT_PATH}>
              My portfolios
            </Link>
            <Link className="button button--ghost" to={CHOOSE_PATH}>
              {state.url ? 'Build another portfolio' : 'Pick a template'}
            </Link>
          </div>
        </div>
      </main>
    </div>
  );
}

/** The new page's address: open it, copy it, share it, or scan it from another device. */
function LiveLink({ url }: { url: string }) {
  const { copied, copy } = useCopy();
  const statusId = useId();
  const username = usernameOf(url);
  const canShare = typeof navigator.share === 'function';
  return (
    <section className="ack__live" aria-label="Your portfolio's link">
      <p className="ack__link">
        <NewTabLink href={url} />
      </p>
      <div className="ack__share">
        <a className="button" href={url} target="_blank" rel="noopener">
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
        {canShare && (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => void navigator.share({ url }).catch(() => undefined)}
          >
            Share…
          </button>
        )}
      </div>
      <p className="ack__copied" id={statusId} role="status">
        {copied === 'copied' && 'Link copied.'}
        {copied === 'failed' && 'This browser did not allow copying: select the link above.'}
      </p>
      {username && (
        <figure className="ack__qr">
          <img
            src={qrCodePath(username, 'svg')}
            width={120}
            height={120}
            alt={`QR code of ${url}`}
          />
          <figcaption>
            Scan to open it on a phone.{' '}
            <a href={qrCodePath(username, 'png', true)}>Download the QR code</a>
          </figcaption>
        </figure>
      )}
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
      Order <strong>{receipt.gatewayOrderId}</strong> · {formatPrice(receipt.amountPaise)} paid
      <br />
      <a href={receipt.url}>Receipt {receipt.number}</a>
    </p>
  );
}

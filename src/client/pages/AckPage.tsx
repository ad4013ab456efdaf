import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { refreshSession, useSession } from '../auth/session.js';
import { formatPrice } from '../../shared/domain/price.js';
import type { ReceiptSummary } from '../../shared/orders.js';
import { CHOOSE_PATH } from '../../shared/routes.js';
import { useApiAnswer } from '../api/useApiAnswer.js';
import { AccountBar } from '../components/AccountBar.js';
import { NewTabLink } from '../components/NewTabLink.js';
import { MAIN_CONTENT_ID, TopBar } from '../components/TopBar.js';
import { readAckState } from '../checkout/ackState.js';
import './simple-page.css';
import './ack.css';

/** SPEC section 9: /ack goes back to /choose after 5 seconds. */
const ACK_REDIRECT_SECONDS = 5;

export function AckPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const [state] = useState(() =>
    readAckState(location.state, location.search, window.location.origin),
  );
  const [remaining, setRemaining] = useState(ACK_REDIRECT_SECONDS);
  const [stayed, setStayed] = useState(false);

  // The new portfolio turns its card's Select into Update on /choose: ask the server again.
  useEffect(() => {
    void refreshSession();
  }, []);

  useEffect(() => {
    if (stayed) return;
    if (remaining <= 0) {
      void navigate(CHOOSE_PATH, { replace: true });
      return;
    }
    const timer = window.setTimeout(() => setRemaining((seconds) => seconds - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [remaining, stayed, navigate]);

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
          {state.orderId && (
            <ReceiptLine orderId={state.orderId} onLooking={() => setStayed(true)} />
          )}
          {state.url && (
            <p className="ack__link">
              <NewTabLink href={state.url} />
            </p>
          )}
          <p className="ack__countdown">
            {stayed ? (
              'You are staying on this page.'
            ) : (
              <>
                Taking you back to the templates in{' '}
                <span role="timer" className="ack__seconds">
                  {remaining}
                </span>{' '}
                {remaining === 1 ? 'second' : 'seconds'}…
              </>
            )}
          </p>
          <div className="simple-page__actions">
            <Link className="button" to={CHOOSE_PATH} replace>
              Go now
            </Link>
            {!stayed && (
              <button
                type="button"
                className="button button--ghost"
                onClick={() => setStayed(true)}
              >
                Stay on this page
              </button>
            )}
          </div>
        </div>
      </main>
    </div>
  );
}

/**
 * What was paid, with the order id support asks for and the receipt: read from the server (the
 * buyer's own receipt only). Looking at it stops the return to /choose.
 */
function ReceiptLine({ orderId, onLooking }: { orderId: string; onLooking: () => void }) {
  const { loaded } = useApiAnswer<ReceiptSummary>(`/api/receipts/${encodeURIComponent(orderId)}`);
  // Without it the page still thanks: the line is left out rather than shown failed.
  if (loaded.status !== 'ready') return null;
  const receipt = loaded.answer;
  return (
    <p className="ack__receipt">
      Order <strong>{receipt.gatewayOrderId}</strong> · {formatPrice(receipt.amountPaise)} paid
      <br />
      <a href={receipt.url} onFocus={onLooking} onClick={onLooking}>
        Receipt {receipt.number}
      </a>
    </p>
  );
}

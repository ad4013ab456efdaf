import { Link, useParams } from 'react-router';
import { formatPrice, PER_YEAR } from '../../shared/domain/price.js';
import { formatTermDate, isServed, termInWords, type TermState } from '../../shared/domain/term.js';
import { normaliseUsername } from '../../shared/domain/username.js';
import type { RenewalQuote } from '../../shared/orders.js';
import { ACCOUNT_PATH } from '../../shared/routes.js';
import { useSession } from '../auth/session.js';
import { useSignIn } from '../auth/useSignIn.js';
import { BillingFields } from '../billing/BillingFields.js';
import type { PaymentPhase } from '../checkout/usePayment.js';
import { PageThumbnail } from '../account/PageThumbnail.js';
import { AccountBar } from '../components/AccountBar.js';
import { WithWholeDates } from '../components/BreakableText.js';
import { Footer } from '../components/Footer.js';
import { NewTabLink } from '../components/NewTabLink.js';
import { SiteHeader } from '../components/SiteHeader.js';
import { MAIN_CONTENT_ID } from '../components/TopBar.js';
import { Alert } from '../components/Alert.js';
import { Spinner } from '../components/Spinner.js';
import { initialsOf } from '../../shared/text/graphemes.js';
import { priceInWords } from '../renewal/price-words.js';
import { useRenewal } from '../renewal/useRenewal.js';
import '../components/discount-pill.css';
import './renew.css';

/** What renewing does from here, in the words of the term rules. */
function whatRenewingDoes(state: TermState): string {
  switch (state) {
    case 'live':
      return 'The new year is added to the end of the current one: no day is lost by renewing early.';
    case 'grace':
      return 'Your page stayed up after its paid year ended; the new year starts where that one ended.';
    case 'offline':
    case 'released':
      return 'Your page is offline. Renewing brings it back at once, paid for a year from today.';
  }
}

const PAY_LABELS: Record<PaymentPhase, string> = {
  idle: 'Pay',
  ordering: 'Preparing the payment…',
  checkout: 'Waiting for the payment…',
  verifying: 'Confirming the payment…',
};

/**
 * The portfolio being renewed. While visitors see it, its picture is the page itself in small, as
 * on the account page (the owner's own photo and name); offline there is no page to show, and
 * the template's picture would show its sample person: the owner's initials instead.
 */
function QuoteCard({ quote }: { quote: RenewalQuote }) {
  return (
    <div className="renew__portfolio">
      {isServed(quote.state) ? (
        <PageThumbnail
          username={quote.username}
          templateId={quote.templateId}
          served
          className="renew__thumb"
        />
      ) : (
        <span className="renew__initials" aria-hidden="true">
          {initialsOf(quote.name || quote.username)}
        </span>
      )}
      <div>
        <p className="renew__name">{quote.name || quote.username}</p>
        <p className="renew__template">{quote.templateName} template</p>
        <p className="renew__url">
          <NewTabLink href={quote.url} />
        </p>
        <p className="renew__status">
          <WithWholeDates text={termInWords(quote.paidUntil)} />
        </p>
      </div>
    </div>
  );
}

/** /account/renew/:username: one more year of a published portfolio, at the current price. */
export function RenewPage() {
  const username = normaliseUsername(useParams().username ?? '');
  const session = useSession();
  const signedIn = session.status === 'ready' && session.user !== null;
  const { signIn, pending, message, dismissMessage } = useSignIn();
  const renewal = useRenewal(username, signedIn);
  const busy = renewal.phase !== 'idle';

  let body;
  if (session.status === 'loading') {
    body = (
      <p className="renew__quiet" role="status">
        Loading…
      </p>
    );
  } else if (!signedIn) {
    body = (
      <>
        <p>
          Sign in with the account that published <strong>{username}</strong> to see its price and
          renew it.
        </p>
        {message && <Alert onDismiss={dismissMessage}>{message}</Alert>}
        <button type="button" className="button" disabled={pending} onClick={() => void signIn()}>
          {pending ? 'Signing in…' : 'Sign in to renew'}
        </button>
      </>
    );
  } else if (renewal.quote.status === 'loading') {
    body = (
      <p className="renew__quiet" role="status">
        Loading the price…
      </p>
    );
  } else if (renewal.quote.status === 'error') {
    body = (
      <>
        <Alert>
          {renewal.quote.notFound
            ? `You have no portfolio at ${username} to renew. Check that you are signed in with the account that published it.`
            : renewal.quote.message}
        </Alert>
        <Link className="button button--ghost" to={ACCOUNT_PATH}>
          My portfolios
        </Link>
      </>
    );
  } else {
    const { quote } = renewal.quote;
    const discounted = quote.discountPercent > 0 && quote.listAmount > quote.amount;
    body = (
      <>
        <QuoteCard quote={quote} />
        <dl className="renew__terms">
          <div>
            <dt>Paid until now</dt>
            <dd>{formatTermDate(new Date(quote.paidUntil))}</dd>
          </div>
          <div>
            <dt>Paid until after renewing</dt>
            <dd>{formatTermDate(new Date(quote.newPaidUntil))}</dd>
          </div>
          <div className="renew__price">
            <dt>Price for the added year</dt>
            <dd>
              {discounted && (
                <>
                  <s className="renew__was">
                    <span className="visually-hidden">Usual price: </span>
                    {formatPrice(quote.listAmount)}
                  </s>{' '}
                </>
              )}
              {/* "₹800 / year" in one piece on a phone. */}
              <span className="renew__amount">
                {formatPrice(quote.amount)}
                <span className="renew__period">{PER_YEAR}</span>
              </span>
              {discounted && (
                <span className="discount-pill renew__discount">
                  {quote.discountPercent}% off today
                </span>
              )}
            </dd>
          </div>
        </dl>
        <p className="renew__price-note">{priceInWords(quote)}</p>
        <p className="renew__fine">
          {whatRenewingDoes(quote.state)} Your portfolio keeps its content; edits stay free.
        </p>
        {renewal.alert && <Alert onDismiss={renewal.dismissAlert}>{renewal.alert}</Alert>}
        {renewal.note && <Alert tone="warning">{renewal.note}</Alert>}
        <BillingFields id="renew" {...renewal.billingFields} />
        <button
          type="button"
          className="button renew__pay"
          aria-disabled={busy}
          onClick={() => void renewal.pay()}
        >
          {busy && <Spinner />}
          {busy ? PAY_LABELS[renewal.phase] : `Pay ${formatPrice(quote.amount)} and renew`}
        </button>
      </>
    );
  }

  return (
    <div className="renew">
      {/* Signed in, the bar's own My portfolios is the way back. */}
      <SiteHeader
        account={<AccountBar signIn={() => void signIn()} signingIn={pending} lockWhileSigningIn />}
      />
      <main className="renew__main" id={MAIN_CONTENT_ID} tabIndex={-1}>
        <section className="surface-card renew__card" aria-labelledby="renew-title">
          <h1 id="renew-title" className="renew__title">
            Renew <span className="renew__username">{username}</span>
          </h1>
          {body}
        </section>
      </main>
      <Footer />
    </div>
  );
}

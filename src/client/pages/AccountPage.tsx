import { Link, useSearchParams } from 'react-router';
import type { AccountPortfolio, AccountResponse } from '../../shared/account.js';
import { CHOOSE_PATH, receiptToReturnTo } from '../../shared/routes.js';
import { LeavingSection } from '../account/LeavingSection.js';
import { MessagesSection } from '../account/MessagesSection.js';
import { PortfolioList } from '../account/PortfolioList.js';
import { PreviewLinksSection } from '../preview-links/PreviewLinksSection.js';
import { useApiAnswer } from '../api/useApiAnswer.js';
import { useSession } from '../auth/session.js';
import { useSignIn } from '../auth/useSignIn.js';
import { AccountBar } from '../components/AccountBar.js';
import { Footer } from '../components/Footer.js';
import { LoadFailed } from '../components/LoadFailed.js';
import { SiteHeader } from '../components/SiteHeader.js';
import { MAIN_CONTENT_ID } from '../components/TopBar.js';
import '../components/alert.css';
import '../account/account.css';

/** /account: the signed-in person's portfolios, what they can do with each, and leaving. */
export function AccountPage() {
  const session = useSession();
  const { signIn: openSignIn, pending, message, dismissMessage } = useSignIn();
  const user = session.status === 'ready' ? session.user : null;
  // A receipt's link opened signed out sends its buyer here to sign in, and back afterwards.
  const [query] = useSearchParams();
  const backTo = receiptToReturnTo(query);
  const signIn = async () => {
    if ((await openSignIn()) && backTo) window.location.assign(backTo);
  };

  return (
    <div className="account">
      <SiteHeader
        account={
          <AccountBar signIn={() => void signIn()} signingIn={pending} lockWhileSigningIn={false} />
        }
      />
      <main className="account__main" id={MAIN_CONTENT_ID} tabIndex={-1}>
        <h1 className="account__title">My portfolios</h1>
        {session.status === 'loading' && (
          <p className="account__status" role="status">
            Loading…
          </p>
        )}
        {session.status === 'error' && (
          <div className="surface-card account__panel" role="alert">
            <p>We could not tell whether you are signed in. {session.message}</p>
          </div>
        )}
        {session.status === 'ready' && !user && (
          <section
            className="surface-card account__panel account__signin"
            aria-labelledby="account-signin"
          >
            <h2 id="account-signin">
              {backTo ? 'Sign in to see your receipt' : 'Sign in to see your portfolios'}
            </h2>
            <p>
              {backTo
                ? 'Sign in with the account you paid with and your receipt opens.'
                : 'Your published portfolios, their receipts and renewals are kept with your account. Sign in with the account you used to publish.'}
            </p>
            <button
              type="button"
              className="button"
              disabled={pending}
              onClick={() => void signIn()}
            >
              {pending ? 'Signing in…' : 'Sign In'}
            </button>
            {message && (
              <p className="alert alert--compact account__error" role="alert">
                {message}{' '}
                <button type="button" className="account__text-button" onClick={dismissMessage}>
                  Dismiss
                </button>
              </p>
            )}
          </section>
        )}
        {user && <SignedInAccount email={user.email} />}
      </main>
      <Footer />
    </div>
  );
}

function SignedInAccount({ email }: { email: string }) {
  const { loaded, retry, update } = useApiAnswer<AccountResponse>('/api/account');
  const changePortfolios = (change: (portfolios: AccountPortfolio[]) => AccountPortfolio[]) =>
    update((account) => ({ ...account, portfolios: change(account.portfolios) }));
  const replace = (next: AccountPortfolio) =>
    changePortfolios((list) => list.map((p) => (p.username === next.username ? next : p)));
  const remove = (username: string) =>
    changePortfolios((list) => list.filter((p) => p.username !== username));

  return (
    <>
      <p className="account__lead">
        Every page you have published, with its address, status and receipts.
      </p>
      {loaded.status === 'loading' && (
        <p className="account__status" role="status">
          Loading your portfolios…
        </p>
      )}
      {loaded.status === 'error' && (
        <LoadFailed className="surface-card account__panel" onRetry={retry}>
          Your portfolios could not be loaded. {loaded.message}
        </LoadFailed>
      )}
      {loaded.status === 'ready' && loaded.answer.portfolios.length === 0 && (
        <section
          className="surface-card account__panel account__empty"
          aria-labelledby="account-empty"
        >
          <h2 id="account-empty">No portfolios yet</h2>
          <p>
            Once you publish a portfolio it appears here, with its link, its receipts and the date
            it is paid until.
          </p>
          <Link className="button" to={CHOOSE_PATH}>
            Pick a template
          </Link>
        </section>
      )}
      {loaded.status === 'ready' && loaded.answer.portfolios.length > 0 && (
        <PortfolioList
          portfolios={loaded.answer.portfolios}
          onChange={replace}
          onDeleted={remove}
        />
      )}
      {/* Loading meanwhile, hidden until the portfolios are here: the page appears as one, not
          as three loading lines one under another. */}
      <div hidden={loaded.status === 'loading'}>
        <PreviewLinksSection />
        <MessagesSection />
        <LeavingSection email={email} />
      </div>
    </>
  );
}

import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  DELETE_ACCOUNT_WORD,
  type AccountPortfolio,
  type AccountResponse,
  type DeleteAccountRequest,
  type PublicationResponse,
} from '../../shared/account.js';
import { formatRupees } from '../../shared/domain/price.js';
import { allowsFreeUpdates, formatTermDate, termInWords } from '../../shared/domain/term.js';
import { receiptPath, renewPath } from '../../shared/routes.js';
import type { PortfolioDataResponse } from '../../shared/templates-api.js';
import { isTemplateId } from '../../shared/templates/catalog.js';
import { api, ApiError } from '../api/http.js';
import { signedOutEverywhere, useSession } from '../auth/session.js';
import { useSignIn } from '../auth/useSignIn.js';
import { AccountBar } from '../components/AccountBar.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { Footer } from '../components/Footer.js';
import { startEditingPublished } from '../draft/storage.js';
import './account.css';

type Loaded =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; account: AccountResponse };

/** /account: the signed-in person's portfolios, what they can do with each, and leaving. */
export function AccountPage() {
  const session = useSession();
  const { signIn, pending, message, dismissMessage } = useSignIn();
  const user = session.status === 'ready' ? session.user : null;

  return (
    <div className="account">
      <header className="account__bar">
        <Link to="/" className="account__brand">
          Online Portfolio Builder
        </Link>
        <AccountBar
          signIn={() => void signIn()}
          signingIn={pending}
          lockWhileSigningIn={false}
          signInLook="ghost"
        />
      </header>
      <main className="account__main">
        <h1 className="account__title">My portfolios</h1>
        {session.status === 'loading' && (
          <p className="account__status" role="status">
            Loading…
          </p>
        )}
        {session.status === 'error' && (
          <div className="account__panel" role="alert">
            <p>We could not tell whether you are signed in. {session.message}</p>
          </div>
        )}
        {session.status === 'ready' && !user && (
          <section className="account__panel account__signin" aria-labelledby="account-signin">
            <h2 id="account-signin">Sign in to see your portfolios</h2>
            <p>
              Your published portfolios, their receipts and renewals are kept with your account.
              Sign in with the account you used to publish.
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
              <p className="account__error" role="alert">
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
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  const load = useCallback(async () => {
    try {
      setLoaded({ status: 'ready', account: await api<AccountResponse>('/api/account') });
    } catch (error) {
      setLoaded({ status: 'error', message: (error as Error).message });
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const replace = (next: AccountPortfolio) =>
    setLoaded((current) =>
      current.status === 'ready'
        ? {
            status: 'ready',
            account: {
              ...current.account,
              portfolios: current.account.portfolios.map((p) =>
                p.username === next.username ? next : p,
              ),
            },
          }
        : current,
    );
  const remove = (username: string) =>
    setLoaded((current) =>
      current.status === 'ready'
        ? {
            status: 'ready',
            account: {
              ...current.account,
              portfolios: current.account.portfolios.filter((p) => p.username !== username),
            },
          }
        : current,
    );

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
        <div className="account__panel" role="alert">
          <p>Your portfolios could not be loaded. {loaded.message}</p>
          <button
            type="button"
            className="button"
            onClick={() => {
              setLoaded({ status: 'loading' });
              void load();
            }}
          >
            Try again
          </button>
        </div>
      )}
      {loaded.status === 'ready' && loaded.account.portfolios.length === 0 && (
        <section className="account__panel account__empty" aria-labelledby="account-empty">
          <h2 id="account-empty">No portfolios yet</h2>
          <p>
            Once you publish a portfolio it appears here, with its link, its receipts and the
            date it renews.
          </p>
          <Link className="button" to="/choose">
            Pick a template
          </Link>
        </section>
      )}
      {loaded.status === 'ready' && loaded.account.portfolios.length > 0 && (
        <ul className="account__list">
          {loaded.account.portfolios.map((portfolio) => (
            <li key={portfolio.username}>
              <PortfolioCard portfolio={portfolio} onChange={replace} onDeleted={remove} />
            </li>
          ))}
        </ul>
      )}
      <LeavingSection email={email} />
    </>
  );
}

type Dialog = 'unpublish' | 'delete' | undefined;

function PortfolioCard({
  portfolio: p,
  onChange,
  onDeleted,
}: {
  portfolio: AccountPortfolio;
  onChange: (next: AccountPortfolio) => void;
  onDeleted: (username: string) => void;
}) {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>();
  const [receiptsOpen, setReceiptsOpen] = useState(false);
  const [busy, setBusy] = useState<'edit' | 'publish' | undefined>();
  const [error, setError] = useState<string | undefined>();
  const headingId = `portfolio-${p.username}`;
  const receiptsId = `receipts-${p.username}`;
  const canEdit = allowsFreeUpdates(p.termState) && isTemplateId(p.templateId);
  const state = p.unpublished ? 'unpublished' : p.termState;

  const setPublication = async (unpublished: boolean) => {
    const answer = await api<PublicationResponse>(
      `/api/account/portfolios/${encodeURIComponent(p.username)}/${unpublished ? 'unpublish' : 'publish'}`,
      { method: 'POST', body: '{}' },
    );
    onChange({ ...p, unpublished: answer.unpublished });
  };

  const publish = async () => {
    setBusy('publish');
    setError(undefined);
    try {
      await setPublication(false);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(undefined);
    }
  };

  const edit = async () => {
    if (!isTemplateId(p.templateId)) return;
    setBusy('edit');
    setError(undefined);
    try {
      const { data } = await api<PortfolioDataResponse>(`/api/portfolios/${p.templateId}`);
      if (!startEditingPublished({ templateId: p.templateId, data }, p.username)) {
        throw new Error('Your browser would not let us save the draft (storage is full or blocked).');
      }
      await navigate('/edit', { state: { templateId: p.templateId } });
    } catch (failure) {
      setError((failure as Error).message);
      setBusy(undefined);
    }
  };

  return (
    <article className={`pcard pcard--${state}`} aria-labelledby={headingId}>
      <div className="pcard__head">
        <div>
          <p className="pcard__template">{p.templateName}</p>
          <h2 className="pcard__name" id={headingId}>
            {p.username}
          </h2>
        </div>
        <p className="pcard__state">
          {p.unpublished ? 'Unpublished · you took this page offline' : termInWords(p.paidUntil)}
        </p>
      </div>

      <LiveLink url={p.url} live={!p.unpublished && p.termState !== 'offline'} />

      <dl className="pcard__facts">
        <div>
          <dt>Template</dt>
          <dd>{p.templateName}</dd>
        </div>
        <div>
          <dt>Username</dt>
          <dd>{p.username}</dd>
        </div>
        <div>
          <dt>Paid until</dt>
          <dd>{formatTermDate(new Date(p.paidUntil))}</dd>
        </div>
      </dl>

      <div className="pcard__actions">
        <button
          type="button"
          className="button"
          disabled={!canEdit}
          aria-disabled={busy !== undefined}
          aria-describedby={canEdit ? undefined : `${headingId}-renew-hint`}
          onClick={() => void (busy ? undefined : edit())}
        >
          {busy === 'edit' ? 'Opening…' : 'Edit'}
          <span className="visually-hidden"> {p.username}</span>
        </button>
        <Link className="button button--ghost" to={renewPath(p.username)}>
          Renew<span className="visually-hidden"> {p.username}</span>
        </Link>
        <button
          type="button"
          className="button button--ghost"
          aria-expanded={receiptsOpen}
          aria-controls={receiptsId}
          onClick={() => setReceiptsOpen((open) => !open)}
        >
          Receipts<span className="visually-hidden"> of {p.username}</span>
        </button>
        {p.unpublished ? (
          <button
            type="button"
            className="button button--ghost"
            aria-disabled={busy !== undefined}
            onClick={() => void (busy ? undefined : publish())}
          >
            {busy === 'publish' ? 'Publishing…' : 'Publish'}
            <span className="visually-hidden"> {p.username}</span>
          </button>
        ) : (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => setDialog('unpublish')}
          >
            Unpublish<span className="visually-hidden"> {p.username}</span>
          </button>
        )}
        <button
          type="button"
          className="button button--ghost pcard__delete"
          onClick={() => setDialog('delete')}
        >
          Delete<span className="visually-hidden"> {p.username}</span>
        </button>
      </div>
      {!canEdit && (
        <p className="pcard__hint" id={`${headingId}-renew-hint`}>
          This page has expired: renew it to make changes.
        </p>
      )}
      {error && (
        <p className="account__error" role="alert">
          {error}
        </p>
      )}

      <div id={receiptsId} className="pcard__receipts" hidden={!receiptsOpen}>
        {p.orders.length === 0 ? (
          <p>No paid orders for this address.</p>
        ) : (
          <ul>
            {p.orders.map((order) => (
              <li key={order.orderId}>
                <a href={receiptPath(order.orderId)}>
                  Receipt of {formatTermDate(new Date(order.paidAt))} ·{' '}
                  {formatRupees(order.amountPaise)} {order.currency}
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>

      {dialog === 'unpublish' && (
        <ConfirmDialog
          title={`Unpublish ${p.username}?`}
          confirmLabel="Unpublish"
          onClose={() => setDialog(undefined)}
          onConfirm={async () => {
            await setPublication(true);
            setDialog(undefined);
          }}
        >
          <p>
            Visitors to <strong>{p.url}</strong> will see that the page is not available, from
            now on.
          </p>
          <p>
            The username stays yours and your paid term keeps running. You can publish it again
            at any time.
          </p>
        </ConfirmDialog>
      )}
      {dialog === 'delete' && (
        <ConfirmDialog
          title={`Delete ${p.username}?`}
          confirmLabel="Delete portfolio"
          destructive
          typeToConfirm={{ label: `Type ${p.username} to confirm`, accepts: [p.username] }}
          onClose={() => setDialog(undefined)}
          onConfirm={async () => {
            await api<null>(`/api/account/portfolios/${encodeURIComponent(p.username)}`, {
              method: 'DELETE',
            });
            setDialog(undefined);
            onDeleted(p.username);
          }}
        >
          <p>
            The page at <strong>{p.url}</strong> goes offline at once and the username is
            released: anyone may take it afterwards. This cannot be undone.
          </p>
          <p>
            Deleting does not refund the time left on this page. Your receipts stay available on
            request.
          </p>
        </ConfirmDialog>
      )}
    </article>
  );
}

/** The page's address with a Copy button that says when it worked. */
function LiveLink({ url, live }: { url: string; live: boolean }) {
  const [copied, setCopied] = useState<'copied' | 'failed' | undefined>();

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(undefined), 2500);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };

  return (
    <div className="pcard__link">
      <a href={url} target="_blank" rel="noopener noreferrer" className="pcard__url">
        {url}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
      <button type="button" className="button button--ghost pcard__copy" onClick={() => void copy()}>
        {copied === 'copied' ? 'Copied' : 'Copy'}
        <span className="visually-hidden"> link</span>
      </button>
      <span className="visually-hidden" role="status">
        {copied === 'copied' ? 'Link copied' : copied === 'failed' ? 'Copying failed' : ''}
      </span>
      {copied === 'failed' && (
        <span className="pcard__copy-failed">Copying was refused: select the link instead.</span>
      )}
      {!live && <span className="pcard__offline">Not shown to visitors right now</span>}
    </div>
  );
}

/** Download my data, and Delete my account with a typed confirmation. */
function LeavingSection({ email }: { email: string }) {
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);

  return (
    <section className="account__leaving" aria-labelledby="account-leaving">
      <h2 id="account-leaving">Your data</h2>
      <div className="account__leaving-grid">
        <div className="account__panel">
          <h3>Download my data</h3>
          <p>
            A JSON file with your profile, your portfolios with all their content, your usernames
            and your orders.
          </p>
          <a className="button button--ghost" href="/api/account/export" download>
            Download my data
          </a>
        </div>
        <div className="account__panel">
          <h3>Delete my account</h3>
          <p>
            Takes every page offline, releases your usernames and erases your personal data and
            uploaded images. Orders are kept without your details, as accounting law requires.
          </p>
          <button
            type="button"
            className="button button--ghost pcard__delete"
            onClick={() => setDeleting(true)}
          >
            Delete my account
          </button>
        </div>
      </div>
      {deleting && (
        <ConfirmDialog
          title="Delete your account?"
          confirmLabel="Delete my account"
          destructive
          typeToConfirm={{
            label: `Type ${DELETE_ACCOUNT_WORD} or your email address to confirm`,
            accepts: [DELETE_ACCOUNT_WORD, email],
          }}
          onClose={() => setDeleting(false)}
          onConfirm={async (typed) => {
            const body: DeleteAccountRequest = { confirmation: typed };
            try {
              await api<null>('/api/account', { method: 'DELETE', body: JSON.stringify(body) });
            } catch (error) {
              if (error instanceof ApiError && error.status === 401) signedOutEverywhere();
              throw error;
            }
            signedOutEverywhere();
            await navigate('/', { replace: true });
          }}
        >
          <p>This happens at once and cannot be undone:</p>
          <ul className="confirm__list">
            <li>every page you published goes offline and its username is released;</li>
            <li>your portfolios, drafts on our server and uploaded images are deleted;</li>
            <li>your name, email address and picture are erased, and you are signed out everywhere;</li>
            <li>
              paid orders are kept with amounts, dates and payment ids only (accounting law). No
              refund is made for time left.
            </li>
          </ul>
        </ConfirmDialog>
      )}
    </section>
  );
}

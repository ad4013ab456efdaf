import { useState } from 'react';
import { Link } from 'react-router';
import type { Draft } from '../../shared/draft.js';
import type { ClaimRequest, ClaimResponse } from '../../shared/orders.js';
import type { AccountResponse } from '../../shared/account.js';
import { ACCOUNT_PATH, CLAIMS_PATH, publicPagePath } from '../../shared/routes.js';
import { api, ApiError } from '../api/http.js';
import { useApiAnswer } from '../api/useApiAnswer.js';
import { refreshSession, useSession } from '../auth/session.js';
import { useSignIn } from '../auth/useSignIn.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { NewTabLink } from '../components/NewTabLink.js';
import { Alert } from '../components/Alert.js';
import { PublishNotes } from './PublishNotes.js';
import type { MissingFields } from './requiredFields.js';

/**
 * The page's address as the server gives it (its public address, which this builder window's
 * host need not be), without the scheme; this window's host until the answer comes.
 */
function useShownAddress(username: string, signedIn: boolean): string {
  const { loaded } = useApiAnswer<AccountResponse>(signedIn ? '/api/account' : undefined);
  const url =
    loaded.status === 'ready'
      ? loaded.answer.portfolios.find((portfolio) => portfolio.username === username)?.url
      : undefined;
  return url?.replace(/^https?:\/\//, '') ?? `${window.location.host}${publicPagePath(username)}`;
}

/**
 * The final preview of a published portfolio opened with Edit on the account page: the address
 * is fixed, and "Publish changes" asks for confirmation, then updates the page through the
 * claim route (which answers `updated` for one's own name with the same template).
 */
export function UpdateCard({
  id,
  username,
  draft,
  missing,
  notesInCard,
  onLeave,
  onPublished,
}: {
  id: string;
  username: string;
  /** Undefined when the draft cannot be published as it is. */
  draft: Draft | undefined;
  missing: MissingFields[];
  /** Whether the empty fields are noted here; on a phone they are a line above the page. */
  notesInCard: boolean;
  /** Publish this draft under another address instead (the usual final preview). */
  onLeave: () => void;
  /** The changes are live: the page around the card says so too. */
  onPublished: () => void;
}) {
  const session = useSession();
  const { signIn, message: signInMessage, dismissMessage } = useSignIn();
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const address = useShownAddress(username, session.status === 'ready' && session.user !== null);

  const open = async () => {
    setProblem(undefined);
    if (session.status === 'ready' && !session.user && !(await signIn())) return;
    setConfirming(true);
  };

  const publish = async () => {
    if (!draft) return;
    const body: ClaimRequest = { username, templateId: draft.templateId, data: draft.data };
    let answer: ClaimResponse;
    try {
      answer = await api<ClaimResponse>(CLAIMS_PATH, {
        method: 'POST',
        body: JSON.stringify(body),
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) await refreshSession();
      throw error;
    }
    setConfirming(false);
    if (answer.status === 'updated') {
      setDone(answer.url);
      onPublished();
      void refreshSession();
    } else {
      setProblem(
        `${username} no longer shows this portfolio of yours, so it cannot be updated from here. Publish these changes under another address instead.`,
      );
    }
  };

  return (
    <section className="surface-card fp-card" aria-labelledby={`${id}-update`}>
      <h2 id={`${id}-update`} className="fp-card__title">
        Publish your changes
      </h2>
      <label htmlFor={`${id}-fixed-username`} className="fp-username__label">
        Username
      </label>
      <div className="fp-username__field is-fixed">
        <span className="fp-username__prefix" aria-hidden="true">
          /users/
        </span>
        <input
          id={`${id}-fixed-username`}
          className="fp-username__input"
          type="text"
          value={username}
          readOnly
          aria-describedby={`${id}-fixed-hint`}
        />
      </div>
      <p id={`${id}-fixed-hint`} className="fp-username__hint">
        You are editing your published page at {address}. Its address stays the same.
      </p>
      {draft && notesInCard && <PublishNotes draft={draft} missing={missing} withSample={false} />}
      <div role="status">
        {done && (
          <div className="fp-claim fp-claim--done">
            <p className="fp-claim__lead">Your changes are live. No payment was needed.</p>
            <p className="fp-claim__url">
              <NewTabLink href={done} />
            </p>
            <p>
              <Link to={ACCOUNT_PATH}>Back to My portfolios</Link>
            </p>
          </div>
        )}
      </div>
      {!done && (
        <button
          type="button"
          className="button fp-pay"
          disabled={!draft || session.status === 'loading'}
          onClick={() => void open()}
        >
          Publish changes
        </button>
      )}
      {problem && <Alert onDismiss={() => setProblem(undefined)}>{problem}</Alert>}
      {signInMessage && <Alert onDismiss={dismissMessage}>{signInMessage}</Alert>}
      <p className="fp-note">
        Want a second page instead?{' '}
        <button type="button" className="link-button" onClick={onLeave}>
          Publish this under another address
        </button>
      </p>
      {confirming && (
        <ConfirmDialog
          title="Publish these changes?"
          confirmLabel="Publish changes now"
          onClose={() => setConfirming(false)}
          onConfirm={publish}
        >
          <p>
            Your page at <strong>{address}</strong> will show this version at once, for every
            visitor. The previous version is replaced.
          </p>
          <p>Nothing to pay: the changes are part of your current term.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

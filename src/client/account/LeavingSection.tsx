import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DELETE_ACCOUNT_WORD, type DeleteAccountRequest } from '../../shared/account.js';
import { api, ApiError } from '../api/http.js';
import { signedOutEverywhere } from '../auth/session.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import './leaving.css';

/** Download my data, and Delete my account with a typed confirmation. */
export function LeavingSection({ email }: { email: string }) {
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);

  return (
    <section className="leaving" aria-labelledby="account-leaving">
      <h2 id="account-leaving">Your data</h2>
      <div className="leaving__grid">
        <div className="surface-card account__panel">
          <h3>Download my data</h3>
          <p>
            A JSON file with your profile, your portfolios with all their content, your usernames,
            your orders and the messages visitors sent you.
          </p>
          {/* No `download` attribute: a refusal opens a page that says why (SharePanel.tsx). */}
          <a className="button button--ghost" href="/api/account/export">
            Download my data
          </a>
        </div>
        <div className="surface-card account__panel">
          <h3>Delete my account</h3>
          <p>
            Takes every page offline, releases your usernames and erases your personal data and
            uploaded images. Orders are kept without your details, as accounting law requires.
          </p>
          <button
            type="button"
            className="button button--ghost leaving__delete"
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
            // Leaves the account page at once, so its thumbnails of the deleted pages stop
            // loading; home is a static page, whose route then loads its document (router.tsx).
            await navigate('/', { replace: true });
          }}
        >
          <p>This happens at once and cannot be undone:</p>
          <ul className="confirm__list">
            <li>every page you published goes offline and its username is released;</li>
            <li>
              your portfolios, username reservations, uploaded images and the messages visitors sent
              you are deleted;
            </li>
            <li>
              your name, email address and picture are erased, and you are signed out everywhere;
            </li>
            <li>
              paid orders are kept with amounts, dates and payment ids only (accounting law). No
              refund is made for time left, and unused credit from an earlier payment is lost.
            </li>
          </ul>
        </ConfirmDialog>
      )}
    </section>
  );
}

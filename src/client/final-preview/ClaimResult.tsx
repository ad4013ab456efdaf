import type { ClaimResponse } from '../../shared/orders.js';

/** What Submit found for the username: free, already this template (updated), or another one. */
export function ClaimResult({ claim, onChange }: { claim: ClaimResponse; onChange: () => void }) {
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
        template there replaces it: a purchase of this template, less{' '}
        {claim.move.credit > 0
          ? 'a credit for the unused days of the current one (see the price below)'
          : 'nothing, since the current one has no unused days left'}
        . Use Make Payment below, or choose another username.
      </p>
      <div className="fp-claim__row">
        <p className="fp-claim__url">{claim.url}</p>
        {change}
      </div>
    </div>
  );
}

import type { ReactNode } from 'react';
import { formatTermDate } from '../../shared/domain/term.js';
import type { ClaimResponse } from '../../shared/orders.js';
import { WebAddress } from '../components/BreakableText.js';
import { NewTabLink } from '../components/NewTabLink.js';

/** The look of each answer and what it says. */
function leadOf(claim: ClaimResponse): { tone: 'free' | 'done' | 'other'; lead: ReactNode } {
  switch (claim.status) {
    case 'free':
      if (claim.sameTemplate) {
        const other = claim.sameTemplate;
        return {
          tone: 'other',
          lead: (
            <>
              <strong>{claim.username}</strong> is available, but you already have a page with this
              template at <strong>{other.username}</strong>, paid until{' '}
              {formatTermDate(new Date(other.paidUntil))}. You have one portfolio per template:
              paying here gives that page this second address, puts this draft on both, and adds a
              year to its term. To change only that page, choose Change and use{' '}
              <strong>{other.username}</strong>: updating it needs no payment.
            </>
          ),
        };
      }
      return {
        tone: 'free',
        lead: (
          <>
            <strong>{claim.username}</strong> is available. Your portfolio will live at:
          </>
        ),
      };
    case 'updated':
      return {
        tone: 'done',
        lead: (
          <>
            Your portfolio at <strong>{claim.username}</strong> has been updated with these changes.
            No payment was needed.
          </>
        ),
      };
    case 'owned_other_template':
      return {
        tone: 'other',
        lead: (
          <>
            You already publish another template at <strong>{claim.username}</strong>. Publishing
            this template there replaces it: a purchase of this template, less{' '}
            {claim.move.credit > 0
              ? 'a credit for the unused days of the current one (see the price below)'
              : 'nothing, since the current one has no unused days left'}
            . Use Make Payment below, or choose another username.
          </>
        ),
      };
  }
}

/**
 * What "Use this username" found for the username: free, already this template (updated), or another one;
 * then the address (a link once the page there is updated) and Change.
 */
export function ClaimResult({ claim, onChange }: { claim: ClaimResponse; onChange: () => void }) {
  const { tone, lead } = leadOf(claim);
  return (
    <div className={`fp-claim fp-claim--${tone}`}>
      <p className="fp-claim__lead">{lead}</p>
      <div className="fp-claim__row">
        <p className="fp-claim__url">
          {claim.status === 'updated' ? (
            <NewTabLink href={claim.url} />
          ) : (
            <WebAddress url={claim.url} />
          )}
        </p>
        <button type="button" className="button button--ghost fp-claim__change" onClick={onChange}>
          Change
        </button>
      </div>
    </div>
  );
}

import { useState, type RefObject } from 'react';
import {
  GST_STATES,
  GSTIN_EXAMPLE,
  GSTIN_LENGTH,
  gstinMessage,
  gstStateName,
} from '../../shared/domain/receipts.js';
import { BILLING_LIMITS, type BillingDetails } from '../../shared/orders.js';
import './billing.css';
import '../components/fold-chevron.css';

/** The states by name (their codes would put Bihar, 10, first and Delhi, 07, near the end). */
const STATES_BY_NAME = Object.entries(GST_STATES).sort(([, a], [, b]) =>
  a.localeCompare(b, 'en-IN'),
);

/** Only what was filled in is sent; an empty form sends nothing. */
export function billingToSend(billing: BillingDetails): BillingDetails | undefined {
  const filled = Object.fromEntries(
    Object.entries(billing).filter(([, value]) => typeof value === 'string' && value.trim() !== ''),
  );
  return Object.keys(filled).length > 0 ? filled : undefined;
}

/**
 * Optional details for a GST invoice, folded away: most buyers need none. A GSTIN is checked as
 * the person leaves its field (the server checks again and decides); its first two digits are
 * the state, shown in place of the list. Without a GSTIN the state is picked from the list; it
 * decides CGST+SGST or IGST.
 */
export function BillingFields({
  id,
  value,
  onChange,
  gstinRefused = false,
  gstinRef,
}: {
  id: string;
  value: BillingDetails;
  onChange: (next: BillingDetails) => void;
  /** A payment was refused for the GSTIN: its problem shows (and the details open) at once. */
  gstinRefused?: boolean;
  /** The GSTIN field, for the payment to put focus on when it refuses it. */
  gstinRef?: RefObject<HTMLInputElement | null>;
}) {
  // Set when the person leaves the GSTIN field: its problem is shown from then on, as it is
  // corrected, until it is right (the next mistake waits for the next time they leave).
  const [left, setLeft] = useState(false);
  // Open when it arrives filled in; then as the person folds it (emptying a field keeps it open).
  const [open, setOpen] = useState(() => billingToSend(value) !== undefined);
  // A refusal unfolds the details, so that the field it focuses can be seen (and focused).
  const [seenRefusal, setSeenRefusal] = useState(gstinRefused);
  if (seenRefusal !== gstinRefused) {
    setSeenRefusal(gstinRefused);
    if (gstinRefused) setOpen(true);
  }
  const set = (patch: Partial<BillingDetails>) => onChange({ ...value, ...patch });
  const gstin = value.gstin ?? '';
  const problem = gstinMessage(gstin);
  const showProblem = (left || gstinRefused) && problem !== undefined;
  const impliedState = gstStateName(gstin);
  const errorId = `${id}-billing-gstin-error`;
  const stateId = `${id}-billing-state`;
  return (
    <details
      className="billing"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="fold-summary fold-chevron">Add billing details for a GST invoice</summary>
      <p className="billing__hint">
        Optional. They appear on your receipt; a GSTIN makes it a tax invoice in your business’s
        name.
      </p>
      <label className="billing__label" htmlFor={`${id}-billing-name`}>
        Name or business
      </label>
      <input
        id={`${id}-billing-name`}
        className="billing__input"
        autoComplete="organization"
        maxLength={BILLING_LIMITS.name}
        value={value.name ?? ''}
        onChange={(event) => set({ name: event.target.value })}
      />
      <label className="billing__label" htmlFor={`${id}-billing-address`}>
        Address
      </label>
      <textarea
        id={`${id}-billing-address`}
        className="billing__input"
        autoComplete="street-address"
        rows={2}
        maxLength={BILLING_LIMITS.address}
        value={value.address ?? ''}
        onChange={(event) => set({ address: event.target.value })}
      />
      <label className="billing__label" htmlFor={`${id}-billing-gstin`}>
        GSTIN
      </label>
      <input
        id={`${id}-billing-gstin`}
        className={`billing__input billing__input--code${showProblem ? ' is-invalid' : ''}`}
        ref={gstinRef}
        autoCapitalize="characters"
        spellCheck={false}
        // No maxLength: the browser would cut a GSTIN pasted with spaces before they are taken
        // out. Its length is limited here, once they are.
        // Said as an example: a bare number in the field read as one filled in already.
        placeholder={`e.g. ${GSTIN_EXAMPLE}`}
        value={gstin}
        aria-invalid={showProblem}
        aria-describedby={gstin === '' ? undefined : `${errorId} ${stateId}`}
        onChange={(event) => {
          // Pasted from an invoice, a GSTIN may come with spaces: they are never part of it.
          const next = event.target.value.toUpperCase().replace(/\s+/g, '').slice(0, GSTIN_LENGTH);
          if (gstinMessage(next) === undefined) setLeft(false);
          set({ gstin: next });
        }}
        onBlur={() => setLeft(gstin !== '')}
      />
      {/* Always there, so that a screen reader hears the problem when it appears. */}
      <p id={errorId} className="billing__error" aria-live="polite">
        {showProblem && problem}
      </p>
      {gstin === '' ? (
        <>
          <label className="billing__label" htmlFor={stateId}>
            State
          </label>
          <select
            id={stateId}
            className="billing__input"
            value={value.state ?? ''}
            onChange={(event) => set({ state: event.target.value })}
          >
            <option value="">Not given</option>
            {STATES_BY_NAME.map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        </>
      ) : (
        // The GSTIN decides the state (the server takes it from there): shown, to be checked.
        <p id={stateId} className="billing__from-gstin">
          <span className="billing__from-gstin-label">State</span>
          {impliedState ? (
            <>
              <strong>{impliedState}</strong> (code {gstin.slice(0, 2)}, from the GSTIN)
            </>
          ) : (
            'Taken from the GSTIN’s first two digits'
          )}
        </p>
      )}
    </details>
  );
}

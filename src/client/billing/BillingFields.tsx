import { GST_STATES } from '../../shared/domain/receipts.js';
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
 * Optional details for a GST invoice, folded away: most buyers need none. The server checks the
 * GSTIN and names the field if it is wrong; the state decides CGST+SGST or IGST without one.
 */
export function BillingFields({
  id,
  value,
  onChange,
}: {
  id: string;
  value: BillingDetails;
  onChange: (next: BillingDetails) => void;
}) {
  const set = (patch: Partial<BillingDetails>) => onChange({ ...value, ...patch });
  const filled = billingToSend(value) !== undefined;
  return (
    <details className="billing" open={filled || undefined}>
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
        className="billing__input billing__input--code"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={15}
        placeholder="27AAPFU0939F1ZV"
        value={value.gstin ?? ''}
        onChange={(event) => set({ gstin: event.target.value.toUpperCase() })}
      />
      {!value.gstin?.trim() && (
        <>
          <label className="billing__label" htmlFor={`${id}-billing-state`}>
            State
          </label>
          <select
            id={`${id}-billing-state`}
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
      )}
    </details>
  );
}

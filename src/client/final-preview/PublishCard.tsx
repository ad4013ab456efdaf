import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { BillingFields } from '../billing/BillingFields.js';
import type { Draft } from '../../shared/draft.js';
import type { TemplateId } from '../../shared/templates/catalog.js';
import { Alert } from '../components/Alert.js';
import { Spinner } from '../components/Spinner.js';
import { PublishNotes } from './PublishNotes.js';
import type { TemplatePrice } from '../templates/useTemplateList.js';
import { isNotForSale, PriceSummary } from './PriceSummary.js';
import type { MissingFields } from './requiredFields.js';
import type { Publishing } from './usePublishing.js';

/** Step 2: the price, what is still missing, and Make Payment with its progress. */
export function PublishCard({
  id,
  templateId,
  draft,
  price,
  missing,
  publishing: p,
  signInAlert,
  payFoot,
  notesInCard,
}: {
  /** Prefix for element ids (useId of the page). */
  id: string;
  templateId: TemplateId;
  draft: Draft | undefined;
  price: TemplatePrice;
  missing: MissingFields[];
  publishing: Publishing;
  /** A failed sign-in that Make Payment started. */
  signInAlert: ReactNode;
  /** The panel's foot, below its scrolling cards, where Make Payment stands; null: in the card. */
  payFoot: HTMLElement | null;
  /** Whether the notes on the draft stand here; on a phone they are a line above the page. */
  notesInCard: boolean;
}) {
  const alreadyPublished = p.claim?.status === 'updated';
  const payBar = (
    <div className="fp-pay__bar">
      <button
        type="button"
        className="button fp-pay"
        disabled={
          !draft || isNotForSale(price) || alreadyPublished || p.session.status === 'loading'
        }
        aria-disabled={p.busy || p.phase !== 'idle'}
        aria-describedby={`${id}-pay-status`}
        onClick={() => void p.pay()}
      >
        {p.phase === 'ordering' || p.phase === 'verifying' ? (
          <>
            <Spinner />
            {p.phase === 'ordering' ? 'Creating your order…' : 'Confirming your payment…'}
          </>
        ) : (
          'Make Payment'
        )}
      </button>
    </div>
  );
  return (
    <section className="surface-card fp-card" aria-labelledby={`${id}-publish`}>
      <h2 id={`${id}-publish`} className="fp-card__title">
        <span className="fp-card__step" aria-hidden="true">
          2
        </span>
        Publish
      </h2>
      <PriceSummary
        templateId={templateId}
        price={price}
        move={p.claim?.status === 'owned_other_template' ? p.claim.move : undefined}
      />
      {draft && notesInCard && <PublishNotes draft={draft} missing={missing} withSample />}
      {alreadyPublished && (
        <p className="fp-note">
          Nothing to pay: this username already shows this template, and it has just been updated.
        </p>
      )}
      {p.credit && <Alert tone="warning">{p.credit}</Alert>}
      {!alreadyPublished && <BillingFields id={id} {...p.billingFields} />}
      {payFoot ? createPortal(payBar, payFoot) : payBar}
      <p id={`${id}-pay-status`} className="fp-pay__status" role="status">
        {p.phase === 'ordering' && 'Creating your order. This takes a moment.'}
        {p.phase === 'checkout' && 'Complete the payment in the checkout window.'}
        {p.phase === 'verifying' && 'Payment received. Confirming it and publishing…'}
      </p>
      {p.payAlert && <Alert onDismiss={p.dismissPayAlert}>{p.payAlert}</Alert>}
      {signInAlert}
      {!p.user && p.session.status !== 'loading' && (
        <p className="fp-note">You will be asked to sign in before you pay.</p>
      )}
    </section>
  );
}

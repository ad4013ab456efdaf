import { formatPrice, NO_PRICE_MESSAGE, PER_YEAR } from '../../shared/domain/price.js';
import type { MoveBreakdown } from '../../shared/orders.js';
import { templateName, type TemplateId } from '../../shared/templates/catalog.js';
import type { TemplatePrice } from '../templates/useTemplateList.js';
import '../components/discount-pill.css';

/** True when the store has no price for the template: it cannot be bought. */
export function isNotForSale(price: TemplatePrice): boolean {
  return (
    price.status === 'ready' &&
    (price.answer === undefined || price.answer.finalPricePaise === null)
  );
}

/**
 * The price shown before paying. `move` is the server's breakdown when the username moves here
 * from another template: the credit for the old term's unused days comes off the price.
 */
export function PriceSummary({
  templateId,
  price,
  move,
}: {
  templateId: TemplateId;
  price: TemplatePrice;
  move?: MoveBreakdown;
}) {
  if (price.status === 'loading') {
    // As tall as the price it stands for, so that nothing under it moves when the price arrives.
    return (
      <div className="fp-price">
        <p className="fp-price__line fp-price--quiet" role="status">
          {/* An empty amount holds the line at the amount's height. */}
          <span className="fp-price__amount" aria-hidden="true">
            {'\u200b'}
          </span>
          Loading the price…
        </p>
        <TermFinePrint name={templateName(templateId)} />
      </div>
    );
  }
  if (price.status === 'error') {
    return (
      <p className="fp-price fp-price--quiet">
        The price could not be loaded ({price.message}). You will see the amount in the checkout.
      </p>
    );
  }
  const template = price.answer;
  if (!template || template.pricePaise === null || template.finalPricePaise === null) {
    return <p className="fp-price fp-price--quiet">Template Price : NA. {NO_PRICE_MESSAGE}</p>;
  }
  return (
    <div className="fp-price">
      <p className="fp-price__line">
        <span className="visually-hidden">Template Price : </span>
        <span className="fp-price__amount">{formatPrice(template.finalPricePaise)}</span>
        <span className="fp-price__period">{PER_YEAR}</span>
        {template.discountPercent > 0 && (
          <>
            {' '}
            <s className="fp-price__was">
              <span className="visually-hidden">Old price: </span>
              {formatPrice(template.pricePaise)}
            </s>{' '}
            <span className="discount-pill">{template.discountPercent}% off</span>
          </>
        )}
      </p>
      <TermFinePrint name={template.name} />
      {move && move.credit > 0 && (
        <dl className="fp-price__move">
          <div>
            <dt>
              Credit for {move.creditDays} unused {move.creditDays === 1 ? 'day' : 'days'} of your
              current template
            </dt>
            <dd>−{formatPrice(move.credit)}</dd>
          </div>
          <div className="fp-price__total">
            <dt>To pay now</dt>
            <dd>{formatPrice(move.amount)}</dd>
          </div>
        </dl>
      )}
    </div>
  );
}

function TermFinePrint({ name }: { name: string }) {
  return <p className="fp-price__fine">{name} template for a year; later updates are free.</p>;
}

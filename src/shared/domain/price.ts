/**
 * Money is integer paise everywhere; rupees only appear when shown. Discounted price
 * = price - discount * price / 100 (SPEC section 9), rounded to the nearest paisa.
 */
export function discountedPaise(pricePaise: number, discountPercent: number): number {
  return Math.round(pricePaise - (discountPercent * pricePaise) / 100);
}

// Indian grouping, as Indian buyers read amounts: 1,000, 12,000, then lakhs (1,00,000).
const WHOLE_RUPEES = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const RUPEES_AND_PAISE = new Intl.NumberFormat('en-IN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * "499" and "1,00,000" for whole rupees, "449.10" and "1,079.10" otherwise: paise only when there
 * are some. Receipts always show paise (formatInvoiceRupees), grouped the same way.
 */
export function formatRupees(paise: number): string {
  return (paise % 100 === 0 ? WHOLE_RUPEES : RUPEES_AND_PAISE).format(paise / 100);
}

/** An invoice amount: rupees with paise always shown and Indian grouping ("₹1,49,900.00"). */
export function formatInvoiceRupees(paise: number): string {
  return `₹${RUPEES_AND_PAISE.format(paise / 100)}`;
}

/** "₹499", "₹1,079.10": an amount as the builder writes it wherever a person reads one. */
export function formatPrice(paise: number): string {
  return `₹${formatRupees(paise)}`;
}

/** What follows a yearly price wherever it is shown apart from its amount: "₹499 / year". */
export const PER_YEAR = ' / year';

/** "₹1,499 / year": a template's or a renewal's price, in one piece. */
export function formatYearlyPrice(paise: number): string {
  return `${formatPrice(paise)}${PER_YEAR}`;
}

/** Said wherever a template without a price is offered: on /choose, the final preview and the API. */
export const NO_PRICE_MESSAGE = 'This template has no price yet, so it cannot be bought right now.';

/**
 * Money is integer paise everywhere; rupees only appear when shown. Discounted price
 * = price - discount * price / 100 (SPEC section 9), rounded to the nearest paisa.
 */
export function discountedPaise(pricePaise: number, discountPercent: number): number {
  return Math.round(pricePaise - (discountPercent * pricePaise) / 100);
}

/** "499" for whole rupees, "449.10" otherwise: the builder shows prices in rupees per year. */
export function formatRupees(paise: number): string {
  const rupees = paise / 100;
  return Number.isInteger(rupees) ? String(rupees) : rupees.toFixed(2);
}

/**
 * "₹499", "₹449.10": an amount as the builder writes it everywhere but /choose, whose price line
 * keeps the specification's "499 INR / year".
 */
export function formatPrice(paise: number): string {
  return `₹${formatRupees(paise)}`;
}

/** What follows a yearly price wherever it is shown apart from its amount: "₹499 / year". */
export const PER_YEAR = ' / year';

/** "₹499 / year": a template's or a renewal's price, in one piece. */
export function formatYearlyPrice(paise: number): string {
  return `${formatPrice(paise)}${PER_YEAR}`;
}

/** Said wherever a template without a price is offered: on /choose, the final preview and the API. */
export const NO_PRICE_MESSAGE = 'This template has no price yet, so it cannot be bought right now.';

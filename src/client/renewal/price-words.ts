import { formatPrice } from '../../shared/domain/price.js';
import type { RenewalQuote } from '../../shared/orders.js';

/**
 * What the price is, in the server's figures: a renewal is charged at the template's price on the
 * day (DESIGN.md, the term), so a discount is today's, not a promise for the years after.
 */
export function priceInWords(quote: RenewalQuote): string {
  const price = formatPrice(quote.amount);
  const later = 'Later renewals are charged at the template’s price on the day';
  if (quote.discountPercent > 0 && quote.listAmount > quote.amount) {
    const usual = formatPrice(quote.listAmount);
    return `${price} is ${quote.templateName}’s usual ${usual} a year with its current ${quote.discountPercent}% discount, for the year you add now. ${later}, which may be the full ${usual}.`;
  }
  return `${price} is ${quote.templateName}’s price today, for the year you add now. ${later}.`;
}

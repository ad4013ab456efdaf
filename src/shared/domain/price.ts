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

/** What the builder receives about a template: everything needed to show and compare prices. */
export interface TemplateSummary {
  id: string;
  name: string;
  /** Null when no price is set: shown as NA and not for sale. */
  pricePaise: number | null;
  discountPercent: number;
  /** What the buyer pays, in paise; null when not for sale. */
  finalPricePaise: number | null;
}

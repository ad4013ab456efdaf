import type { AccountPortfolio } from '../../shared/account.js';
import { isServed } from '../../shared/domain/term.js';

/** When a portfolio was last paid for, in ms (0 for never), whatever order its orders come in. */
const lastPaid = (portfolio: AccountPortfolio) =>
  Math.max(0, ...portfolio.orders.map((order) => Date.parse(order.paidAt) || 0));

/** Later-paid first; with no payment between them (a page given, not bought), the later end. */
const paidLater = (a: AccountPortfolio, b: AccountPortfolio) =>
  lastPaid(a) !== lastPaid(b)
    ? lastPaid(a) > lastPaid(b)
    : Date.parse(a.paidUntil) > Date.parse(b.paidUntil);

/**
 * The page a person most likely came to thank for: of their portfolios that visitors can see
 * (served, not taken offline), the one paid for last.
 */
export function latestLivePortfolio(
  portfolios: readonly AccountPortfolio[],
): AccountPortfolio | undefined {
  let latest: AccountPortfolio | undefined;
  for (const portfolio of portfolios) {
    const visible = !portfolio.unpublished && isServed(portfolio.termState);
    if (visible && (latest === undefined || paidLater(portfolio, latest))) latest = portfolio;
  }
  return latest;
}

/**
 * Moving a username to another template: a purchase of the new template, priced down by the
 * unused days of the old page's term (decided here, on the server, when the order is made), and
 * in the publish transaction the end of the old term, so that nobody pays twice for the same days.
 */
import { unusedTermCredit } from '../../shared/domain/proration.js';
import type { MoveBreakdown } from '../../shared/orders.js';
import type { Db, Tx } from '../db/database.js';
import { findPortfolioById, setPaidUntil } from '../portfolios/portfolios.repository.js';
import { latestTermValue, type OrderRow } from './orders.repository.js';
import { countOtherUsernamesOf, findUsername } from '../site/usernames.repository.js';

/**
 * The price of publishing `templateId` at a username this person already publishes with another
 * template; undefined when it is not such a move. A portfolio that another of the person's
 * usernames still serves keeps its term, so it gives no credit.
 */
export async function quoteMove(
  db: Db,
  userId: string,
  username: string,
  templateId: string,
  price: number,
  now: Date,
): Promise<MoveBreakdown | undefined> {
  const owner = await findUsername(db, username);
  if (!owner || owner.user_id !== userId) return undefined;
  const old = await findPortfolioById(db, owner.portfolio_id);
  if (!old || old.template_id === templateId) return undefined;
  const stays = (await countOtherUsernamesOf(db, old.id, username)) > 0;
  const termValue = stays ? 0 : await latestTermValue(db, userId, old.template_id);
  const { credit, days } = unusedTermCredit(termValue, new Date(old.paid_until), price, now);
  return { price, credit, creditDays: credit > 0 ? days : 0, amount: price - credit };
}

/**
 * A move's credit was decided when its order was made; when the payment arrives it must still
 * stand. Another move, a refund or a second order quoted on the same unused days may have spent
 * that term since, and then this order is underpaid. The credit is worked out again from the
 * term as it is now, at the moment the order was made, so the minutes spent paying cost nothing.
 */
export async function moveCreditStands(trx: Tx, order: OrderRow): Promise<boolean> {
  if (order.kind !== 'move' || order.proration_paise === 0) return true;
  const price = order.amount_paise + order.proration_paise;
  const orderedAt = new Date(order.created_at);
  const quote = await quoteMove(
    trx,
    order.user_id,
    order.username,
    order.template_id,
    price,
    orderedAt,
  );
  return quote !== undefined && quote.credit >= order.proration_paise;
}

/**
 * Called in the publish transaction after the username points at its new portfolio: the old
 * one's term ends now unless another of the owner's usernames still serves it.
 */
export async function endReplacedTerm(
  trx: Tx,
  oldPortfolioId: string,
  username: string,
  now: Date,
): Promise<void> {
  if ((await countOtherUsernamesOf(trx, oldPortfolioId, username)) > 0) return;
  const old = await findPortfolioById(trx, oldPortfolioId);
  const stamp = now.toISOString();
  if (old && old.paid_until > stamp) await setPaidUntil(trx, old.id, stamp, stamp);
}

/**
 * Renewing a published portfolio: one more year at the template's current price, through the
 * same order -> payment -> publish path as a purchase. Only the owner of the username renews it;
 * the portfolio keeps its content (publish.service.ts extends `paid_until` and nothing else).
 */
import { randomUUID } from 'node:crypto';
import { renewedUntil, termOf } from '../../shared/domain/term.js';
import { portfolioUrl } from '../../shared/domain/username.js';
import type { CreateOrderResponse, RenewalQuote } from '../../shared/orders.js';
import { isTemplateId, templateName } from '../../shared/templates/catalog.js';
import type { UserRow } from '../auth/users.repository.js';
import { inTransaction } from '../db/database.js';
import { findPortfolioById, type PortfolioRow } from '../portfolios/portfolios.repository.js';
import { decodeStoredPortfolio } from '../portfolios/stored-portfolio.js';
import { OrderError } from './errors.js';
import { insertOrder } from './orders.repository.js';
import { currentPriceOf, payOrder, priceOf } from './orders.service.js';
import type { OrdersContext, RenewalInput } from './orders.types.js';
import { findOwnedUsername } from '../site/released-names.js';

/**
 * The portfolio this person publishes at `username`; refused for anyone else's name, and for a
 * name released after its reserved time (its row may still wait for the sweep): that one is
 * bought again, not renewed.
 */
async function ownPortfolioAt(
  ctx: OrdersContext,
  user: UserRow,
  username: string,
  now: Date,
): Promise<PortfolioRow> {
  const owner = await findOwnedUsername(ctx.db, username, now);
  const portfolio =
    owner?.user_id === user.id && (await findPortfolioById(ctx.db, owner.portfolio_id));
  if (!portfolio) {
    throw new OrderError('not_owner', 'You have no portfolio at this username to renew.');
  }
  return portfolio;
}

/** What renewing costs now and what it buys, for the renew page. */
export async function quoteRenewal(
  ctx: OrdersContext,
  user: UserRow,
  username: string,
  now = new Date(),
): Promise<RenewalQuote> {
  const portfolio = await ownPortfolioAt(ctx, user, username, now);
  const templateId = portfolio.template_id;
  if (!isTemplateId(templateId)) throw new Error(`portfolio ${portfolio.id} has no known template`);
  const parsed = decodeStoredPortfolio(portfolio.data);
  const price = await currentPriceOf(ctx.db, templateId);
  return {
    username,
    url: portfolioUrl(ctx.publicUrl(), username),
    templateId,
    templateName: templateName(templateId),
    name: parsed.ok ? parsed.data.personalDetails.name : '',
    amount: price.amount,
    listAmount: price.listAmount,
    discountPercent: price.discountPercent,
    state: termOf(portfolio.paid_until, now).state,
    paidUntil: portfolio.paid_until,
    newPaidUntil: renewedUntil(portfolio.paid_until, now).toISOString(),
  };
}

/** POST /api/renewals: stores a renewal order of the current content and opens its payment. */
export async function createRenewal(
  ctx: OrdersContext,
  user: UserRow,
  input: RenewalInput,
  now = new Date(),
): Promise<CreateOrderResponse> {
  const portfolio = await ownPortfolioAt(ctx, user, input.username, now);
  const amount = await priceOf(ctx.db, portfolio.template_id);
  const orderId = randomUUID();
  const stamp = now.toISOString();
  // No username hold: the name is the owner's already, and the publish checks it still is.
  await inTransaction(ctx.db, (trx) =>
    insertOrder(
      trx,
      {
        id: orderId,
        gateway: ctx.gateway.kind,
        user_id: user.id,
        template_id: portfolio.template_id,
        username: input.username,
        // A record of what was renewed; publishing a renewal never writes it back.
        data: portfolio.data,
        amount_paise: amount,
        receipt: input.receipt,
        kind: 'renewal',
        proration_paise: 0,
        ...input.billing,
      },
      stamp,
    ),
  );
  return payOrder(
    ctx,
    user,
    {
      orderId,
      receipt: input.receipt,
      username: input.username,
      templateId: portfolio.template_id,
    },
    { kind: 'renewal', amount, proration: 0 },
    now,
  );
}

import { randomUUID } from 'node:crypto';
import { discountedPaise, NO_PRICE_MESSAGE } from '../../shared/domain/price.js';
import { allowsFreeUpdates, formatTermDate, termOf } from '../../shared/domain/term.js';
import { portfolioUrl } from '../../shared/domain/username.js';
import {
  HOLD_MINUTES,
  USERNAME_TAKEN_MESSAGE,
  type ClaimResponse,
  type CreateOrderResponse,
} from '../../shared/orders.js';
import type { UserRow } from '../auth/users.repository.js';
import { inTransaction, isUniqueViolation, type Db } from '../db/database.js';
import { GatewayError } from '../payments/gateway.js';
import { creditPaymentId, prorationPaymentId } from '../payments/ids.js';
import {
  findPortfolioById,
  findPortfolioOf,
  updatePortfolio,
} from '../portfolios/portfolios.repository.js';
import { bumpPageGeneration } from '../site/page-generation.repository.js';
import { firstUsernameOf } from '../site/usernames.repository.js';
import { findTemplate } from '../templates/templates.repository.js';
import { spendCredit, findUsableCredit } from './credits.repository.js';
import { OrderError } from './errors.js';
import {
  countLiveHolds,
  deleteExpiredHold,
  deleteHoldOfOrder,
  findHold,
  findLiveHold,
  insertHold,
  lockBuyer,
  moveHoldToOrder,
} from './holds.repository.js';
import {
  findOrderOfUser,
  insertOrder,
  markOrderFailed,
  setGatewayOrderId,
} from './orders.repository.js';
import { quoteMove } from './moves.service.js';
import type { ClaimInput, OrderInput, OrdersContext, Priced } from './orders.types.js';
import { publishPaidOrder } from './publish.service.js';
import { findOwnedUsername } from '../site/released-names.js';

/**
 * Claiming a username and ordering it: the name's hold, the price (a move's credit, a person's
 * unused credit) and the order at the gateway. Settling its payment is settlement.service.ts's.
 */

const taken = () => new OrderError('name_taken', USERNAME_TAKEN_MESSAGE);

/** The user's page with this template at another name, which paying at a new name would change. */
async function sameTemplateElsewhere(
  ctx: OrdersContext,
  user: UserRow,
  templateId: string,
): Promise<{ username: string; url: string; paidUntil: string } | undefined> {
  const portfolio = await findPortfolioOf(ctx.db, user.id, templateId);
  if (!portfolio) return undefined;
  const username = await firstUsernameOf(ctx.db, portfolio.id);
  if (!username) return undefined;
  return {
    username,
    url: portfolioUrl(ctx.publicUrl(), username),
    paidUntil: portfolio.paid_until,
  };
}

/** "Submit" on the final preview: is the name free, ours (then update now, free), or taken? */
export async function claimUsername(
  ctx: OrdersContext,
  user: UserRow,
  claim: ClaimInput,
  now = new Date(),
): Promise<ClaimResponse> {
  const { db } = ctx;
  const url = portfolioUrl(ctx.publicUrl(), claim.username);
  const owner = await findOwnedUsername(db, claim.username, now);
  if (owner && owner.user_id !== user.id) throw taken();
  const hold = await findLiveHold(db, claim.username, now.toISOString());
  if (hold && hold.user_id !== user.id) throw taken();
  if (!owner) {
    const sameTemplate = await sameTemplateElsewhere(ctx, user, claim.templateId);
    return { status: 'free', username: claim.username, url, ...(sameTemplate && { sameTemplate }) };
  }

  const portfolio = await findPortfolioById(db, owner.portfolio_id);
  if (!portfolio) throw new Error(`username ${owner.username} points at no portfolio`);
  if (portfolio.template_id !== claim.templateId) {
    const price = await priceOf(db, claim.templateId);
    const move = await quoteMove(db, user.id, claim.username, claim.templateId, price, now);
    // Not a move only if the name changed hands since it was read: answer as for a taken name.
    if (!move) throw taken();
    return { status: 'owned_other_template', username: claim.username, url, move };
  }
  const term = termOf(portfolio.paid_until, now);
  if (!allowsFreeUpdates(term.state)) {
    throw new OrderError(
      'term_ended',
      `The yearly term of /users/${claim.username} ended on ${formatTermDate(term.paidUntil)} and the page has been offline since ${formatTermDate(term.offlineAt)}, so changes can no longer be published for free. Make Payment renews it for a year and publishes these changes.`,
    );
  }
  await inTransaction(db, async (trx) => {
    await updatePortfolio(trx, portfolio.id, {
      data: JSON.stringify(claim.data),
      updatedAt: now.toISOString(),
    });
    await bumpPageGeneration(trx);
  });
  return { status: 'updated', username: claim.username, url };
}

/**
 * POST /create-order: the amount comes from the store only. The winner of the username hold
 * (one order at a time per name, for 15 minutes) is the only one that reaches the gateway.
 */
export async function createOrder(
  ctx: OrdersContext,
  user: UserRow,
  order: OrderInput,
  now = new Date(),
): Promise<CreateOrderResponse> {
  const price = await priceOf(ctx.db, order.templateId);
  const move = await quoteMove(ctx.db, user.id, order.username, order.templateId, price, now);
  const priced: Priced = move
    ? { kind: 'move', amount: move.amount, proration: move.credit }
    : { kind: 'purchase', amount: price, proration: 0 };
  const held = await holdName(ctx, user, order, priced, now);
  const answer = await payOrder(ctx, user, { ...order, orderId: held.orderId }, priced, now);
  if (answer.status === 'published_with_credit') return answer;
  return {
    ...answer,
    hold_expires_at: held.expiresAt,
    ...(move ? { breakdown: move } : {}),
  };
}

/**
 * Pays a stored order: at once when the unused days of a moved page cover it all, or with an
 * unused credit of the person's; otherwise at the payment provider, whose checkout the page opens.
 */
export async function payOrder(
  ctx: OrdersContext,
  user: UserRow,
  order: { orderId: string; receipt: string; username: string; templateId: string },
  priced: Priced,
  now: Date,
): Promise<CreateOrderResponse> {
  if (priced.amount === 0) {
    const published = await publishFree(ctx, order.orderId, now);
    if (published) return published;
  } else {
    const credit = await findUsableCredit(ctx.db, user.id, priced.amount);
    if (credit) {
      const published = await payWithCredit(ctx, order.orderId, credit.id, now);
      if (published) return published;
    }
  }
  const gatewayOrderId = await askGateway(ctx, order, priced.amount, order.orderId, now);
  return {
    status: 'payment_required',
    order_id: gatewayOrderId,
    amount: priced.amount,
    currency: 'INR',
    key_id: ctx.gateway.keyId,
    gateway: ctx.gateway.kind,
    prefill: { name: user.name, email: user.email },
  };
}

/** A move whose credit covers the new price: nothing to pay, published now. */
async function publishFree(
  ctx: OrdersContext,
  orderId: string,
  now: Date,
): Promise<CreateOrderResponse | undefined> {
  const result = await publishPaidOrder(ctx, orderId, prorationPaymentId(orderId), now);
  if (result.status !== 'published') return undefined;
  return {
    status: 'published_with_credit',
    url: result.url,
    message:
      'The unused days of your previous template paid for this one in full. No payment was needed.',
  };
}

/** What the template costs now, in paise: its price, its discount and what is paid after it. */
export async function currentPriceOf(
  db: Db,
  templateId: string,
): Promise<{ listAmount: number; discountPercent: number; amount: number }> {
  const template = await findTemplate(db, templateId);
  if (!template || template.price_paise === null) {
    throw new OrderError('price_missing', NO_PRICE_MESSAGE);
  }
  return {
    listAmount: template.price_paise,
    discountPercent: template.discount_percent,
    amount: discountedPaise(template.price_paise, template.discount_percent),
  };
}

/** What the template costs now, in paise, after its discount. */
export async function priceOf(db: Db, templateId: string): Promise<number> {
  return (await currentPriceOf(db, templateId)).amount;
}

/** How many usernames one person may hold at once while their payments are pending. */
export const MAX_HELD_NAMES = 3;

/**
 * Stores the order and holds its username for this person, in one transaction: refused when
 * someone else owns or holds the name, when this person already publishes it with this
 * template, or when they already hold MAX_HELD_NAMES other names. Ordering a name one holds
 * again moves the hold to the new order and keeps its end: a hold never outlives its first
 * 15 minutes, so nobody can keep a name from others by ordering it again and again.
 */
async function holdName(
  ctx: OrdersContext,
  user: UserRow,
  order: OrderInput,
  priced: Priced,
  now: Date,
): Promise<{ orderId: string; expiresAt: string }> {
  const stamp = now.toISOString();
  const orderId = randomUUID();
  try {
    return await inTransaction(ctx.db, async (trx) => {
      await lockBuyer(trx, user.id);
      await deleteExpiredHold(trx, order.username, stamp);
      const owner = await findOwnedUsername(trx, order.username, now);
      if (owner && owner.user_id !== user.id) throw taken();
      if (owner) {
        const portfolio = await findPortfolioById(trx, owner.portfolio_id);
        // Once the term has run out, buying it again is how it is renewed.
        const free = portfolio && allowsFreeUpdates(termOf(portfolio.paid_until, now).state);
        if (free && portfolio.template_id === order.templateId) {
          throw new OrderError(
            'already_published',
            'You already publish this template at this username: use Submit to update it for free.',
          );
        }
      }
      const hold = await findHold(trx, order.username);
      if (hold && hold.user_id !== user.id) throw taken();
      if (!hold && (await countLiveHolds(trx, user.id, stamp)) >= MAX_HELD_NAMES) {
        throw new OrderError(
          'hold_limit',
          `You are holding ${MAX_HELD_NAMES} usernames already, each waiting for its payment. Pay for one of them, or wait until one of the holds ends (${HOLD_MINUTES} minutes after it began), then try again.`,
        );
      }
      await insertOrder(
        trx,
        {
          id: orderId,
          gateway: ctx.gateway.kind,
          user_id: user.id,
          template_id: order.templateId,
          username: order.username,
          data: JSON.stringify(order.data),
          amount_paise: priced.amount,
          receipt: order.receipt,
          kind: priced.kind,
          proration_paise: priced.proration,
          ...order.billing,
        },
        stamp,
      );
      if (hold) {
        await moveHoldToOrder(trx, order.username, orderId);
        return { orderId, expiresAt: hold.expires_at };
      }
      const expiresAt = new Date(now.getTime() + HOLD_MINUTES * 60_000).toISOString();
      await insertHold(trx, {
        username: order.username,
        user_id: user.id,
        order_id: orderId,
        expires_at: expiresAt,
      });
      return { orderId, expiresAt };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

/** An unused credit pays for the order at once; undefined when another order spent it first. */
async function payWithCredit(
  ctx: OrdersContext,
  orderId: string,
  creditId: string,
  now: Date,
): Promise<CreateOrderResponse | undefined> {
  if (!(await spendCredit(ctx.db, creditId, orderId, now.toISOString()))) return undefined;
  const result = await publishPaidOrder(ctx, orderId, creditPaymentId(creditId), now);
  if (result.status !== 'published') return undefined;
  return {
    status: 'published_with_credit',
    url: result.url,
    message:
      'Your earlier payment was kept as a credit and has paid for this portfolio. No new payment was needed.',
  };
}

/** Creates the order at the payment provider; on any failure the hold is released first. */
async function askGateway(
  ctx: OrdersContext,
  order: { receipt: string; username: string; templateId: string },
  amount: number,
  orderId: string,
  now: Date,
): Promise<string> {
  let gatewayOrder;
  try {
    gatewayOrder = await ctx.gateway.createOrder({
      amount,
      currency: 'INR',
      receipt: order.receipt,
      notes: { order: orderId, username: order.username, template: order.templateId },
    });
  } catch (error) {
    await releaseFailedOrder(ctx.db, orderId, now);
    // The person gets the gateway's sentence; the log gets what actually happened.
    if (error instanceof GatewayError) {
      throw new OrderError('gateway_unavailable', error.message, { cause: error });
    }
    throw error;
  }
  await setGatewayOrderId(ctx.db, orderId, gatewayOrder.id);
  return gatewayOrder.id;
}

/** Nothing may stay held for an order that cannot be paid. */
async function releaseFailedOrder(db: Db, orderId: string, now: Date): Promise<void> {
  await inTransaction(db, async (trx) => {
    await deleteHoldOfOrder(trx, orderId);
    await markOrderFailed(trx, orderId, now.toISOString());
  });
}

/** The amount of this person's order of the built-in gateway with this id (its checkout asks). */
export async function findBuiltinOrder(
  ctx: OrdersContext,
  userId: string,
  gatewayOrderId: string,
): Promise<{ amount: number } | undefined> {
  const order = await findOrderOfUser(ctx.db, userId, gatewayOrderId, 'test');
  return order && { amount: order.amount_paise };
}

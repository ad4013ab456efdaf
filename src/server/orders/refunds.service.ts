/**
 * Refunding a paid order (`npm run admin -- refund ORDER`): the money goes back through the
 * gateway that took it, then in one transaction the order is marked refunded, the year it paid
 * for is taken off its portfolio's term and the buyer is emailed. A page whose term that ends is
 * taken offline at once (not left in its grace period). Nothing changes when the gateway refuses.
 */
import { formatPrice, formatRupees } from '../../shared/domain/price.js';
import { GRACE_DAYS, formatTermDate, termStartBefore } from '../../shared/domain/term.js';
import { ACCOUNT_PATH, receiptPath } from '../../shared/routes.js';
import { findUserById } from '../auth/users.repository.js';
import { inTransaction, type Db } from '../db/database.js';
import { enqueueEmail } from '../mail/outbox.repository.js';
import type { PaymentGateway } from '../payments/gateway.js';
import { isGatewayPayment } from '../payments/ids.js';
import { findPortfolioOf, setPaidUntil } from '../portfolios/portfolios.repository.js';
import { bumpPageGeneration } from '../site/page-generation.repository.js';
import { findOrderIdByKey, findReceiptNumber } from '../receipts/receipts.repository.js';
import {
  findLaterCreditedMove,
  findOrderById,
  lockOrder,
  markRefunded,
} from './orders.repository.js';
import { DAY_MS } from '../../shared/domain/time.js';

/** A refund that cannot be made: the sentence says why, for the operator. */
export class RefundRefused extends Error {}

export interface RefundResult {
  orderId: string;
  receipt?: string;
  amountPaise: number;
  refundId: string;
  /** The portfolio's term end after the refund, when it still exists. */
  paidUntil?: string;
}

export async function refundOrder(
  ctx: { db: Db; gateway: PaymentGateway; publicUrl: () => string },
  key: string,
  now = new Date(),
): Promise<RefundResult> {
  const { db } = ctx;
  const orderId = await findOrderIdByKey(db, key);
  if (!orderId) throw new RefundRefused(`No order or receipt "${key}".`);
  const order = await findOrderById(db, orderId);
  if (!order) throw new RefundRefused(`No order or receipt "${key}".`);
  if (order.status === 'refunded') {
    throw new RefundRefused(
      `Order ${order.id} was refunded already, on ${formatTermDate(new Date(order.refunded_at!))}.`,
    );
  }
  if (order.status !== 'paid') {
    throw new RefundRefused(
      `Order ${order.id} is ${order.status}, not paid: there is nothing to refund.`,
    );
  }
  const paymentId = order.payment_id;
  if (!isGatewayPayment(paymentId)) {
    throw new RefundRefused(
      `Order ${order.id} was not paid at the gateway (${paymentId || 'no payment'}): it used a credit or the unused days of another template. Refund the order that took the money instead.`,
    );
  }
  // Refunding this one alone would leave its days in the move's price: the move goes first.
  const move = await findLaterCreditedMove(db, order);
  if (move) {
    throw new RefundRefused(
      `Order ${order.id}'s days lowered the price of the later template change, order ${move.id} (by ${formatRupees(move.proration_paise)} INR). Refund that order first, then this one.`,
    );
  }
  if (order.gateway !== ctx.gateway.kind) {
    throw new RefundRefused(
      `Order ${order.id} was paid through the ${order.gateway} gateway, but this installation now uses ${ctx.gateway.kind}.`,
    );
  }
  // The gateway first: if it refuses, nothing here has changed.
  const refund = await ctx.gateway.refundPayment(paymentId);
  const stamp = now.toISOString();
  return inTransaction(db, async (trx) => {
    const locked = await lockOrder(trx, order.id);
    if (locked.status !== 'paid') throw new RefundRefused(`Order ${order.id} changed meanwhile.`);
    await markRefunded(trx, order.id, stamp);
    const portfolio = await findPortfolioOf(trx, order.user_id, order.template_id);
    let paidUntil: string | undefined;
    if (portfolio) {
      const shortened = termStartBefore(new Date(portfolio.paid_until)).getTime();
      // A term that ends by the refund ends now, without the grace period a lapse would get.
      const offline = now.getTime() - GRACE_DAYS * DAY_MS - 1000;
      paidUntil = new Date(
        shortened <= now.getTime() ? Math.min(shortened, offline) : shortened,
      ).toISOString();
      await setPaidUntil(trx, portfolio.id, paidUntil, stamp);
      await bumpPageGeneration(trx);
    }
    const receipt = await findReceiptNumber(trx, order.id);
    const user = await findUserById(trx, order.user_id);
    if (user && user.email !== '') {
      const publicUrl = ctx.publicUrl();
      await enqueueEmail(
        trx,
        {
          to: user.email,
          subject: 'Your payment is refunded',
          text: [
            `We have refunded ${formatPrice(order.amount_paise)}${receipt ? ` (receipt ${receipt})` : ''} to the way you paid. Banks usually show it within 5 to 7 working days.`,
            '',
            paidUntil && Date.parse(paidUntil) > now.getTime()
              ? `Your portfolio at /users/${order.username} is now paid until ${formatTermDate(new Date(paidUntil))}.`
              : `The year this payment was for has ended, so the portfolio at /users/${order.username} is offline. Its content stays in your account.`,
            '',
            ...(receipt ? [`The receipt: ${publicUrl}${receiptPath(order.id)}`] : []),
            `Your portfolios: ${publicUrl}${ACCOUNT_PATH}`,
            '',
            'Online Portfolio Builder',
          ].join('\n'),
        },
        now,
      );
    }
    return {
      orderId: order.id,
      ...(receipt ? { receipt } : {}),
      amountPaise: order.amount_paise,
      refundId: refund.id,
      ...(paidUntil ? { paidUntil } : {}),
    };
  });
}

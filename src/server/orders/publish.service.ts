import { randomUUID } from 'node:crypto';
import { formatPrice } from '../../shared/domain/price.js';
import { formatTermDate, renewedUntil, termStartBefore } from '../../shared/domain/term.js';
import { portfolioUrl } from '../../shared/domain/username.js';
import type { OrderKind } from '../../shared/orders.js';
import { ACCOUNT_PATH, receiptPath } from '../../shared/routes.js';
import { SITE_NAME } from '../../shared/site.js';
import { findUserById, isErased } from '../auth/users.repository.js';
import { inTransaction, isUniqueViolation, type Tx } from '../db/database.js';
import type { RefundReason } from '../../shared/orders.js';
import { isGatewayPayment, isProrationPayment } from '../payments/ids.js';
import { findReceiptNumber, issueReceipt } from '../receipts/receipts.repository.js';
import { enqueueEmail } from '../mail/outbox.repository.js';
import {
  findPortfolioOf,
  insertPortfolio,
  setPaidUntil,
  updatePortfolio,
} from '../portfolios/portfolios.repository.js';
import { bumpPageGeneration } from '../site/page-generation.repository.js';
import { findExtraPaymentReason } from './extra-payments.repository.js';
import { markForRefund } from './extra-payments.service.js';
import { deleteHold, findHold, lockBuyer } from './holds.repository.js';
import { OrderError } from './errors.js';
import type { PublishContext } from './orders.types.js';
import { endReplacedTerm, moveCreditStands } from './moves.service.js';
import {
  findOverlappingPaidOrder,
  lockOrder,
  markOrderUnserved,
  setPreviousPaidUntil,
  settleOrder,
  type OrderRow,
} from './orders.repository.js';
import { isReleased, releasedBefore } from '../site/released-names.js';
import {
  deleteReleasedUsername,
  findUsernameWithTerm,
  insertUsername,
  pointUsernameAt,
} from '../site/usernames.repository.js';

/** What publishing needs besides the order: the store, the site's address and who sells. */
export type PublishResult =
  | {
      status: 'published';
      kind: OrderKind;
      username: string;
      url: string;
      email: string;
      /** ISO-8601; absent only when the portfolio is gone since. */
      paidUntil?: string;
      orderId: string;
      /** The receipt's number; absent when nothing was paid (a move its credit covered). */
      receipt?: string;
    }
  | { status: 'credit'; username: string; reason: CreditReason }
  /** The payment can serve no order and is given back (settlement.service.ts refunds it). */
  | { status: 'unserved'; username: string; reason: RefundReason; paymentId: string };

/**
 * Why a payment became a credit instead of a page: the name went to someone else, or the
 * unused days a move was priced down by were spent on something else before it was paid.
 */
export type CreditReason = 'name_taken' | 'move_credit_spent';

/**
 * Publishes a paid order, in one transaction: order paid, username owned, portfolio saved under
 * the user and template, paid until a year ahead, email queued. Called through the settlement
 * door only; for an order already settled it changes nothing. If the name belongs to someone
 * else by now, the order becomes a credit; if the payment can serve nothing (the account is
 * gone, the page was paid by another order meanwhile), it is recorded to be given back.
 */
export async function publishPaidOrder(
  ctx: PublishContext,
  orderId: string,
  paymentId: string,
  now = new Date(),
): Promise<PublishResult> {
  const { db } = ctx;
  const settle = (trx: Tx) => publishInTransaction(trx, ctx, orderId, paymentId, now);
  try {
    return await inTransaction(db, settle);
  } catch (error) {
    // Another transaction took the name between our read and our write: settle again, now
    // seeing its result (the order becomes a credit, or is already settled).
    if (!isUniqueViolation(error)) throw error;
    return inTransaction(db, settle);
  }
}

async function publishInTransaction(
  trx: Tx,
  ctx: PublishContext,
  orderId: string,
  paymentId: string,
  now: Date,
): Promise<PublishResult> {
  const stamp = now.toISOString();
  const publicUrl = ctx.publicUrl();
  const order = await lockOrder(trx, orderId);
  // One person's settlements take turns, so that two orders of one page never both add a year.
  await lockBuyer(trx, order.user_id);
  const user = await findUserById(trx, order.user_id);
  if (!user) throw new Error(`order ${order.id} has no user`);
  const url = portfolioUrl(publicUrl, order.username);

  const published = (paidUntil: string | undefined, receipt?: string): PublishResult => ({
    status: 'published',
    kind: order.kind,
    username: order.username,
    url,
    email: user.email,
    paidUntil,
    orderId: order.id,
    ...(receipt ? { receipt } : {}),
  });
  if (order.status === 'paid') {
    const [portfolio, receipt] = await Promise.all([
      findPortfolioOf(trx, order.user_id, order.template_id),
      findReceiptNumber(trx, order.id),
    ]);
    return published(portfolio?.paid_until, receipt);
  }
  if (order.status === 'credit') {
    const reason = order.status_message === MOVE_CREDIT_SPENT ? 'move_credit_spent' : 'name_taken';
    return { status: 'credit', username: order.username, reason };
  }
  const unserved = (reason: RefundReason) => unserve(trx, order, paymentId, reason, now);
  if (order.status === 'refunded') {
    throw new OrderError(
      'payment_not_confirmed',
      'This payment was refunded, so nothing is published with it.',
    );
  }
  if (order.status === 'failed') {
    return unserved(isErased(user) ? 'account_deleted' : 'order_closed');
  }
  // Deleting an account fails its unpaid orders; this catches a payment racing the deletion.
  if (isErased(user) || order.username === '') return unserved('account_deleted');
  // Paid again while this payment was on its way (its answer was lost): one page, one year. Only
  // money from the gateway comes this late; a credit or unused days pay when the order is made.
  if (isGatewayPayment(paymentId) && (await findOverlappingPaidOrder(trx, order))) {
    return unserved('superseded');
  }

  let owner = await findUsernameWithTerm(trx, order.username);
  // A released name is free: its old row gives way to the new owner (or the old one buying again).
  if (owner && isReleased(owner, now)) {
    await deleteReleasedUsername(trx, order.username, releasedBefore(now));
    owner = undefined;
  }
  const hold = await findHold(trx, order.username);
  const heldByOther = hold && hold.user_id !== order.user_id && hold.expires_at > stamp;
  const keepAsCredit = async (reason: CreditReason): Promise<PublishResult> => {
    const note = reason === 'move_credit_spent' ? MOVE_CREDIT_SPENT : null;
    await settleOrder(trx, order.id, 'credit', paymentId, stamp, note);
    // Never kept silently: the buyer hears where the money is and how to have it back.
    await enqueueEmail(trx, creditEmail(user.email, order, paymentId, reason, publicUrl), now);
    return { status: 'credit', username: order.username, reason };
  };
  if ((owner && owner.user_id !== order.user_id) || heldByOther) return keepAsCredit('name_taken');
  if (!(await moveCreditStands(trx, order))) return keepAsCredit('move_credit_spent');
  if (order.kind === 'renewal') {
    // The name may have lapsed and been released since the order was made: keep the money.
    const portfolio = await findPortfolioOf(trx, order.user_id, order.template_id);
    if (!owner || !portfolio) return keepAsCredit('name_taken');
    const paidUntil = renewedUntil(portfolio.paid_until, now).toISOString();
    await setPaidUntil(trx, portfolio.id, paidUntil, stamp);
    await settleOrder(trx, order.id, 'paid', paymentId, stamp);
    await setPreviousPaidUntil(trx, order.id, portfolio.paid_until);
    const receipt = await receiptFor(trx, ctx, order, user, paymentId, paidUntil, now);
    await enqueueEmail(trx, renewedEmail(user.email, url, paidUntil, publicUrl, order.id), now);
    // An offline page is served again from this commit on.
    await bumpPageGeneration(trx);
    return published(paidUntil, receipt);
  }

  const { portfolioId, paidUntil, previousPaidUntil } = await savePaidPortfolio(trx, order, now);
  if (owner) {
    await pointUsernameAt(trx, order.username, portfolioId, stamp);
    // The move was priced down by the old term's unused days: that term ends here.
    if (order.kind === 'move' && owner.portfolio_id !== portfolioId) {
      await endReplacedTerm(trx, owner.portfolio_id, order.username, now);
    }
  } else {
    await insertUsername(trx, {
      username: order.username,
      user_id: order.user_id,
      portfolio_id: portfolioId,
      created_at: stamp,
      updated_at: stamp,
    });
  }
  await deleteHold(trx, order.username);
  await settleOrder(trx, order.id, 'paid', paymentId, stamp);
  await setPreviousPaidUntil(trx, order.id, previousPaidUntil);
  const receipt = await receiptFor(trx, ctx, order, user, paymentId, paidUntil, now);
  await enqueueEmail(
    trx,
    {
      to: user.email,
      subject: 'Your portfolio is live',
      text: [
        'Thank you for your purchase.',
        '',
        `Your portfolio is published at ${url}`,
        '',
        `It is paid until ${formatTermDate(new Date(paidUntil))}. Updates at the same username are free: sign in, open My portfolios (${publicUrl}${ACCOUNT_PATH}) and choose Edit.`,
        '',
        ...(receipt ? [`Your receipt ${receipt}: ${publicUrl}${receiptPath(order.id)}`, ''] : []),
        SITE_NAME,
      ].join('\n'),
    },
    now,
  );
  await bumpPageGeneration(trx);
  return published(paidUntil, receipt);
}

/**
 * The order cannot be served by this payment: it is closed (failed) with the payment named on it,
 * and the payment is recorded to be given back, in this transaction. A second call answers alike.
 */
async function unserve(
  trx: Tx,
  order: OrderRow,
  paymentId: string,
  found: RefundReason,
  now: Date,
): Promise<PublishResult> {
  // Asked again, the answer is the one first given.
  const reason = (await findExtraPaymentReason(trx, paymentId)) ?? found;
  if (order.status !== 'failed') {
    await markOrderUnserved(trx, order.id, paymentId, UNSERVED_NOTES[reason], now.toISOString());
  }
  if (isGatewayPayment(paymentId)) await markForRefund(trx, order, paymentId, reason, now);
  return { status: 'unserved', username: order.username, reason, paymentId };
}

/** For the operator, on the order: why its payment did not buy anything. */
const UNSERVED_NOTES: Record<RefundReason, string> = {
  duplicate: 'Paid twice; the second payment is refunded.',
  superseded:
    'The person paid another order of the same page first; this payment is refunded instead of adding a year.',
  order_closed: 'The payment arrived after the order was closed; it is refunded.',
  account_deleted: 'The account was deleted before the payment arrived; it is refunded.',
};

/** Kept on a credit so that a later answer about the same order gives the same reason. */
const MOVE_CREDIT_SPENT =
  'The unused days this move was priced down by were spent before it was paid.';

/**
 * The receipt of a paid order, issued with it: for money paid at the provider or an earlier
 * payment kept as a credit; none when a move's unused days covered the price (nothing paid).
 */
async function receiptFor(
  trx: Tx,
  ctx: PublishContext,
  order: OrderRow,
  user: { name: string; email: string },
  paymentId: string,
  paidUntil: string,
  now: Date,
): Promise<string | undefined> {
  if (isProrationPayment(paymentId) || order.amount_paise === 0) return undefined;
  const termFrom = termStartBefore(new Date(paidUntil)).toISOString();
  const buyer = { name: user.name, email: user.email };
  return issueReceipt(trx, { order, buyer, termFrom, termTo: paidUntil }, ctx.seller, now);
}

function creditEmail(
  to: string,
  order: OrderRow,
  paymentId: string,
  reason: CreditReason,
  publicUrl: string,
) {
  const why =
    reason === 'move_credit_spent'
      ? `the unused days of your earlier template at /users/${order.username}, which lowered its price, were used for another change before the payment arrived`
      : `the username "${order.username}" went to someone else before the payment arrived`;
  return {
    to,
    subject: 'Your payment is kept as a credit',
    text: [
      `Your payment of ${formatPrice(order.amount_paise)} went through, but ${why}, so nothing was published with it.`,
      '',
      'The money is kept as a credit: your next portfolio or change is paid with it, without paying again.',
      `If you would rather have it back, reply to this email quoting payment ${paymentId} and we refund it.`,
      '',
      `Your portfolios: ${publicUrl}${ACCOUNT_PATH}`,
      '',
      SITE_NAME,
    ].join('\n'),
  };
}

function renewedEmail(
  to: string,
  url: string,
  paidUntil: string,
  publicUrl: string,
  orderId: string,
) {
  return {
    to,
    subject: 'Your portfolio is renewed',
    text: [
      'Thank you for renewing.',
      '',
      `Your portfolio at ${url} is paid until ${formatTermDate(new Date(paidUntil))}.`,
      '',
      `Your receipt: ${publicUrl}${receiptPath(orderId)}`,
      `Your portfolios: ${publicUrl}${ACCOUNT_PATH}`,
      '',
      SITE_NAME,
    ].join('\n'),
  };
}

/** The order's data becomes the user's portfolio with its template, paid a year further. */
async function savePaidPortfolio(
  trx: Tx,
  order: OrderRow,
  now: Date,
): Promise<{ portfolioId: string; paidUntil: string; previousPaidUntil: string | null }> {
  const stamp = now.toISOString();
  const existing = await findPortfolioOf(trx, order.user_id, order.template_id);
  // Buying a template one already has (at another name) adds its year as a renewal would.
  const paidUntil = existing
    ? renewedUntil(existing.paid_until, now).toISOString()
    : renewedUntil(now, now).toISOString();
  if (existing) {
    await updatePortfolio(trx, existing.id, { data: order.data, updatedAt: stamp, paidUntil });
    return { portfolioId: existing.id, paidUntil, previousPaidUntil: existing.paid_until };
  }
  const portfolioId = randomUUID();
  await insertPortfolio(trx, {
    id: portfolioId,
    user_id: order.user_id,
    template_id: order.template_id,
    data: order.data,
    paid_until: paidUntil,
    created_at: stamp,
    updated_at: stamp,
  });
  return { portfolioId, paidUntil, previousPaidUntil: null };
}

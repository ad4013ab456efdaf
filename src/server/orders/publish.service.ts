import { randomUUID } from 'node:crypto';
import { portfolioUrl } from '../../shared/domain/username.js';
import { findUserById } from '../auth/users.repository.js';
import { inTransaction, isUniqueViolation, type Db, type Tx } from '../db/database.js';
import { enqueueEmail } from '../mail/outbox.repository.js';
import {
  findPortfolioOf,
  insertPortfolio,
  updatePortfolio,
} from '../portfolios/portfolios.repository.js';
import { bumpPageGeneration } from '../public-pages/page-generation.js';
import { deleteHold, findHold } from './holds.repository.js';
import { lockOrder, settleOrder, type OrderRow } from './orders.repository.js';
import { isReleased, releasedBefore } from './released-names.js';
import {
  deleteReleasedUsername,
  findUsernameWithTerm,
  insertUsername,
  pointUsernameAt,
} from './usernames.repository.js';

export type PublishResult =
  | { status: 'published'; username: string; url: string; email: string }
  | { status: 'credit'; username: string };

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * Publishes a paid order, in one transaction: order paid, username owned, portfolio saved under
 * the user and template, paid until a year ahead, email queued. Called by the client's verify
 * and by the webhook, whichever comes first; for an order already settled it changes nothing.
 * If the name belongs to someone else by now, the order becomes a credit: no money is lost.
 */
export async function publishPaidOrder(
  db: Db,
  orderId: string,
  paymentId: string,
  publicUrl: string,
  now = new Date(),
): Promise<PublishResult> {
  const settle = (trx: Tx) => settlePaidOrder(trx, orderId, paymentId, publicUrl, now);
  try {
    return await inTransaction(db, settle);
  } catch (error) {
    // Another transaction took the name between our read and our write: settle again, now
    // seeing its result (the order becomes a credit, or is already settled).
    if (!isUniqueViolation(error)) throw error;
    return inTransaction(db, settle);
  }
}

async function settlePaidOrder(
  trx: Tx,
  orderId: string,
  paymentId: string,
  publicUrl: string,
  now: Date,
): Promise<PublishResult> {
  const stamp = now.toISOString();
  const order = await lockOrder(trx, orderId);
  const user = await findUserById(trx, order.user_id);
  if (!user) throw new Error(`order ${order.id} has no user`);
  const url = portfolioUrl(publicUrl, order.username);

  if (order.status === 'paid')
    return { status: 'published', username: order.username, url, email: user.email };
  if (order.status === 'credit') return { status: 'credit', username: order.username };

  let owner = await findUsernameWithTerm(trx, order.username);
  // A released name is free: its old row gives way to the new owner (or the old one buying again).
  if (owner && isReleased(owner, now)) {
    await deleteReleasedUsername(trx, order.username, releasedBefore(now));
    owner = undefined;
  }
  const hold = await findHold(trx, order.username);
  const heldByOther = hold && hold.user_id !== order.user_id && hold.expires_at > stamp;
  if ((owner && owner.user_id !== order.user_id) || heldByOther) {
    await settleOrder(trx, order.id, 'credit', paymentId, stamp);
    return { status: 'credit', username: order.username };
  }

  const { portfolioId, paidUntil } = await savePaidPortfolio(trx, order, now);
  if (owner) await pointUsernameAt(trx, order.username, portfolioId, stamp);
  else {
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
        `It is paid until ${paidUntil.slice(0, 10)}. Updates at the same username are free: sign in, choose the template, pick Update, edit, and submit the same username.`,
        '',
        'Online Portfolio Builder',
      ].join('\n'),
    },
    now,
  );
  await bumpPageGeneration(trx);
  return { status: 'published', username: order.username, url, email: user.email };
}

/** The order's data becomes the user's portfolio with its template, paid a year further. */
async function savePaidPortfolio(
  trx: Tx,
  order: OrderRow,
  now: Date,
): Promise<{ portfolioId: string; paidUntil: string }> {
  const stamp = now.toISOString();
  const existing = await findPortfolioOf(trx, order.user_id, order.template_id);
  // A renewal adds a year to what is left, never less than a year from now.
  const paidFrom = existing && existing.paid_until > stamp ? new Date(existing.paid_until) : now;
  const paidUntil = new Date(paidFrom.getTime() + YEAR_MS).toISOString();
  if (existing) {
    await updatePortfolio(trx, existing.id, { data: order.data, updatedAt: stamp, paidUntil });
    return { portfolioId: existing.id, paidUntil };
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
  return { portfolioId, paidUntil };
}

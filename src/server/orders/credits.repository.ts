import type { Db } from '../db/database.js';
import type { OrderRow } from './orders.repository.js';

/**
 * Credits are orders whose payment arrived after their username went to someone else
 * (status `credit`); each pays for exactly one later order.
 */

/** The user's oldest unused credit worth at least `amount` paise, or undefined. */
export function findUsableCredit(
  db: Db,
  userId: string,
  amount: number,
): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'credit')
    .where('credit_used_by_order_id', 'is', null)
    .where('amount_paise', '>=', amount)
    .orderBy('paid_at')
    .executeTakeFirst();
}

/** Spends the credit on `orderId`; false when another order spent it first. */
export async function spendCredit(
  db: Db,
  creditId: string,
  orderId: string,
  stamp: string,
): Promise<boolean> {
  const used = await db
    .updateTable('orders')
    .set({ credit_used_by_order_id: orderId, updated_at: stamp })
    .where('id', '=', creditId)
    .where('credit_used_by_order_id', 'is', null)
    .executeTakeFirst();
  return used.numUpdatedRows === 1n;
}

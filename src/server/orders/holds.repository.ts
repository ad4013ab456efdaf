import { PostgresAdapter } from 'kysely';
import type { Db, Tx } from '../db/database.js';
import type { UsernameHoldsTable } from '../db/schema.js';

/** A username kept for one buyer while their order waits for payment (one row per name). */
export type HoldRow = UsernameHoldsTable;

export function findHold(db: Db, username: string): Promise<HoldRow | undefined> {
  return db
    .selectFrom('username_holds')
    .selectAll()
    .where('username', '=', username)
    .executeTakeFirst();
}

/** The hold on `username` that has not ended at `stamp`, or undefined. */
export function findLiveHold(
  db: Db,
  username: string,
  stamp: string,
): Promise<HoldRow | undefined> {
  return db
    .selectFrom('username_holds')
    .selectAll()
    .where('username', '=', username)
    .where('expires_at', '>', stamp)
    .executeTakeFirst();
}

/** How many names this user holds at `stamp`. */
export async function countLiveHolds(trx: Tx, userId: string, stamp: string): Promise<number> {
  const row = await trx
    .selectFrom('username_holds')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
    .where('user_id', '=', userId)
    .where('expires_at', '>', stamp)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Makes one buyer's order and settlement transactions take turns on PostgreSQL (a lock on their
 * `users` row, of the kind that does not block foreign-key checks): two orders sent at once
 * cannot both count the same holds, and two payments of one page cannot both add a year.
 * SQLite runs one write transaction at a time anyway.
 */
export async function lockBuyer(trx: Tx, userId: string): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
}

export async function insertHold(trx: Tx, hold: HoldRow): Promise<void> {
  await trx.insertInto('username_holds').values(hold).execute();
}

/** The same buyer ordering again: the hold now serves the new order and keeps its end. */
export async function moveHoldToOrder(trx: Tx, username: string, orderId: string): Promise<void> {
  await trx
    .updateTable('username_holds')
    .set({ order_id: orderId })
    .where('username', '=', username)
    .execute();
}

export async function deleteExpiredHold(trx: Tx, username: string, stamp: string): Promise<void> {
  await trx
    .deleteFrom('username_holds')
    .where('username', '=', username)
    .where('expires_at', '<=', stamp)
    .execute();
}

export async function deleteHold(trx: Tx, username: string): Promise<void> {
  await trx.deleteFrom('username_holds').where('username', '=', username).execute();
}

export async function deleteHoldOfOrder(trx: Tx, orderId: string): Promise<void> {
  await trx.deleteFrom('username_holds').where('order_id', '=', orderId).execute();
}

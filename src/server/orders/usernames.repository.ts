import type { Db, Tx } from '../db/database.js';
import type { UsernamesTable } from '../db/schema.js';

/** A published username: who owns it and which of their portfolios it serves. */
export type UsernameRow = UsernamesTable;

export function findUsername(db: Db, username: string): Promise<UsernameRow | undefined> {
  return db.selectFrom('usernames').selectAll().where('username', '=', username).executeTakeFirst();
}

/** A new name is published from the start. */
export async function insertUsername(
  trx: Tx,
  row: Omit<UsernameRow, 'unpublished_at'>,
): Promise<void> {
  await trx
    .insertInto('usernames')
    .values({ ...row, unpublished_at: null })
    .execute();
}

export async function pointUsernameAt(
  trx: Tx,
  username: string,
  portfolioId: string,
  stamp: string,
): Promise<void> {
  await trx
    .updateTable('usernames')
    .set({ portfolio_id: portfolioId, updated_at: stamp })
    .where('username', '=', username)
    .execute();
}

/** How many usernames other than `username` serve this portfolio. */
export async function countOtherUsernamesOf(
  db: Db,
  portfolioId: string,
  username: string,
): Promise<number> {
  const row = await db
    .selectFrom('usernames')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('portfolio_id', '=', portfolioId)
    .where('username', '!=', username)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

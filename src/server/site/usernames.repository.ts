import type { Db, Tx } from '../db/database.js';
import type { UsernamesTable } from '../db/schema.js';

/** A published username: who owns it and which of their portfolios it serves. */
export type UsernameRow = UsernamesTable;

/** The username row, only when it belongs to this person. */
export function findOwnedName(
  db: Db | Tx,
  userId: string,
  username: string,
): Promise<{ username: string; portfolio_id: string } | undefined> {
  return db
    .selectFrom('usernames')
    .select(['username', 'portfolio_id'])
    .where('username', '=', username)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

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

/** A username with the term of the portfolio it serves. */
export type UsernameWithTerm = UsernameRow & { paid_until: string };

/** One username's row joined to the portfolio it serves: callers select what they need. */
export function usernameWithPortfolio(db: Db, username: string) {
  return db
    .selectFrom('usernames')
    .innerJoin('portfolios', 'portfolios.id', 'usernames.portfolio_id')
    .where('usernames.username', '=', username);
}

export function findUsernameWithTerm(
  db: Db,
  username: string,
): Promise<UsernameWithTerm | undefined> {
  return usernameWithPortfolio(db, username)
    .selectAll('usernames')
    .select('portfolios.paid_until')
    .executeTakeFirst();
}

/**
 * Deletes a username whose portfolio's term ended before `releasedBefore` (paid_until at or
 * before it), and the page stored for it; false when there is no such row (never one that a
 * renewal committed meanwhile has brought back).
 */
export async function deleteReleasedUsername(
  trx: Tx,
  username: string,
  releasedBefore: string,
): Promise<boolean> {
  const result = await trx
    .deleteFrom('usernames')
    .where('username', '=', username)
    .where('portfolio_id', 'in', (eb) =>
      eb.selectFrom('portfolios').select('id').where('paid_until', '<=', releasedBefore),
    )
    .executeTakeFirst();
  if (result.numDeletedRows === 0n) return false;
  await trx.deleteFrom('rendered_pages').where('username', '=', username).execute();
  return true;
}

/** The first (alphabetically) of the usernames that serve this portfolio, if any. */
export async function firstUsernameOf(db: Db, portfolioId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('usernames')
    .select('username')
    .where('portfolio_id', '=', portfolioId)
    .orderBy('username')
    .executeTakeFirst();
  return row?.username;
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

import type { PublishedPortfolio } from '../../shared/auth.js';
import type { Db, Tx } from '../db/database.js';
import type { PortfoliosTable } from '../db/schema.js';

/** The user's published portfolios with the username each is served under. */
export async function listPublishedPortfolios(
  db: Db,
  userId: string,
): Promise<PublishedPortfolio[]> {
  const rows = await db
    .selectFrom('portfolios')
    .leftJoin('usernames', 'usernames.portfolio_id', 'portfolios.id')
    .select(['portfolios.template_id as templateId', 'usernames.username as username'])
    .where('portfolios.user_id', '=', userId)
    .orderBy('portfolios.template_id')
    .execute();
  return rows;
}

/** The saved data of the user's portfolio with this template, or undefined. */
export async function findPortfolioData(
  db: Db,
  userId: string,
  templateId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('portfolios')
    .select('data')
    .where('user_id', '=', userId)
    .where('template_id', '=', templateId)
    .executeTakeFirst();
  return row?.data;
}

export type PortfolioRow = PortfoliosTable;

export function findPortfolioById(db: Db, id: string): Promise<PortfolioRow | undefined> {
  return db.selectFrom('portfolios').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The user's portfolio with this template (there is at most one), or undefined. */
export function findPortfolioOf(
  db: Db,
  userId: string,
  templateId: string,
): Promise<PortfolioRow | undefined> {
  return db
    .selectFrom('portfolios')
    .selectAll()
    .where('user_id', '=', userId)
    .where('template_id', '=', templateId)
    .executeTakeFirst();
}

export async function insertPortfolio(trx: Tx, row: PortfolioRow): Promise<void> {
  await trx.insertInto('portfolios').values(row).execute();
}

/** New data for a portfolio; `paidUntil` too when a payment renews it. */
export async function updatePortfolio(
  trx: Tx,
  id: string,
  change: { data: string; updatedAt: string; paidUntil?: string },
): Promise<void> {
  await trx
    .updateTable('portfolios')
    .set({
      data: change.data,
      updated_at: change.updatedAt,
      ...(change.paidUntil === undefined ? {} : { paid_until: change.paidUntil }),
    })
    .where('id', '=', id)
    .execute();
}

/** A new end of the paid term, content unchanged (a renewal, or the end of a replaced page). */
export async function setPaidUntil(
  trx: Tx,
  id: string,
  paidUntil: string,
  stamp: string,
): Promise<void> {
  await trx
    .updateTable('portfolios')
    .set({ paid_until: paidUntil, updated_at: stamp })
    .where('id', '=', id)
    .execute();
}

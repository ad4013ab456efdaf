import type { PublishedPortfolio } from '../../shared/auth.js';
import type { Db } from '../db/database.js';

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

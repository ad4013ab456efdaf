import type { Db } from '../db/database.js';

export interface PublishedPage {
  template_id: string;
  data: string;
  updated_at: string;
}

export function findPublishedPage(db: Db, username: string): Promise<PublishedPage | undefined> {
  return db
    .selectFrom('usernames')
    .innerJoin('portfolios', 'portfolios.id', 'usernames.portfolio_id')
    .select(['portfolios.template_id', 'portfolios.data', 'portfolios.updated_at'])
    .where('usernames.username', '=', username)
    .executeTakeFirst();
}

export function listPublishedUsernames(
  db: Db,
): Promise<{ username: string; updated_at: string }[]> {
  return db
    .selectFrom('usernames')
    .innerJoin('portfolios', 'portfolios.id', 'usernames.portfolio_id')
    .select(['usernames.username', 'portfolios.updated_at'])
    .orderBy('usernames.username')
    .limit(50_000)
    .execute();
}

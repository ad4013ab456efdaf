import { sql, type Insertable } from 'kysely';
import { isSqlite, type Db, type Tx } from '../db/database.js';
import type {
  EmailOutboxTable,
  OrdersTable,
  PortfoliosTable,
  RenderedPagesTable,
  UsernamesTable,
  UsersTable,
} from '../db/schema.js';

export async function countUsernamesStartingWith(db: Db, prefix: string): Promise<number> {
  const row = await db
    .selectFrom('usernames')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('username', 'like', `${prefix}%`)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The rows of a batch of seeded publishes, one array per table. */
export interface SeedRows {
  users: Insertable<UsersTable>[];
  orders: Insertable<OrdersTable>[];
  portfolios: Insertable<PortfoliosTable>[];
  usernames: Insertable<UsernamesTable>[];
  emails: Insertable<EmailOutboxTable>[];
  pages: Insertable<RenderedPagesTable>[];
}

/** One multi-row insert per table, in the order the foreign keys need. */
export async function insertSeedRows(trx: Tx, rows: SeedRows): Promise<void> {
  await trx.insertInto('users').values(rows.users).execute();
  await trx.insertInto('orders').values(rows.orders).execute();
  await trx.insertInto('portfolios').values(rows.portfolios).execute();
  await trx.insertInto('usernames').values(rows.usernames).execute();
  await trx.insertInto('email_outbox').values(rows.emails).execute();
  await trx.insertInto('rendered_pages').values(rows.pages).execute();
}

/**
 * Brings the query planner's statistics up to date after a bulk seed. PostgreSQL's autovacuum
 * would do it in its own time (never, where it is turned off): without statistics the planner
 * guesses a handful of rows and picks scans that are slow at 100,000. SQLite's planner is left
 * as the app runs it everywhere else: without statistics, with the queries' own index hints.
 */
export async function refreshPlannerStatistics(db: Db): Promise<void> {
  if (!isSqlite(db)) await sql`ANALYZE`.execute(db);
}

import type { Kysely } from 'kysely';

/*
 * Visitor counts of public pages, kept without cookies or addresses. `page_views` holds a day's
 * views per username and, once the day is over, its unique visitors; during the day each visitor
 * is one row of `page_visitors`, a salted hash of address and browser whose salt (`visit_salts`,
 * random per day) is deleted with those rows when the day is rolled up. `page_referrers` counts
 * the sites visitors came from, by host. Days are India's calendar days (YYYY-MM-DD).
 * Frozen: imports nothing from the app.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('page_views')
    .addColumn('username', 'text', (col) => col.notNull())
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('views', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('visitors', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('page_views_pkey', ['username', 'day'])
    .execute();
  await db.schema
    .createTable('page_visitors')
    .addColumn('username', 'text', (col) => col.notNull())
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('visitor', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('page_visitors_pkey', ['day', 'username', 'visitor'])
    .execute();
  await db.schema
    .createTable('visit_salts')
    .addColumn('day', 'text', (col) => col.primaryKey())
    .addColumn('salt', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('page_referrers')
    .addColumn('username', 'text', (col) => col.notNull())
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('host', 'text', (col) => col.notNull())
    .addColumn('views', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('page_referrers_pkey', ['username', 'day', 'host'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('page_referrers').execute();
  await db.schema.dropTable('visit_salts').execute();
  await db.schema.dropTable('page_visitors').execute();
  await db.schema.dropTable('page_views').execute();
}

import type { Kysely } from 'kysely';

/*
 * One counter that every change to a published page bumps, in the same transaction as the
 * change. App processes keep rendered pages in memory and compare this single row instead of
 * re-reading each portfolio, so a publish through one process is seen by all at once.
 * Frozen: imports nothing from the app.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('page_generation')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('value', 'bigint', (col) => col.notNull())
    .execute();
  await db.insertInto('page_generation').values({ id: 1, value: 0 }).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('page_generation').execute();
}

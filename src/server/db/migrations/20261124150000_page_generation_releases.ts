import type { Kysely } from 'kysely';

/*
 * A second counter on the page generation row, bumped with it when a change deletes a username
 * (its owner deleted the portfolio or the account). A deleted name leaves no changed row to
 * find, so each process looks up the names it holds in memory; with this counter it does so
 * only when a name was deleted, not on every change.
 * Frozen: imports nothing from the app.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('page_generation')
    .addColumn('releases', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('page_generation').dropColumn('releases').execute();
}

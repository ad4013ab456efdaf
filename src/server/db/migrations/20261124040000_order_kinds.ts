import type { Kysely } from 'kysely';

/*
 * What an order buys: a first `purchase`, a `renewal` of a published portfolio, or a `move` of a
 * username to another template. A move is priced down by the unused days of the old term:
 * `proration_paise` keeps that credit, so amount + proration is the value of the term it starts.
 * Existing rows are purchases without proration. Frozen: imports nothing from the app.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('kind', 'text', (col) => col.notNull().defaultTo('purchase'))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('proration_paise', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('proration_paise').execute();
  await db.schema.alterTable('orders').dropColumn('kind').execute();
}

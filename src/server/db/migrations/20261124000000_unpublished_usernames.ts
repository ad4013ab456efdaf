import type { Kysely } from 'kysely';

/*
 * An owner may take a page offline without losing it: `unpublished_at` is set while the username
 * is kept but its page is not served. Frozen: imports nothing from the app.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('usernames').addColumn('unpublished_at', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('usernames').dropColumn('unpublished_at').execute();
}

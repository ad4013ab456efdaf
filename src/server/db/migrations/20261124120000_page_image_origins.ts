import type { Kysely } from 'kysely';

/*
 * The origins a stored page's images come from, for its Content-Security-Policy: kept with the
 * page when it is rendered, so a view builds no policy from the portfolio. Pages stored before
 * have none (null) and are served with a wide image rule (any http: or https: origin) until
 * they are rendered again.
 * Frozen: imports nothing from the app.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('rendered_pages').addColumn('image_origins', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('rendered_pages').dropColumn('image_origins').execute();
}

import type { Kysely } from 'kysely';

/*
 * The one focal-point crop for link previews that each owner's upload keeps (`og-<x>-<y>.jpg`),
 * so that moving the point replaces the crop instead of adding one per position tried.
 * Null: none, the centred og.jpg serves. Frozen: imports nothing from the app.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('uploads').addColumn('og_file', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('uploads').dropColumn('og_file').execute();
}

import type { Kysely } from 'kysely';

/*
 * Which network sent a message today, so that one sender cannot use up an owner's whole day:
 * `sender_key` is a keyed hash of the sender's network and the day (never the address itself),
 * and is cleared once the day is over, when it no longer decides anything. Existing messages
 * have none. Frozen: imports nothing from the app.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contact_messages').addColumn('sender_key', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contact_messages').dropColumn('sender_key').execute();
}

import { sql, type Kysely } from 'kysely';

/*
 * Which network sent a message today, so that one sender cannot use up an owner's whole day:
 * `sender_key` is a keyed hash of the sender's network and the day (never the address itself),
 * and is cleared once the day is over (contact/sender-keys.ts), when it no longer decides
 * anything. Existing messages have none. Frozen: imports nothing from the app.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contact_messages').addColumn('sender_key', 'text').execute();
  // Finds the keys still kept (today's, and earlier ones not cleared yet) without reading the
  // messages whose keys are long gone.
  await sql`create index contact_messages_sender_kept on contact_messages (created_at)
    where sender_key is not null`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index contact_messages_sender_kept`.execute(db);
  await db.schema.alterTable('contact_messages').dropColumn('sender_key').execute();
}

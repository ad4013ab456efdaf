import type { Kysely } from 'kysely';

/*
 * Messages from visitors of a public page. `contact_messages` keeps each message (so the account
 * page shows it whether or not the mail arrives) with the owner and the username it was sent
 * to; `email_id` names the outbox mail that delivers it, whose status is the message's delivery
 * state (no second copy of that state to keep in step). The index on (user_id, created_at)
 * serves both the account page's latest-first list and the daily cap's count. The outbox gains
 * `reply_to`: the visitor's address, so the owner's Reply goes to them.
 * Frozen: imports nothing from the app.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('email_outbox').addColumn('reply_to', 'text').execute();
  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id'))
    .addColumn('username', 'text', (col) => col.notNull())
    .addColumn('visitor_name', 'text', (col) => col.notNull())
    .addColumn('visitor_email', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('email_id', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('contact_messages_user_created')
    .on('contact_messages')
    .columns(['user_id', 'created_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('contact_messages').execute();
  await db.schema.alterTable('email_outbox').dropColumn('reply_to').execute();
}

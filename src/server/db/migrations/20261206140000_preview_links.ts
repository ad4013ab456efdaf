import { sql, type Kysely } from 'kysely';

/*
 * Preview links: a snapshot of a person's draft shown at /preview/{token} before they pay.
 * The token itself is never stored: `token_hash` (SHA-256, unique) finds a link in one index
 * lookup, and `token_sealed` is the token encrypted under a key derived from the server's secret,
 * so the owner can copy their link again while a copy of the database alone opens nothing.
 * `data` is the snapshot, cleared when the link ends (revoked, replaced or expired); the ended row
 * stays 30 days so its address answers "this preview has ended" before it is forgotten.
 * At most one link per person and template is current (ended_at null): sharing again updates it.
 * No ON DELETE CASCADE: account deletion erases people through erasePerson, which deletes these.
 * Frozen: imports nothing from the app.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('preview_links')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('token_sealed', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id'))
    .addColumn('template_id', 'text', (col) => col.notNull())
    .addColumn('data', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('ended_at', 'text')
    .execute();
  // One current link per person and template; two shares at once cannot make two.
  await sql`create unique index preview_links_current on preview_links (user_id, template_id)
    where ended_at is null`.execute(db);
  // The purge finds links that ran out, and ended ones old enough to forget.
  await sql`create index preview_links_running_out on preview_links (expires_at)
    where ended_at is null`.execute(db);
  await db.schema
    .createIndex('preview_links_ended')
    .on('preview_links')
    .column('ended_at')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('preview_links').execute();
}

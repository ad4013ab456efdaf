import type { Kysely } from 'kysely';

/*
 * Portfolios on their owners' own domains. One row per domain name (lower-case, punycode), so
 * a name belongs to at most one portfolio. The row goes with the username it serves (an account
 * deletion or a released name removes it). `state`: pending | verified | https | changed.
 * `checked_at` orders the periodic re-checks; `verified_at` picks the canonical domain of a
 * portfolio with two. Frozen: imports nothing from the app.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('domains')
    .addColumn('hostname', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('username', 'text', (col) =>
      col.notNull().references('usernames.username').onDelete('cascade'),
    )
    .addColumn('token', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('checked_at', 'text')
    .addColumn('check_problem', 'text')
    .addColumn('verified_at', 'text')
    // When Caddy was first told it may have a certificate: a domain back from "changed" is
    // served over HTTPS again without waiting for Caddy to ask (it already has the certificate).
    .addColumn('tls_allowed_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('domains_username').on('domains').column('username').execute();
  await db.schema
    .createIndex('domains_state_checked_at')
    .on('domains')
    .columns(['state', 'checked_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('domains').execute();
}

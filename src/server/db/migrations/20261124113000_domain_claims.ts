import { sql, type Kysely } from 'kysely';

/*
 * A domain name no longer belongs to whoever typed it first. Several people may claim one name
 * while they set up its records (one row per person and name); only a served claim (verified or
 * https) is unique, so the person who really controls the name's DNS gets it, and an unverified
 * claim left lying around blocks no one (the checks remove it after a week). SQLite cannot change
 * a primary key in place: the table is made anew and its rows copied.
 * Frozen: imports nothing from the app.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('domain_claims')
    .addColumn('hostname', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('username', 'text', (col) =>
      col.notNull().references('usernames.username').onDelete('cascade'),
    )
    .addColumn('token', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('checked_at', 'text')
    .addColumn('check_problem', 'text')
    .addColumn('verified_at', 'text')
    .addColumn('tls_allowed_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('domain_claims_pkey', ['hostname', 'user_id'])
    .execute();
  await sql`insert into domain_claims (hostname, user_id, username, token, state, checked_at,
    check_problem, verified_at, tls_allowed_at, created_at, updated_at)
    select hostname, user_id, username, token, state, checked_at, check_problem, verified_at,
    tls_allowed_at, created_at, updated_at from domains`.execute(db);
  await db.schema.dropTable('domains').execute();
  await db.schema.alterTable('domain_claims').renameTo('domains').execute();
  await db.schema.createIndex('domains_username').on('domains').column('username').execute();
  await db.schema
    .createIndex('domains_state_checked_at')
    .on('domains')
    .columns(['state', 'checked_at'])
    .execute();
  await sql`create unique index domains_served_hostname on domains (hostname)
    where state in ('verified', 'https')`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  // Back to one row per name: of several claims, the served one or else the oldest stays.
  await sql`delete from domains where exists (select 1 from domains other
    where other.hostname = domains.hostname and other.user_id <> domains.user_id
    and (other.state in ('verified', 'https') and domains.state not in ('verified', 'https')
      or (other.state in ('verified', 'https')) = (domains.state in ('verified', 'https'))
        and other.created_at < domains.created_at))`.execute(db);
  await sql`drop index domains_served_hostname`.execute(db);
  await db.schema.alterTable('domains').renameTo('domain_claims').execute();
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
    .addColumn('tls_allowed_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await sql`insert into domains select hostname, user_id, username, token, state, checked_at,
    check_problem, verified_at, tls_allowed_at, created_at, updated_at from domain_claims`.execute(
    db,
  );
  await db.schema.dropTable('domain_claims').execute();
  await db.schema.createIndex('domains_username').on('domains').column('username').execute();
  await db.schema
    .createIndex('domains_state_checked_at')
    .on('domains')
    .columns(['state', 'checked_at'])
    .execute();
}

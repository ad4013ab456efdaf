import type { Kysely } from 'kysely';

/*
 * Request-limit buckets shared by every app process (used when REDIS_URL is not set): one row per
 * (rule, client), holding the time in milliseconds at which its bucket is full again. A row whose
 * time has passed carries no information and may be deleted at any moment.
 * Frozen: imports nothing from the app.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('full_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_full_at').on('rate_limits').column('full_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
}

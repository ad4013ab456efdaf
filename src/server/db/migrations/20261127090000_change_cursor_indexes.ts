import type { Kysely } from 'kysely';

/*
 * The change check reads each table's changes in slices ordered by (date, key) and resumes after
 * the last row it read. Indexed by the date alone, every slice read and sorted all the rows of
 * the instant it resumed in: a bulk write stamped with one instant made the slices quadratic,
 * slow already at 50,000 rows on SQLite (bench/RESULTS.md, Measurements behind design choices
 * in the code). Indexed by (date, key), a slice seeks to its cursor. The date-only indexes are
 * dropped: these serve every query they served.
 * Frozen: imports nothing from the app.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('portfolios_changes')
    .on('portfolios')
    .columns(['updated_at', 'id'])
    .execute();
  await db.schema
    .createIndex('usernames_changes')
    .on('usernames')
    .columns(['updated_at', 'username'])
    .execute();
  await db.schema
    .createIndex('rendered_pages_changes')
    .on('rendered_pages')
    .columns(['rendered_at', 'username'])
    .execute();
  await db.schema.dropIndex('portfolios_updated_at').execute();
  await db.schema.dropIndex('usernames_updated_at').execute();
  await db.schema.dropIndex('rendered_pages_rendered_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('rendered_pages_rendered_at')
    .on('rendered_pages')
    .column('rendered_at')
    .execute();
  await db.schema
    .createIndex('usernames_updated_at')
    .on('usernames')
    .column('updated_at')
    .execute();
  await db.schema
    .createIndex('portfolios_updated_at')
    .on('portfolios')
    .column('updated_at')
    .execute();
  await db.schema.dropIndex('rendered_pages_changes').execute();
  await db.schema.dropIndex('usernames_changes').execute();
  await db.schema.dropIndex('portfolios_changes').execute();
}

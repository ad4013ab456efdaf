import { PostgresAdapter, type Kysely } from 'kysely';

/*
 * Public pages rendered once, when they change, and read by every app process: the HTML and its
 * gzip and brotli forms, with what they were rendered from (`source_version`: the portfolio's
 * updated_at and template) and by which templates (`template_version`). Bytes are BLOB on SQLite
 * and BYTEA on PostgreSQL, the only column type that differs between the dialects.
 *
 * `template_versions` lists every template version a process has started with, and when it last
 * did, so that after a deploy only processes of the latest started version re-render old pages
 * (an old process still running must not render them back; a rollback starts the old version
 * again and so makes it the latest).
 *
 * The indexes on updated_at let each process find what changed since its last look; the one on
 * portfolios (id, updated_at, template_id) holds all a view and the sitemap need of a portfolio,
 * so neither reads the row itself, whose `data` column comes first and is large.
 * Frozen: imports nothing from the app.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  const bytes = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
  await db.schema
    .createTable('rendered_pages')
    .addColumn('username', 'text', (col) => col.primaryKey())
    .addColumn('source_version', 'text', (col) => col.notNull())
    .addColumn('template_version', 'text', (col) => col.notNull())
    .addColumn('etag', 'text', (col) => col.notNull())
    .addColumn('rendered_at', 'text', (col) => col.notNull())
    // Smallest and most read first: SQLite reaches a column by walking the row's overflow pages
    // in order, so brotli (what browsers ask for) must not sit behind the HTML.
    .addColumn('br', bytes, (col) => col.notNull())
    .addColumn('gzip', bytes, (col) => col.notNull())
    .addColumn('html', bytes, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('rendered_pages_template_version')
    .on('rendered_pages')
    .column('template_version')
    .execute();
  await db.schema
    .createIndex('rendered_pages_rendered_at')
    .on('rendered_pages')
    .column('rendered_at')
    .execute();
  await db.schema
    .createTable('template_versions')
    .addColumn('version', 'text', (col) => col.primaryKey())
    .addColumn('started_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('portfolios_updated_at')
    .on('portfolios')
    .column('updated_at')
    .execute();
  await db.schema
    .createIndex('portfolios_page_version')
    .on('portfolios')
    .columns(['id', 'updated_at', 'template_id'])
    .execute();
  await db.schema
    .createIndex('usernames_updated_at')
    .on('usernames')
    .column('updated_at')
    .execute();
  // From a changed portfolio to its username, without reading every username.
  await db.schema
    .createIndex('usernames_portfolio_id')
    .on('usernames')
    .column('portfolio_id')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('usernames_portfolio_id').execute();
  await db.schema.dropIndex('usernames_updated_at').execute();
  await db.schema.dropIndex('portfolios_page_version').execute();
  await db.schema.dropIndex('portfolios_updated_at').execute();
  await db.schema.dropTable('template_versions').execute();
  await db.schema.dropTable('rendered_pages').execute();
}

import type { Kysely } from 'kysely';

/*
 * The yearly term. `term_reminders` records each reminder email of a term once: its primary key
 * (portfolio, paid_until of that term, kind) is claimed with an INSERT in the transaction that
 * queues the email, so several processes cannot send the same reminder twice, and a renewal (a
 * new paid_until) starts a fresh set. The index on portfolios.paid_until serves the reminder scan
 * and the release sweep. The page index of 20261123120000 gains paid_until, which every view now
 * reads: SQLite then still answers a view from the index without reading the large `data` column.
 * Frozen: imports nothing from the app.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('term_reminders')
    .addColumn('portfolio_id', 'text', (col) =>
      col.notNull().references('portfolios.id').onDelete('cascade'),
    )
    .addColumn('paid_until', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('sent_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('term_reminders_pkey', ['portfolio_id', 'paid_until', 'kind'])
    .execute();
  await db.schema
    .createIndex('portfolios_paid_until')
    .on('portfolios')
    .columns(['paid_until', 'id'])
    .execute();
  await db.schema
    .createIndex('portfolios_page_term')
    .on('portfolios')
    .columns(['id', 'updated_at', 'template_id', 'paid_until'])
    .execute();
  await db.schema.dropIndex('portfolios_page_version').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('portfolios_page_version')
    .on('portfolios')
    .columns(['id', 'updated_at', 'template_id'])
    .execute();
  await db.schema.dropIndex('portfolios_page_term').execute();
  await db.schema.dropIndex('portfolios_paid_until').execute();
  await db.schema.dropTable('term_reminders').execute();
}

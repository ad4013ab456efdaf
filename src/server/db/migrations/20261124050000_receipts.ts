import type { Kysely } from 'kysely';

/*
 * Receipts. `receipt_counters` holds the last number of each financial year, raised inside the
 * transaction that marks an order paid, so numbers are consecutive and unique however many
 * payments arrive at once. `receipts` is each paid order's receipt as issued: the buyer, the
 * seller and the tax as they were then, so a later change of configuration never alters one.
 * Orders gain the billing details a buyer may give before paying, the paid_until their publish
 * replaced (a refund gives it back) and when they were refunded.
 * Frozen: imports nothing from the app.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('receipt_counters')
    .addColumn('financial_year', 'text', (col) => col.primaryKey())
    .addColumn('last_number', 'integer', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('receipts')
    .addColumn('order_id', 'text', (col) => col.primaryKey().references('orders.id'))
    .addColumn('number', 'text', (col) => col.notNull().unique())
    .addColumn('issued_at', 'text', (col) => col.notNull())
    .addColumn('buyer_name', 'text', (col) => col.notNull())
    .addColumn('buyer_email', 'text', (col) => col.notNull())
    .addColumn('billing_name', 'text')
    .addColumn('billing_address', 'text')
    .addColumn('billing_gstin', 'text')
    .addColumn('seller_name', 'text', (col) => col.notNull())
    .addColumn('seller_address', 'text', (col) => col.notNull())
    .addColumn('seller_gstin', 'text')
    .addColumn('item', 'text', (col) => col.notNull())
    .addColumn('username', 'text', (col) => col.notNull())
    .addColumn('term_from', 'text', (col) => col.notNull())
    .addColumn('term_to', 'text', (col) => col.notNull())
    .addColumn('amount_paise', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('taxable_paise', 'integer')
    .addColumn('cgst_paise', 'integer')
    .addColumn('sgst_paise', 'integer')
    .addColumn('igst_paise', 'integer')
    .addColumn('tax_rate_percent', 'integer')
    .execute();
  await db.schema.alterTable('orders').addColumn('billing_name', 'text').execute();
  await db.schema.alterTable('orders').addColumn('billing_address', 'text').execute();
  await db.schema.alterTable('orders').addColumn('billing_state', 'text').execute();
  await db.schema.alterTable('orders').addColumn('billing_gstin', 'text').execute();
  await db.schema.alterTable('orders').addColumn('previous_paid_until', 'text').execute();
  await db.schema.alterTable('orders').addColumn('refunded_at', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const column of [
    'refunded_at',
    'previous_paid_until',
    'billing_gstin',
    'billing_state',
    'billing_address',
    'billing_name',
  ]) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
  await db.schema.dropTable('receipts').execute();
  await db.schema.dropTable('receipt_counters').execute();
}

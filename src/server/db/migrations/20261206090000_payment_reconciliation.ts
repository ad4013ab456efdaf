import type { Kysely } from 'kysely';

/*
 * The reconciliation sweep asks the gateway about every order left unsettled; `orders.checked_at`
 * is when it last asked, so that processes sweeping at once take turns and each order is asked
 * about less often as it ages; a settled order is asked about once more after `paid_at`. `extra_payments` are payments that serve no order (a second
 * payment of one order, an order paid again after a lost answer, an account deleted while paying):
 * each is written once, in the transaction that found it, and refunded after; the row is the
 * trail of that refund. The built-in gateway lists an order's payments, so those are indexed.
 * Frozen: imports nothing from the app.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('checked_at', 'text').execute();
  await db.schema
    .createIndex('orders_unsettled')
    .on('orders')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema.createIndex('orders_paid_at').on('orders').column('paid_at').execute();
  await db.schema
    .createTable('extra_payments')
    .addColumn('payment_id', 'text', (col) => col.primaryKey())
    .addColumn('order_id', 'text', (col) => col.notNull())
    .addColumn('gateway', 'text', (col) => col.notNull())
    // duplicate | superseded | order_closed | account_deleted
    .addColumn('reason', 'text', (col) => col.notNull())
    // pending -> refunded, or not_taken when the provider never kept the money
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('amount_paise', 'integer')
    .addColumn('refund_id', 'text')
    .addColumn('detail', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('extra_payments_due')
    .on('extra_payments')
    .columns(['status', 'updated_at'])
    .execute();
  await db.schema
    .createIndex('extra_payments_order')
    .on('extra_payments')
    .column('order_id')
    .execute();
  await db.schema
    .createIndex('test_gateway_payments_order')
    .on('test_gateway_payments')
    .column('gateway_order_id')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('test_gateway_payments_order').execute();
  await db.schema.dropTable('extra_payments').execute();
  await db.schema.dropIndex('orders_paid_at').execute();
  await db.schema.dropIndex('orders_unsettled').execute();
  await db.schema.alterTable('orders').dropColumn('checked_at').execute();
}

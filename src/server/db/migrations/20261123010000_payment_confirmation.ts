import type { Kysely } from 'kysely';

/*
 * Payments are confirmed and captured before anything is published.
 * `orders.status_message` says why an order paid by signature is not published yet (the capture
 * failed, the provider could not be reached); the order status is then `authorized` or
 * `capture_failed` and a retry picks it up.
 * `test_gateway_payments` are the built-in gateway's payments (it has no provider behind it), so
 * every server process sharing the database sees the same payment states.
 * Frozen: imports nothing from the app.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('status_message', 'text').execute();
  await db.schema.createIndex('orders_status').on('orders').column('status').execute();
  await db.schema
    .createTable('test_gateway_payments')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('gateway_order_id', 'text', (col) => col.notNull())
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    // authorized -> captured -> refunded
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('amount_refunded', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('test_gateway_payments').execute();
  await db.schema.dropIndex('orders_status').execute();
  await db.schema.alterTable('orders').dropColumn('status_message').execute();
}

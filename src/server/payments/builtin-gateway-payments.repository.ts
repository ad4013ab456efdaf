import type { Db } from '../db/database.js';
import type { BuiltinGatewayPaymentsTable } from '../db/schema.js';

export type BuiltinGatewayPaymentRow = BuiltinGatewayPaymentsTable;

export async function insertBuiltinGatewayPayment(
  db: Db,
  row: BuiltinGatewayPaymentRow,
): Promise<void> {
  await db.insertInto('test_gateway_payments').values(row).execute();
}

export function findBuiltinGatewayPayment(
  db: Db,
  paymentId: string,
): Promise<BuiltinGatewayPaymentRow | undefined> {
  return db
    .selectFrom('test_gateway_payments')
    .selectAll()
    .where('id', '=', paymentId)
    .executeTakeFirst();
}

/** The payments of one of its orders, oldest first. */
export function findBuiltinGatewayPaymentsOf(
  db: Db,
  gatewayOrderId: string,
): Promise<BuiltinGatewayPaymentRow[]> {
  return db
    .selectFrom('test_gateway_payments')
    .selectAll()
    .where('gateway_order_id', '=', gatewayOrderId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Moves a payment from one state to the next; false when it was not in `from` any more. */
export async function moveBuiltinGatewayPayment(
  db: Db,
  paymentId: string,
  from: BuiltinGatewayPaymentRow['status'],
  to: BuiltinGatewayPaymentRow['status'],
  amountRefunded = 0,
): Promise<boolean> {
  const result = await db
    .updateTable('test_gateway_payments')
    .set({ status: to, amount_refunded: amountRefunded })
    .where('id', '=', paymentId)
    .where('status', '=', from)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

import type { Db } from '../db/database.js';
import type { TestGatewayPaymentsTable } from '../db/schema.js';

export type TestGatewayPaymentRow = TestGatewayPaymentsTable;

export async function insertTestGatewayPayment(db: Db, row: TestGatewayPaymentRow): Promise<void> {
  await db.insertInto('test_gateway_payments').values(row).execute();
}

export function findTestGatewayPayment(
  db: Db,
  paymentId: string,
): Promise<TestGatewayPaymentRow | undefined> {
  return db
    .selectFrom('test_gateway_payments')
    .selectAll()
    .where('id', '=', paymentId)
    .executeTakeFirst();
}

/** Moves a payment from one state to the next; false when it was not in `from` any more. */
export async function moveTestGatewayPayment(
  db: Db,
  paymentId: string,
  from: TestGatewayPaymentRow['status'],
  to: TestGatewayPaymentRow['status'],
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

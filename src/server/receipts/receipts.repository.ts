/**
 * Issuing a receipt, inside the transaction that marks its order paid: the next number of the
 * financial year, then the receipt as it stands (buyer, seller, item, term and tax frozen).
 */
import { sql, type Selectable } from 'kysely';
import {
  financialYearOf,
  receiptNumber,
  stateOfGstin,
  taxOf,
} from '../../shared/domain/receipts.js';
import { templateName, isTemplateId } from '../../shared/templates/catalog.js';
import type { SellerConfig } from '../config.js';
import type { Db, Tx } from '../db/database.js';
import type { OrdersTable, ReceiptsTable } from '../db/schema.js';

/** The paid order a receipt is issued for, as stored. */
type OrderRow = Selectable<OrdersTable>;

/**
 * The year's next number. The counter row is raised with one UPDATE (a row lock on PostgreSQL,
 * the database lock on SQLite), so two payments never share a number and none is skipped: a
 * transaction that rolls back gives its number back with it.
 */
async function nextNumber(trx: Tx, financialYear: string): Promise<number> {
  await trx
    .insertInto('receipt_counters')
    .values({ financial_year: financialYear, last_number: 0 })
    .onConflict((conflict) => conflict.column('financial_year').doNothing())
    .execute();
  const row = await trx
    .updateTable('receipt_counters')
    .set({ last_number: sql`last_number + 1` })
    .where('financial_year', '=', financialYear)
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return row.last_number;
}

export interface ReceiptSubject {
  order: OrderRow;
  buyer: { name: string; email: string };
  termFrom: string;
  termTo: string;
}

/** Issues the order's receipt once; a second call for the same order changes nothing. */
export async function issueReceipt(
  trx: Tx,
  subject: ReceiptSubject,
  seller: SellerConfig,
  now: Date,
): Promise<string> {
  const { order } = subject;
  const existing = await trx
    .selectFrom('receipts')
    .select('number')
    .where('order_id', '=', order.id)
    .executeTakeFirst();
  if (existing) return existing.number;
  const financialYear = financialYearOf(now);
  const number = receiptNumber(financialYear, await nextNumber(trx, financialYear));
  const sellerState = seller.gstin ? stateOfGstin(seller.gstin) : undefined;
  const buyerState = order.billing_gstin
    ? stateOfGstin(order.billing_gstin)
    : (order.billing_state ?? undefined);
  const tax = sellerState
    ? taxOf(order.amount_paise, seller.gstRatePercent, sellerState, buyerState)
    : undefined;
  const row: ReceiptsTable = {
    order_id: order.id,
    number,
    issued_at: now.toISOString(),
    buyer_name: subject.buyer.name,
    buyer_email: subject.buyer.email,
    billing_name: order.billing_name,
    billing_address: order.billing_address,
    billing_gstin: order.billing_gstin,
    seller_name: seller.name,
    seller_address: seller.address,
    seller_gstin: seller.gstin ?? null,
    item: itemOf(order),
    username: order.username,
    term_from: subject.termFrom,
    term_to: subject.termTo,
    amount_paise: order.amount_paise,
    currency: order.currency,
    taxable_paise: tax?.taxable ?? null,
    cgst_paise: tax?.cgst ?? null,
    sgst_paise: tax?.sgst ?? null,
    igst_paise: tax?.igst ?? null,
    tax_rate_percent: tax?.ratePercent ?? null,
  };
  await trx.insertInto('receipts').values(row).execute();
  return number;
}

function itemOf(order: OrderRow): string {
  const template = isTemplateId(order.template_id) ? templateName(order.template_id) : 'Portfolio';
  const what =
    order.kind === 'renewal'
      ? 'renewal, one year'
      : order.kind === 'move'
        ? 'template change, one year'
        : 'one year';
  return `${template} portfolio, ${what}`;
}

export interface ReceiptView extends ReceiptsTable {
  user_id: string;
  gateway_order_id: string;
  payment_id: string | null;
  status: string;
  refunded_at: string | null;
}

/** A receipt with what its page needs of the order; by order id or by receipt number. */
export function findReceipt(db: Db, key: string): Promise<ReceiptView | undefined> {
  return db
    .selectFrom('receipts')
    .innerJoin('orders', 'orders.id', 'receipts.order_id')
    .selectAll('receipts')
    .select([
      'orders.user_id',
      'orders.gateway_order_id',
      'orders.payment_id',
      'orders.status',
      'orders.refunded_at',
    ])
    .where((eb) => eb.or([eb('receipts.order_id', '=', key), eb('receipts.number', '=', key)]))
    .executeTakeFirst();
}

/** The number of an order's receipt, if it has one. */
export async function findReceiptNumber(db: Db | Tx, orderId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('receipts')
    .select('number')
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return row?.number;
}

/** The id of an order named by its receipt number or by its own id. */
export async function findOrderIdByKey(db: Db, key: string): Promise<string | undefined> {
  const byReceipt = await db
    .selectFrom('receipts')
    .select('order_id')
    .where('number', '=', key)
    .executeTakeFirst();
  if (byReceipt) return byReceipt.order_id;
  const byId = await db.selectFrom('orders').select('id').where('id', '=', key).executeTakeFirst();
  return byId?.id;
}

/**
 * A receipt's contents in words and rupees, once, for both its page and its PDF: the lines to
 * show, in order, from the receipt as it was issued.
 */
import { formatInvoiceRupees } from '../../shared/domain/price.js';
import { formatIndiaDate, GST_STATES } from '../../shared/domain/receipts.js';
import { isGatewayPayment } from '../payments/ids.js';
import type { ReceiptView } from './receipts.repository.js';

export interface ReceiptDocument {
  title: string;
  number: string;
  date: string;
  refunded?: string;
  seller: string[];
  buyer: string[];
  item: { description: string; term: string; amount: string };
  /** Label and amount, the total last. */
  totals: [string, string][];
  note: string;
}

const rupees = formatInvoiceRupees;

export function receiptDocument(receipt: ReceiptView): ReceiptDocument {
  const taxed = receipt.taxable_paise !== null;
  const rate = receipt.tax_rate_percent ?? 0;
  const totals: [string, string][] = [];
  if (taxed) {
    totals.push(['Taxable value', rupees(receipt.taxable_paise!)]);
    if (receipt.igst_paise) totals.push([`IGST ${rate}%`, rupees(receipt.igst_paise)]);
    else {
      totals.push([`CGST ${rate / 2}%`, rupees(receipt.cgst_paise ?? 0)]);
      totals.push([`SGST ${rate / 2}%`, rupees(receipt.sgst_paise ?? 0)]);
    }
  }
  totals.push([taxed ? 'Total (tax included)' : 'Total', rupees(receipt.amount_paise)]);
  const place = receipt.billing_gstin ? GST_STATES[receipt.billing_gstin.slice(0, 2)] : undefined;
  return {
    title: taxed ? 'Tax invoice' : 'Receipt',
    number: receipt.number,
    date: formatIndiaDate(new Date(receipt.issued_at)),
    refunded:
      receipt.status === 'refunded' && receipt.refunded_at
        ? formatIndiaDate(new Date(receipt.refunded_at))
        : undefined,
    seller: [
      receipt.seller_name,
      ...lines(receipt.seller_address),
      ...(receipt.seller_gstin ? [`GSTIN ${receipt.seller_gstin}`] : []),
    ],
    buyer: [
      ...(receipt.billing_name ? [receipt.billing_name] : []),
      ...(receipt.buyer_name && receipt.buyer_name !== receipt.billing_name
        ? [receipt.buyer_name]
        : []),
      ...(receipt.buyer_email ? [receipt.buyer_email] : []),
      ...lines(receipt.billing_address ?? ''),
      ...(receipt.billing_gstin ? [`GSTIN ${receipt.billing_gstin}`] : []),
      ...(place ? [`Place of supply: ${place}`] : []),
    ],
    item: {
      description: receipt.username ? `${receipt.item}, /users/${receipt.username}` : receipt.item,
      term: `${formatIndiaDate(new Date(receipt.term_from))} to ${formatIndiaDate(new Date(receipt.term_to))}`,
      amount: rupees(receipt.amount_paise),
    },
    totals,
    note: `Order ${receipt.gateway_order_id}${isGatewayPayment(receipt.payment_id) ? ` · payment ${receipt.payment_id}` : ''}`,
  };
}

function lines(text: string): string[] {
  return text
    .split(/\r?\n|,\s*(?=\S)/)
    .map((line) => line.trim())
    .filter(Boolean);
}

import type { ReceiptDocument } from '../src/server/receipts/receipt-document.js';

/** A receipt as the PDF and its tests take it, with whatever a test changes. */
export function sampleReceipt(changes: Partial<ReceiptDocument> = {}): ReceiptDocument {
  return {
    title: 'Tax invoice',
    number: 'PB/27-28/000001',
    date: '1 Apr 2027',
    seller: ['Folio Works LLP', '12 MG Road', 'Bengaluru 560001'],
    buyer: ['Asha Rao', 'asha@example.com', 'Mumbai'],
    item: {
      description: 'Mini-port portfolio',
      term: '1 Apr 2027 to 31 Mar 2028',
      amount: '₹1,499.00',
    },
    totals: [['Total', '₹1,499.00']],
    note: 'Order order_1 · payment pay_1',
    ...changes,
  };
}

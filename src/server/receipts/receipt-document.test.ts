import { describe, expect, it } from 'vitest';
import { receiptDocument } from './receipt-document.js';
import type { ReceiptView } from './receipts.repository.js';

const issued: ReceiptView = {
  order_id: 'o',
  number: 'PB/27-28/000001',
  // 1 April 2027, 00:15 in India: the new financial year's first receipt.
  issued_at: '2027-03-31T18:45:00.000Z',
  buyer_name: 'Asha Rao',
  buyer_email: 'asha@example.com',
  billing_name: null,
  billing_address: null,
  billing_gstin: '27AAPFU0939F1ZV',
  seller_name: 'Folio Works LLP',
  seller_address: '12 MG Road, Bengaluru',
  seller_gstin: '29AAPFU0939F1ZR',
  item: 'Mini-port portfolio, one year',
  username: 'asha',
  term_from: '2027-03-31T18:45:00.000Z',
  term_to: '2028-03-30T18:45:00.000Z',
  amount_paise: 149_900,
  currency: 'INR',
  taxable_paise: 127_034,
  cgst_paise: 0,
  sgst_paise: 0,
  igst_paise: 22_866,
  tax_rate_percent: 18,
  user_id: 'u',
  gateway_order_id: 'order_1',
  payment_id: 'pay_1',
  status: 'paid',
  refunded_at: null,
};

describe('a receipt in words and rupees', () => {
  it('dates it by India’s calendar, like its number', () => {
    expect(receiptDocument(issued).date).toBe('1 Apr 2027');
    expect(receiptDocument(issued).item.term).toBe('1 Apr 2027 to 31 Mar 2028');
  });

  it('shows every amount with its paise and Indian grouping, the total once in rupees', () => {
    const document = receiptDocument(issued);
    expect(document.item.amount).toBe('₹1,499.00');
    expect(document.totals).toEqual([
      ['Taxable value', '₹1,270.34'],
      ['IGST 18%', '₹228.66'],
      ['Total (tax included)', '₹1,499.00'],
    ]);
    expect(document.buyer).toContain('Place of supply: Maharashtra');
  });
});

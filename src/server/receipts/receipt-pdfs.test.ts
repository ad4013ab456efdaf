/**
 * Receipt PDFs are drawn in their thread, once per version of a receipt: a name in several
 * scripts takes the thread a second at worst, and the event loop none of it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { ReceiptDocument } from './receipt-document.js';
import { ReceiptPdfs } from './receipt-pdfs.js';

const receipt: ReceiptDocument = {
  title: 'Tax invoice',
  number: 'PB/27-28/000002',
  date: '1 Apr 2027',
  seller: ['Folio Works LLP', '12 MG Road', 'Bengaluru 560001'],
  // Each script needs its own font shaped and embedded: the costliest receipt there is.
  buyer: ['प्रिया ப்ரியா প্রিয়া ప్రియ ಪ್ರಿಯಾ പ്രിയ પ્રિયા ਪ੍ਰਿਆ ପ୍ରିୟା', 'priya@example.com', 'Chennai'],
  item: {
    description: 'Mini-port portfolio',
    term: '1 Apr 2027 to 31 Mar 2028',
    amount: '₹1,499.00',
  },
  totals: [['Total', '₹1,499.00']],
  note: 'Order order_2 · payment pay_2',
};

describe('receipt PDFs', () => {
  const pdfs = new ReceiptPdfs();
  afterAll(() => pdfs.close());

  it('draws each version once, in its thread, however many ask at once', async () => {
    const [first, second] = await Promise.all([pdfs.pdfOf(receipt), pdfs.pdfOf(receipt)]);
    expect(first.subarray(0, 5).toString()).toBe('%PDF-');
    expect(second).toBe(first);
    expect(pdfs.drawn).toBe(1);
    // The next download of this version is the same bytes, drawn no more.
    expect(await pdfs.pdfOf({ ...receipt })).toBe(first);
    expect(pdfs.drawn).toBe(1);
    // A changed receipt (a refund line, say) is a new PDF.
    const refunded = await pdfs.pdfOf({
      ...receipt,
      totals: [...receipt.totals, ['Refunded', '₹1,499.00']],
    });
    expect(refunded).not.toBe(first);
    expect(pdfs.drawn).toBe(2);
  });
});

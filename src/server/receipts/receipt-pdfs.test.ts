/**
 * Receipt PDFs are drawn in their thread, once per version of a receipt: a name in several
 * scripts is the thread's work, never the event loop's.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { sampleReceipt } from '../../../test/receipts.js';
import { ReceiptPdfs } from './receipt-pdfs.js';

// Each script needs its own font shaped and embedded: the costliest receipt there is.
const receipt = sampleReceipt({
  number: 'PB/27-28/000002',
  buyer: ['प्रिया ப்ரியா প্রিয়া ప్రియ ಪ್ರಿಯಾ പ്രിയ પ્રિયા ਪ੍ਰਿਆ ପ୍ରିୟା', 'priya@example.com', 'Chennai'],
});

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

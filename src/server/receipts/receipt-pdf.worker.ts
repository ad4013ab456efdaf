/**
 * The thread that draws receipt PDFs (receipt-pdfs.ts): shaping a name in several scripts and
 * embedding their fonts is seconds of work at worst, which must not hold the event loop.
 */
import type { ReceiptDocument } from './receipt-document.js';
import { receiptPdf } from './receipt-pdf.js';

export default function drawReceiptPdf(document: ReceiptDocument): Promise<Buffer> {
  return receiptPdf(document);
}

/**
 * The thread that draws receipt PDFs (receipt-pdfs.ts): shaping a name in several scripts and
 * embedding their fonts is too much work for the event loop.
 */
export { receiptPdf as default } from './receipt-pdf.js';

import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { Piscina } from 'piscina';
import { workerFile } from '../worker-file.js';
import type { ReceiptDocument } from './receipt-document.js';

/** PDFs kept, by the receipt as drawn: a buyer downloads theirs a few times, near its payment. */
const CACHE_BYTES = 16 * 1024 * 1024;
/** Receipts waiting for the thread; past this a download is refused as busy. */
const QUEUE_LIMIT = 32;

export class ReceiptPdfsBusyError extends Error {}

/**
 * Receipt PDFs, drawn in a worker thread (receipt-pdf.worker.ts) and kept per version of the
 * receipt: the key is the document itself, so a refund or a corrected seller line is a new PDF.
 * Downloads of one version at once share one drawing.
 */
export class ReceiptPdfs {
  private readonly piscina: Piscina<ReceiptDocument, Uint8Array>;
  private readonly kept = new LRUCache<string, Buffer>({
    maxSize: CACHE_BYTES,
    sizeCalculation: (pdf) => pdf.length,
  });
  private readonly drawing = new Map<string, Promise<Buffer>>();
  private drawings = 0;

  constructor() {
    const { filename, execArgv } = workerFile(
      import.meta.url,
      'receipt-pdf.worker.ts',
      'receipt-pdf-worker.js',
    );
    // One thread: receipts are rare, and a second would take a core from page views.
    this.piscina = new Piscina({
      filename,
      execArgv,
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: 60_000,
    });
  }

  async pdfOf(document: ReceiptDocument): Promise<Buffer> {
    const key = createHash('sha256').update(JSON.stringify(document)).digest('base64url');
    const kept = this.kept.get(key);
    if (kept) return kept;
    let drawing = this.drawing.get(key);
    if (!drawing) {
      if (this.piscina.queueSize >= QUEUE_LIMIT) throw new ReceiptPdfsBusyError();
      drawing = this.piscina
        .run(document)
        .then((bytes) => {
          // A Buffer made in the thread arrives as a plain Uint8Array.
          const pdf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
          this.kept.set(key, pdf);
          this.drawings += 1;
          return pdf;
        })
        .finally(() => this.drawing.delete(key));
      this.drawing.set(key, drawing);
    }
    return drawing;
  }

  /** Drawings finished, for tests to tell the cache from the thread. */
  get drawn(): number {
    return this.drawings;
  }

  async close(): Promise<void> {
    await this.piscina.close();
  }
}

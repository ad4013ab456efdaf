/**
 * A receipt as a PDF, made with pdfkit on the server: one A4 page with the same contents as the
 * receipt page. It embeds Noto Sans and the Noto Sans of each Indian script (receipt-fonts.ts), so
 * amounts read "₹499.00" and a billing name in Tamil or Devanagari prints as written.
 */
import PDFDocument from 'pdfkit';
import type { ReceiptDocument } from './receipt-document.js';
import {
  extraLeading,
  fontOf,
  fontRuns,
  LATIN_ASCENT,
  LATIN_HEIGHT,
  type Shaping,
  type Weight,
} from './receipt-fonts.js';

const INK = '#1d1b26';
const MUTED = '#5d5a6b';
const LINE = '#e6e0d6';

interface Place {
  x: number;
  y: number;
  width: number;
  align?: 'left' | 'right';
}

/**
 * The receipt as a PDF. fontkit can still fail on a rare mix of letters and marks in a layout
 * its first check did not try: the receipt is then made again with less shaping, and at worst
 * in the Latin font alone, so the buyer can always download it.
 */
export async function receiptPdf(document: ReceiptDocument): Promise<Buffer> {
  for (const shaping of ['full', 'unmarked'] as const) {
    try {
      return await drawReceipt(document, shaping);
    } catch {
      // Tried again below with less shaping.
    }
  }
  return drawReceipt(document, 'latin');
}

function drawReceipt(document: ReceiptDocument, shaping: Shaping): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `${document.title} ${document.number}`, Author: document.seller[0] ?? '' },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  let weight: Weight = 'normal';
  let size = 11;
  const style = (nextWeight: Weight, nextSize: number, color: string) => {
    weight = nextWeight;
    size = nextSize;
    pdf.fontSize(size).fillColor(color);
  };
  const runsOf = (value: string) =>
    fontRuns(value, weight, shaping).map((run) => {
      pdf.registerFont(run.face.name, fontOf(run.face) as unknown as Buffer);
      return run;
    });
  // Every face sits on the Latin baseline, whatever its own ascent: a Tamil name beside a comma
  // stays on one line.
  const baseline = () => -LATIN_ASCENT * size;

  /**
   * Prints `value` at `place`, wrapping within its width, each run in its face; pdf.y is then
   * below it. Shaped runs carry their text as written, as glyph order is not reading order.
   */
  const write = (value: string, place: Place) => {
    const runs = runsOf(value);
    if (place.align === 'right') {
      // One line, measured run by run: pdfkit aligns only a text's last run when continued.
      const widths = runs.map((run) =>
        pdf.font(run.face.name).widthOfString(run.text, { features: run.features as never }),
      );
      let x = place.x + place.width - widths.reduce((sum, width) => sum + width, 0);
      runs.forEach((run, index) => {
        pdf.font(run.face.name).text(run.text, x, place.y, {
          lineBreak: false,
          baseline: baseline(),
          features: run.features as never,
        });
        x += widths[index]!;
      });
      pdf.y = place.y + LATIN_HEIGHT * size;
      return;
    }
    runs.forEach((run, index) => {
      const options = {
        width: place.width,
        continued: index < runs.length - 1,
        baseline: baseline(),
        lineGap: extraLeading(run.face) * size,
        // Turned-off features, which pdfkit hands on to fontkit as they are.
        features: run.features as never,
      };
      if (run.face.shaped) pdf.markContent('Span', { actual: run.text });
      pdf.font(run.face.name);
      if (index === 0) pdf.text(run.text, place.x, place.y, options);
      else pdf.text(run.text, options);
      if (run.face.shaped) pdf.endMarkedContent();
    });
  };

  const left = pdf.page.margins.left;
  const width = pdf.page.width - left - pdf.page.margins.right;

  style('bold', 22, INK);
  write(document.title, { x: left, y: 56, width });
  style('normal', 11, MUTED);
  write(`No. ${document.number}`, { x: left, y: 60, width, align: 'right' });
  write(`Date ${document.date}`, { x: left, y: pdf.y, width, align: 'right' });
  pdf
    .moveTo(left, 96)
    .lineTo(left + width, 96)
    .lineWidth(1.5)
    .strokeColor(INK)
    .stroke();
  let y = 110;
  if (document.refunded) {
    style('bold', 11, '#8a2a1f');
    write(`Refunded on ${document.refunded}`, { x: left, y, width });
    y += 24;
  }

  const column = (heading: string, lines: string[], x: number) => {
    style('bold', 9, MUTED);
    write(heading.toUpperCase(), { x, y, width });
    style('normal', 11, INK);
    pdf.y = y + 14;
    for (const line of lines) write(line, { x, y: pdf.y, width: width / 2 - 12 });
    return pdf.y;
  };
  y =
    Math.max(
      column('From', document.seller, left),
      column('Billed to', document.buyer, left + width / 2),
    ) + 24;

  style('bold', 9, MUTED);
  write('DESCRIPTION', { x: left, y, width });
  write('TERM', { x: left + width * 0.55, y, width });
  write('AMOUNT', { x: left, y, width, align: 'right' });
  y += 16;
  pdf
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(0.75)
    .strokeColor(LINE)
    .stroke();
  y += 8;
  style('normal', 11, INK);
  write(document.item.description, { x: left, y, width: width * 0.52 });
  const afterDescription = pdf.y;
  write(document.item.term, { x: left + width * 0.55, y, width: width * 0.3 });
  const afterTerm = pdf.y;
  write(document.item.amount, { x: left, y, width, align: 'right' });
  y = Math.max(afterDescription, afterTerm) + 10;
  pdf
    .moveTo(left, y)
    .lineTo(left + width, y)
    .strokeColor(LINE)
    .stroke();
  y += 10;

  document.totals.forEach(([label, amount], index) => {
    const last = index === document.totals.length - 1;
    if (last) {
      pdf
        .moveTo(left + width / 2, y)
        .lineTo(left + width, y)
        .lineWidth(1.5)
        .strokeColor(INK)
        .stroke();
      y += 8;
    }
    style(last ? 'bold' : 'normal', last ? 13 : 11, INK);
    write(label, { x: left + width / 2, y, width: width / 2 });
    write(amount, { x: left, y, width, align: 'right' });
    y += last ? 22 : 18;
  });

  style('normal', 9, MUTED);
  write(document.note, { x: left, y: y + 24, width });
  pdf.end();
  return done;
}

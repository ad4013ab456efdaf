/**
 * A receipt as a PDF, made with pdfkit on the server: one A4 page with the same contents as the
 * receipt page. It uses the PDF standard font Helvetica, which needs no font file and knows
 * Latin script only: amounts read "INR 499.00" (the rupee sign is not in it), and letters outside Latin-1 become "?" (the
 * receipt page shows every script).
 */
import PDFDocument from 'pdfkit';
import type { ReceiptDocument } from './receipt-document.js';

const INK = '#1d1b26';
const MUTED = '#5d5a6b';
const LINE = '#e6e0d6';

/** What Helvetica can print: the rupee sign as INR, anything past Latin-1 as "?". */
function printable(text: string): string {
  return text
    .replace(/₹/g, 'INR ')
    .replace(/[·–—]/g, (c) => (c === '·' ? '|' : '-'))
    .replace(/[^\u0020-\u00ff]/g, '?');
}

export function receiptPdf(document: ReceiptDocument): Promise<Buffer> {
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

  const left = pdf.page.margins.left;
  const width = pdf.page.width - left - pdf.page.margins.right;
  const text = (value: string) => printable(value);

  pdf.fillColor(INK).font('Helvetica-Bold').fontSize(22).text(text(document.title), left, 56);
  pdf
    .font('Helvetica')
    .fontSize(11)
    .fillColor(MUTED)
    .text(`No. ${text(document.number)}`, left, 60, { width, align: 'right' })
    .text(`Date ${text(document.date)}`, { width, align: 'right' });
  pdf
    .moveTo(left, 96)
    .lineTo(left + width, 96)
    .lineWidth(1.5)
    .strokeColor(INK)
    .stroke();
  let y = 110;
  if (document.refunded) {
    pdf
      .font('Helvetica-Bold')
      .fillColor('#8a2a1f')
      .text(`Refunded on ${text(document.refunded)}`, left, y);
    y += 24;
  }

  const column = (heading: string, lines: string[], x: number) => {
    pdf.font('Helvetica-Bold').fontSize(9).fillColor(MUTED).text(heading.toUpperCase(), x, y);
    pdf
      .font('Helvetica')
      .fontSize(11)
      .fillColor(INK)
      .text(lines.map(text).join('\n'), x, y + 14, { width: width / 2 - 12 });
    return pdf.y;
  };
  y =
    Math.max(
      column('From', document.seller, left),
      column('Billed to', document.buyer, left + width / 2),
    ) + 24;

  pdf.font('Helvetica-Bold').fontSize(9).fillColor(MUTED);
  pdf.text('DESCRIPTION', left, y).text('TERM', left + width * 0.55, y);
  pdf.text('AMOUNT', left, y, { width, align: 'right' });
  y += 16;
  pdf
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(0.75)
    .strokeColor(LINE)
    .stroke();
  y += 8;
  pdf.font('Helvetica').fontSize(11).fillColor(INK);
  pdf.text(text(document.item.description), left, y, { width: width * 0.52 });
  const afterDescription = pdf.y;
  pdf.text(text(document.item.term), left + width * 0.55, y, { width: width * 0.3 });
  pdf.text(text(document.item.amount), left, y, { width, align: 'right' });
  y = Math.max(afterDescription, pdf.y) + 10;
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
    pdf.font(last ? 'Helvetica-Bold' : 'Helvetica').fontSize(last ? 13 : 11);
    pdf.text(text(label), left + width / 2, y);
    pdf.text(text(amount), left, y, { width, align: 'right' });
    y += last ? 22 : 18;
  });

  pdf
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(text(document.note), left, y + 24, { width });
  pdf.end();
  return done;
}

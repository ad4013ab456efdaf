/**
 * The receipt PDF read back as a PDF reader extracts its text (pdf.js, through the ToUnicode maps
 * pdfkit writes): the rupee sign and names in Indian scripts come out as letters, not "?".
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import { describe, expect, it } from 'vitest';
import { sampleReceipt } from '../../../test/receipts.js';
import { receiptPdf } from './receipt-pdf.js';

const receipt = sampleReceipt();

const NAMES = {
  Devanagari: 'प्रिया शर्मा',
  Tamil: 'ப்ரியா',
  Bengali: 'প্রিয়া',
  Telugu: 'ప్రియ',
  Kannada: 'ಪ್ರಿಯಾ',
  Malayalam: 'പ്രിയ',
  Gujarati: 'પ્રિયા',
  Gurmukhi: 'ਪ੍ਰਿਆ',
  Odia: 'ପ୍ରିୟା',
};

async function pageText(bytes: Buffer): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes) }).promise;
  const content = await (await pdf.getPage(1)).getTextContent();
  return content.items.map((item) => (item as TextItem).str);
}

const letters = (text: string) => new Set([...text.normalize('NFC')].filter((c) => c.trim()));

describe('a receipt PDF', () => {
  it('prints amounts with the rupee sign', async () => {
    const text = (await pageText(await receiptPdf(receipt))).join('');
    expect(text).toContain('₹1,499.00');
    expect(text).toContain('Order order_1 · payment pay_1');
    expect(text).not.toContain('INR');
    expect(text).not.toContain('?');
  });

  it('prints names in Indian scripts, conjuncts and all, beside Latin text', async () => {
    const bytes = await receiptPdf({
      ...receipt,
      buyer: [...Object.values(NAMES), `Billed to: ${NAMES.Devanagari}, Chennai`, 'क्ष'],
    });
    const items = await pageText(bytes);
    const text = items.join('');
    expect(text).not.toContain('?');
    expect(text).not.toContain('\ufffd');
    expect(text).toContain('Billed to:');
    expect(text).toContain(', Chennai');
    // A shaped word's glyphs come out in the order they are drawn (the i sign before its
    // consonant), so each name is checked letter by letter.
    for (const [script, name] of Object.entries(NAMES)) {
      const scriptLetters = new RegExp(`\\p{Script=${script === 'Odia' ? 'Oriya' : script}}`, 'u');
      const printed = letters(items.filter((item) => scriptLetters.test(item)).join(''));
      for (const letter of letters(name)) expect(printed, `${script} ${letter}`).toContain(letter);
    }
    expect(items).toContain('क्ष');
  });

  it('is made for names fontkit cannot lay out whole, with less shaping rather than not at all', async () => {
    // Found by fuzzing: a Latin run before these Malayalam letters made fontkit throw.
    for (const name of ['Dr. ൠ്', 'A ൡ്', 'A ഌ്', 'Priya ൠ്']) {
      const text = (await pageText(await receiptPdf({ ...receipt, buyer: [name] }))).join('');
      expect(text, name).toContain(name.split(' ')[0]!);
      expect(text, name).toContain(receipt.number);
    }
  });

  it('stays small: fonts are embedded with the glyphs used only', async () => {
    expect((await receiptPdf(receipt)).length).toBeLessThan(20_000);
    const devanagari = { ...receipt, buyer: [NAMES.Devanagari, ...receipt.buyer] };
    expect((await receiptPdf(devanagari)).length).toBeLessThan(24_000);
  });
});

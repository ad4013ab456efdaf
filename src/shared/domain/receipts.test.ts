import { describe, expect, it } from 'vitest';
import {
  financialYearOf,
  gstinMessage,
  gstinProblem,
  gstStateName,
  receiptNumber,
  taxOf,
} from './receipts.js';

describe('receipt numbers', () => {
  it('belong to the Indian financial year, April to March, by India’s calendar', () => {
    // 31 March 2027, 23:59 in India is 18:29 UTC; 1 April 00:00 in India is 31 March 18:30 UTC.
    expect(financialYearOf(new Date('2027-03-31T18:29:59Z'))).toBe('26-27');
    expect(financialYearOf(new Date('2027-03-31T18:30:00Z'))).toBe('27-28');
    expect(financialYearOf(new Date('2026-11-23T10:00:00Z'))).toBe('26-27');
    expect(financialYearOf(new Date('2099-12-31T00:00:00Z'))).toBe('99-00');
  });

  it('are at most 16 characters', () => {
    expect(receiptNumber('26-27', 123)).toBe('PB/26-27/000123');
    expect(receiptNumber('26-27', 9_999_999).length).toBeLessThanOrEqual(16);
  });
});

describe('GSTINs', () => {
  it.each(['27AAPFU0939F1ZV'])('accepts %s', (gstin) => {
    expect(gstinProblem(gstin)).toBeUndefined();
  });
  it.each([
    ['27AAPFU0939F1ZW', 'has a wrong check character (its last character)'],
    ['99AAPFU0939F1ZV', 'starts with 99, which is no GST state code'],
    ['27AAPFU0939F1Z', 'has 14 characters: a GSTIN has 15'],
    ['2', 'has 1 character: a GSTIN has 15'],
    ['', 'has 0 characters'],
    ['2AAAPFU0939F1ZV', 'must start with the two digits of a state code'],
    ['27aapfu0939f1zv', 'five letters as characters 3 to 7'],
    ['27AAPFUO939F1ZV', 'four digits as characters 8 to 11'],
    ['27AAPFU093911ZV', 'a letter as character 12'],
    ['27AAPFU0939F0ZV', 'a digit 1 to 9 or a letter as character 13'],
    ['27AAPFU0939F1YV', 'must have Z as character 14'],
    ['27AAPFU0939F1Z-', 'must end in a letter or digit'],
  ])('refuses %s, naming what is wrong', (gstin, why) =>
    expect(gstinProblem(gstin)).toContain(why),
  );

  it('says the one sentence the form and the API show, nothing for none or a valid one', () => {
    expect(gstinMessage(' 27AAPFU0939F1Z ')).toBe(
      'The GSTIN has 14 characters: a GSTIN has 15, like 27AAPFU0939F1ZV.',
    );
    expect(gstinMessage('27AAPFU0939F1ZV')).toBeUndefined();
    expect(gstinMessage('  ')).toBeUndefined();
    expect(gstinMessage(undefined)).toBeUndefined();
  });

  it('names the state of the first two digits as soon as they are typed', () => {
    expect(gstStateName('27')).toBe('Maharashtra');
    expect(gstStateName('29AB')).toBe('Karnataka');
    expect(gstStateName('2')).toBeUndefined();
    expect(gstStateName('99AAPFU0939F1ZV')).toBeUndefined();
    expect(gstStateName('2A')).toBeUndefined();
  });
});

describe('tax inside a tax-inclusive price', () => {
  const inState = { taxable: 42288, cgst: 3806, sgst: 3806, igst: 0, ratePercent: 18 };
  const interState = { taxable: 42288, cgst: 0, sgst: 0, igst: 7612, ratePercent: 18 };
  it.each([
    { what: 'CGST and SGST within the seller’s state', buyerState: '29', tax: inState },
    {
      what: 'CGST and SGST when the buyer’s state is unknown',
      buyerState: undefined,
      tax: inState,
    },
    { what: 'IGST between states', buyerState: '27', tax: interState },
  ])('is $what, to the paisa', ({ buyerState, tax }) => {
    expect(taxOf(49900, 18, '29', buyerState)).toEqual(tax);
    const odd = taxOf(49901, 18, '29', buyerState);
    expect(odd.taxable + odd.cgst + odd.sgst + odd.igst).toBe(49901);
  });
});

/**
 * Receipts as Indian invoices need them: numbers consecutive within a financial year (April to
 * March, India's calendar), at most 16 characters; GSTINs checked by their form and check
 * character; tax worked out of tax-inclusive prices, split into CGST and SGST within one state
 * and IGST between states. Pure arithmetic in paise, shared by the server (which decides) and
 * the pages (which show).
 */

const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

/** "26-27" for any instant from 1 April 2026 to 31 March 2027 in India. */
export function financialYearOf(at: Date): string {
  const india = new Date(at.getTime() + IST_OFFSET_MS);
  const year = india.getUTCFullYear();
  const start = india.getUTCMonth() >= 3 ? year : year - 1;
  const two = (value: number) => String(value % 100).padStart(2, '0');
  return `${two(start)}-${two(start + 1)}`;
}

/** PB/26-27/000123: 15 characters up to a million receipts a year. */
export function receiptNumber(financialYear: string, sequence: number): string {
  return `PB/${financialYear}/${String(sequence).padStart(6, '0')}`;
}

/** A date as receipts give it: India's calendar day ("31 Mar 2027"), like their numbers' year. */
export function formatIndiaDate(at: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  }).format(at);
}

/** GST state codes (the first two digits of a GSTIN), 01 Jammu and Kashmir to 38 Ladakh. */
export const GST_STATES: Readonly<Record<string, string>> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
};

const GSTIN_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A GSTIN's characters: the state code (2), the PAN (10), the entity number, Z, the check. */
export const GSTIN_LENGTH = 15;

/** A valid GSTIN, given as the example wherever one is asked for. */
export const GSTIN_EXAMPLE = '27AAPFU0939F1ZV';

/**
 * A GSTIN's parts in order, each with what it must be: the first that does not fit is named,
 * so a person can find the typo (a letter O for a zero in the PAN is the usual one).
 */
const GSTIN_PARTS: readonly [RegExp, string][] = [
  [/^\d{2}/, 'must start with the two digits of a state code (27 for Maharashtra)'],
  [/^.{2}[A-Z]{5}/, 'must have five letters as characters 3 to 7 (the start of the PAN)'],
  [/^.{7}\d{4}/, 'must have four digits as characters 8 to 11 (the middle of the PAN)'],
  [/^.{11}[A-Z]/, 'must have a letter as character 12 (the end of the PAN)'],
  [/^.{12}[1-9A-Z]/, 'must have a digit 1 to 9 or a letter as character 13 (the entity number)'],
  [/^.{13}Z/, 'must have Z as character 14'],
  [/^.{14}[0-9A-Z]$/, 'must end in a letter or digit (the check character)'],
];

/** The check character of a GSTIN's first 14 (the GSTN's base-36 weighted sum). */
function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let index = 0; index < 14; index += 1) {
    const value = GSTIN_ALPHABET.indexOf(first14[index]!);
    const product = value * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_ALPHABET[(36 - (sum % 36)) % 36]!;
}

/** The state code of a valid GSTIN. */
export const stateOfGstin = (gstin: string): string => gstin.slice(0, 2);

/**
 * Why a GSTIN cannot be one, or undefined when it can: its length, then the first part out of
 * form (together the parts spell out every character), the state code, the check character.
 * Worded to follow "The GSTIN ".
 */
export function gstinProblem(gstin: string): string | undefined {
  if (gstin.length !== GSTIN_LENGTH) {
    return `has ${gstin.length} ${gstin.length === 1 ? 'character' : 'characters'}: a GSTIN has ${GSTIN_LENGTH}, like ${GSTIN_EXAMPLE}`;
  }
  const part = GSTIN_PARTS.find(([form]) => !form.test(gstin));
  if (part) return part[1];
  const code = stateOfGstin(gstin);
  if (!GST_STATES[code]) return `starts with ${code}, which is no GST state code`;
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) {
    return 'has a wrong check character (its last character): please check it for a typo';
  }
  return undefined;
}

/**
 * What is wrong with a GSTIN typed, as the sentence the form and the API both say; undefined
 * when none is typed or it is valid.
 */
export function gstinMessage(gstin: string | undefined): string | undefined {
  const typed = gstin?.trim() ?? '';
  if (typed === '') return undefined;
  const problem = gstinProblem(typed);
  return problem && `The GSTIN ${problem}.`;
}

/** The state a GSTIN's first two digits name, as soon as they are typed (undefined before). */
export function gstStateName(gstin: string): string | undefined {
  const code = stateOfGstin(gstin);
  return /^\d\d$/.test(code) ? GST_STATES[code] : undefined;
}

export interface TaxBreakdown {
  /** The amount before tax, in paise. */
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  /** The rate in percent (18 for 18 %). */
  ratePercent: number;
}

/**
 * The tax inside a tax-inclusive amount: taxable = amount * 100 / (100 + rate), rounded to the
 * paisa; the rest is tax. Within the seller's state it is split in half as CGST and SGST (the odd
 * paisa to SGST), otherwise it is IGST. A buyer whose state is not known is taken to be in the
 * seller's state: a consumer's supply is taxed where the seller is when no address says otherwise.
 */
export function taxOf(
  amount: number,
  ratePercent: number,
  sellerState: string,
  buyerState: string | undefined,
): TaxBreakdown {
  const taxable = Math.round((amount * 100) / (100 + ratePercent));
  const tax = amount - taxable;
  if (buyerState === undefined || buyerState === sellerState) {
    const cgst = Math.floor(tax / 2);
    return { taxable, cgst, sgst: tax - cgst, igst: 0, ratePercent };
  }
  return { taxable, cgst: 0, sgst: 0, igst: tax, ratePercent };
}

/**
 * What an imported file says about its person, whatever the file's format: the neutral shape
 * both readers (JSON Resume, the LinkedIn export) produce and the import plan maps onto a
 * template by meaning. Texts are as the file has them, trimmed; nothing here is checked against
 * the portfolio's rules yet (plan-import.ts does that, and lists what it had to leave out).
 */
export interface ImportedItem {
  title: string;
  /** Dates, place and words, as one paragraph of plain text. */
  desc: string;
  link: string;
}

export interface ImportedLink {
  url: string;
  /** The network or the site's name, e.g. "GitHub". */
  label: string;
}

export interface ImportedProfile {
  /** "JSON Resume" or "LinkedIn export": named in the dialog. */
  format: string;
  name: string;
  headline: string;
  about: string;
  email: string;
  phone: string;
  location: string;
  /** A picture's web address, if the file names one. */
  image: string;
  links: ImportedLink[];
  /** Pieces of work: projects. */
  projects: ImportedItem[];
  /** What the person does and did: positions held, services offered. */
  experience: ImportedItem[];
  skills: ImportedItem[];
  /** What no template has a place for, one line each ("Education: 2 entries"). */
  notShown: string[];
}

export const emptyProfile = (format: string): ImportedProfile => ({
  format,
  name: '',
  headline: '',
  about: '',
  email: '',
  phone: '',
  location: '',
  image: '',
  links: [],
  projects: [],
  experience: [],
  skills: [],
  notShown: [],
});

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2021-03-04" or "2021-03" as "Mar 2021"; anything else as it is. */
export function readableDate(value: string): string {
  const match = /^(\d{4})-(\d{2})(?:-\d{2})?$/.exec(value.trim());
  if (!match) return value.trim();
  const month = MONTHS[Number(match[2]) - 1];
  return month ? `${month} ${match[1]}` : match[1]!;
}

/** "Mar 2021 – present", "2018 – 2020", "" when neither is known. */
export function dateRange(start: string, end: string): string {
  const from = readableDate(start);
  const to = readableDate(end);
  if (!from && !to) return '';
  if (!from) return to;
  return `${from} – ${to || 'present'}`;
}

/** Non-empty parts joined: a line of facts, then paragraphs. */
export function joinParts(parts: readonly string[], separator: string): string {
  return parts
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(separator);
}

/** "Education: 2 entries" for a list the templates cannot show; nothing when it is empty. */
export function notShownLine(what: string, count: number, noun = 'entry'): string[] {
  if (count === 0) return [];
  const nouns =
    noun === 'entry' ? (count === 1 ? 'entry' : 'entries') : `${noun}${count === 1 ? '' : 's'}`;
  return [`${what}: ${count} ${nouns}`];
}

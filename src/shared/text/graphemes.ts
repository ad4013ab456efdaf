/*
 * Letters as a reader counts them: grapheme clusters, so a Devanagari conjunct with its vowel sign
 * ("प्रि"), a Tamil letter with its pulli or an emoji joined with ZWJ ("👩‍💻") is one letter, never
 * cut in half. The locale is fixed: the server renders a page and the browser hydrates it, and
 * both must split and capitalise the same whatever language either runs in (a Turkish browser's
 * default would turn "i" into "İ").
 */
export const TEXT_LOCALE = 'en';

const letters = new Intl.Segmenter(TEXT_LOCALE, { granularity: 'grapheme' });

/** The text's first letter (a whole cluster), or '' for none. */
export function firstGrapheme(text: string): string {
  for (const { segment } of letters.segment(text)) return segment;
  return '';
}

/** How many letters the text has as a reader counts them (not UTF-16 units). */
export function graphemeCount(text: string): number {
  return Array.from(letters.segment(text)).length;
}

/** The text in capitals, the same in every browser and on the server. */
export function upperCase(text: string): string {
  return text.toLocaleUpperCase(TEXT_LOCALE);
}

/**
 * A two-letter mark for a name: the first letter of its first and last words (one for a single
 * word), in capitals, so a name in Devanagari or Tamil gives two letters as a reader counts them.
 */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  const first = words[0];
  if (first === undefined) return '';
  const last = words.length > 1 ? words[words.length - 1]! : '';
  return upperCase(firstGrapheme(first) + firstGrapheme(last));
}

/** A placeholder's letter for a title: its first letter, in capitals. */
export function initialOf(title: string): string {
  return upperCase(firstGrapheme(title.trim()));
}

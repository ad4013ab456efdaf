const letters = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The first user-perceived letter of a word: a whole cluster ("प्रि", "க்ஷ", "👩‍💻"). */
function firstLetter(word: string): string {
  for (const { segment } of letters.segment(word)) return segment;
  return '';
}

/**
 * A portfolio's two-letter mark: the first letter of the name's first and last words (one for a
 * single word), each a whole grapheme cluster, so a name in Devanagari or Tamil gives two letters
 * as a reader counts them and never a conjunct cut in half.
 */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  const first = words[0];
  if (first === undefined) return '';
  const last = words.length > 1 ? words[words.length - 1]! : '';
  return (firstLetter(first) + firstLetter(last)).toLocaleUpperCase();
}

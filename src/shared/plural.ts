/** "1 tile", "3 tiles": a count and an English noun that takes an s. */
export const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

const andList = new Intl.ListFormat('en-GB', { type: 'conjunction' });

/** "a", "a and b", "a, b and c": items joined as a sentence joins them. */
export const listed = (items: readonly string[]) => andList.format(items);

/** "1 tile", "3 tiles": a count and an English noun that takes an s. */
export const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

import { describe, expect, it } from 'vitest';
import { longestWordStyle, unbreakablePieces } from './longest-word.js';

const longest = (name: string) => longestWordStyle(name)['--tpl-longest-word' as 'top'];

describe('the name heading sized by its longest unbreakable piece', () => {
  it('measures a hyphenated name by the piece up to its hyphen, where the line may break', () => {
    expect(unbreakablePieces('Anjali Venkataraman-Deshpande')).toEqual([
      'Anjali',
      'Venkataraman-',
      'Deshpande',
    ]);
    // The whole hyphenated word is 22 characters; sizing by it shrank the heading to body size.
    expect(longest('Anjali Venkataraman-Deshpande')).toBe(13);
  });

  it('breaks after en dashes and around em dashes, but not at a slash or a no-break hyphen', () => {
    expect(unbreakablePieces('Ana Lopez–Garcia')).toEqual(['Ana', 'Lopez–', 'Garcia']);
    expect(unbreakablePieces('Studio—Mumbai')).toEqual(['Studio', '—', 'Mumbai']);
    expect(longest('Jean/Baptiste')).toBe(13);
    expect(longest('Jean\u2011Baptiste')).toBe(13);
  });

  it('counts graphemes, and keeps a short name at the template’s full size', () => {
    expect(longest('अंजलि वेंकटरमन-देशपांडे')).toBe(7);
    expect(longest('Ada Li')).toBe(4);
  });

  it('measures whole words for a heading that keeps a hyphenated word on one line', () => {
    const whole = (name: string) =>
      longestWordStyle(name, { wholeWords: true })['--tpl-longest-word' as 'top'];
    expect(whole('Meenakshi Venkataraman-Deshpande')).toBe(22);
    expect(whole('Ravi Rao')).toBe(4);
    expect(whole('मीनाक्षी वेंकटरमन')).toBe(longest('मीनाक्षी वेंकटरमन'));
  });
});

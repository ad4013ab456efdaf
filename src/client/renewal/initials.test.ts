import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials.js';

const graphemes = (text: string) => [
  ...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text),
];

describe('initialsOf', () => {
  it('takes the first and last words of a Latin name, in capitals', () => {
    expect(initialsOf('Meera Nair')).toBe('MN');
    expect(initialsOf('ada lovelace')).toBe('AL');
    expect(initialsOf('Asha Devi Rao')).toBe('AR');
    expect(initialsOf('  Élodie   Øberg ')).toBe('ÉØ');
  });

  it('keeps a Devanagari conjunct with its vowel sign whole: two letters, not five code points', () => {
    const initials = initialsOf('प्रिया शर्मा');
    expect(initials).toBe('प्रिश');
    expect(graphemes(initials)).toHaveLength(2);
  });

  it('keeps Tamil letters with their vowel signs whole', () => {
    expect(initialsOf('கார்த்திக் சுப்ரமணியம்')).toBe('காசு');
    expect(graphemes(initialsOf('கார்த்திக் சுப்ரமணியம்'))).toHaveLength(2);
    // A consonant with its pulli is a letter of its own in Tamil (Unicode's clusters agree).
    expect(initialsOf('ஸ்ரீ ராம்')).toBe('ஸ்ரா');
  });

  it('takes an emoji joined with ZWJ as one letter', () => {
    expect(initialsOf('👩‍💻 Coder')).toBe('👩‍💻C');
    expect(initialsOf('Asha 👨‍👩‍👧')).toBe('A👨‍👩‍👧');
  });

  it('gives one letter for a single word and nothing for no name', () => {
    expect(initialsOf('Cher')).toBe('C');
    expect(initialsOf('प्रिया')).toBe('प्रि');
    expect(initialsOf('')).toBe('');
    expect(initialsOf('   ')).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { firstGrapheme, graphemeCount, initialOf, initialsOf } from './graphemes.js';

describe('firstGrapheme', () => {
  it('takes a whole cluster, not its first code point', () => {
    expect(firstGrapheme('क्षेत्र')).toBe('क्षे');
    expect(firstGrapheme('ஸ்ரீ')).toBe('ஸ்');
    expect(firstGrapheme('👩‍💻 at work')).toBe('👩‍💻');
    expect(firstGrapheme('Noor')).toBe('N');
    expect(firstGrapheme('')).toBe('');
  });
});

describe('graphemeCount', () => {
  it('counts letters as a reader does, not UTF-16 units', () => {
    expect('नमस्ते'.length).toBe(6);
    expect(graphemeCount('नमस्ते')).toBe(3);
    expect(graphemeCount('வணக்கம்')).toBe(5);
    expect(graphemeCount('👨‍👩‍👧')).toBe(1);
    expect(graphemeCount('Hello')).toBe(5);
  });
});

describe('initialOf', () => {
  it('gives the trimmed title’s first letter in capitals, the same in every locale', () => {
    expect(initialOf('  identity work')).toBe('I');
    expect(initialOf('क्षेत्र')).toBe('क्षे');
    expect(initialOf('')).toBe('');
  });
});

describe('initialsOf', () => {
  it('takes the first and last words of a Latin name, in capitals', () => {
    expect(initialsOf('Meera Nair')).toBe('MN');
    expect(initialsOf('ada lovelace')).toBe('AL');
    expect(initialsOf('Asha Devi Rao')).toBe('AR');
    expect(initialsOf('  Élodie   Øberg ')).toBe('ÉØ');
    // A Turkish locale would give "İ"; the fixed one gives the same "I" everywhere.
    expect(initialsOf('irfan ilgaz')).toBe('II');
  });

  it('keeps a Devanagari conjunct with its vowel sign whole: two letters, not five code points', () => {
    const initials = initialsOf('प्रिया शर्मा');
    expect(initials).toBe('प्रिश');
    expect(graphemeCount(initials)).toBe(2);
  });

  it('keeps Tamil letters with their vowel signs whole', () => {
    expect(initialsOf('கார்த்திக் சுப்ரமணியம்')).toBe('காசு');
    expect(graphemeCount(initialsOf('கார்த்திக் சுப்ரமணியம்'))).toBe(2);
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

import { describe, expect, it } from 'vitest';
import { listed, plural } from './plural.js';

describe('words for counts and lists', () => {
  it('counts a noun', () => {
    expect([plural(1, 'tile'), plural(3, 'tile')]).toEqual(['1 tile', '3 tiles']);
  });

  it('joins items as a sentence does, with no comma before "and"', () => {
    expect([listed([]), listed(['a']), listed(['a', 'b']), listed(['a', 'b', 'c'])]).toEqual([
      '',
      'a',
      'a and b',
      'a, b and c',
    ]);
  });
});

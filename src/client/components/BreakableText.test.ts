import { describe, expect, it } from 'vitest';
import { addressPieces, emailPieces } from './BreakableText.js';

describe('addressPieces', () => {
  it('ends each piece with its slashes, keeping hyphenated names whole', () => {
    expect(addressPieces('https://portfolio.example/users/meera-mobile')).toEqual([
      'https://',
      'portfolio.example/',
      'users/',
      'meera-mobile',
    ]);
  });

  it('splits an address without its scheme, and leaves no empty piece after a last slash', () => {
    expect(addressPieces('portfolio.example/users/asha/')).toEqual([
      'portfolio.example/',
      'users/',
      'asha/',
    ]);
    expect(addressPieces('localhost:3000')).toEqual(['localhost:3000']);
  });

  it('joins back to the address', () => {
    const url = 'http://localhost:41234/p/abc-def_12?x=1';
    expect(addressPieces(url).join('')).toBe(url);
  });
});

describe('emailPieces', () => {
  it('splits the name after dots, hyphens and underscores, and keeps "@" with the domain', () => {
    expect(emailPieces('meera.k-nair_01@mail.example.com')).toEqual([
      'meera.',
      'k-',
      'nair_',
      '01',
      '@mail.example.com',
    ]);
  });

  it('keeps a plain name whole, and splits text without an "@" like a name', () => {
    expect(emailPieces('asha@example.com')).toEqual(['asha', '@example.com']);
    expect(emailPieces('not-an-email')).toEqual(['not-', 'an-', 'email']);
  });
});

import { describe, expect, it } from 'vitest';
import { discountedPaise, formatPrice, formatRupees, formatYearlyPrice } from './price.js';

describe('prices as shown', () => {
  it('writes whole rupees bare and other amounts with their paise', () => {
    expect(formatRupees(49_900)).toBe('499');
    expect(formatRupees(44_910)).toBe('449.10');
  });

  it('puts the rupee sign in front, with no currency code after it', () => {
    expect(formatPrice(90_000)).toBe('₹900');
    expect(formatPrice(discountedPaise(119_900, 10))).toBe('₹1079.10');
  });

  it('writes a yearly price with its period', () => {
    expect(formatYearlyPrice(49_900)).toBe('₹499 / year');
    expect(formatYearlyPrice(44_910)).toBe('₹449.10 / year');
  });
});

import { describe, expect, it } from 'vitest';
import {
  discountedPaise,
  formatInvoiceRupees,
  formatPrice,
  formatRupees,
  formatYearlyPrice,
} from './price.js';

describe('prices as shown', () => {
  it('writes whole rupees bare and other amounts with their paise', () => {
    expect(formatRupees(49_900)).toBe('499');
    expect(formatRupees(44_910)).toBe('449.10');
    expect(formatRupees(5)).toBe('0.05');
    expect(formatRupees(0)).toBe('0');
  });

  it('groups thousands, then lakhs and crores, as in India', () => {
    expect(formatRupees(100_000)).toBe('1,000');
    expect(formatRupees(1_200_000)).toBe('12,000');
    expect(formatRupees(10_000_000)).toBe('1,00,000');
    expect(formatRupees(1_234_567_800)).toBe('1,23,45,678');
    expect(formatRupees(10_000_050)).toBe('1,00,000.50');
  });

  it('puts the rupee sign in front, with no currency code after it', () => {
    expect(formatPrice(90_000)).toBe('₹900');
    expect(formatPrice(discountedPaise(119_900, 10))).toBe('₹1,079.10');
  });

  it('writes a yearly price with its period', () => {
    expect(formatYearlyPrice(49_900)).toBe('₹499 / year');
    expect(formatYearlyPrice(44_910)).toBe('₹449.10 / year');
    expect(formatYearlyPrice(1_200_000)).toBe('₹12,000 / year');
  });

  it('groups like the receipts, which always show paise', () => {
    expect(formatPrice(14_990_000)).toBe('₹1,49,900');
    expect(formatInvoiceRupees(14_990_000)).toBe('₹1,49,900.00');
    expect(formatPrice(14_990_050)).toBe(formatInvoiceRupees(14_990_050));
  });
});

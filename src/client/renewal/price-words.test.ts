import { describe, expect, it } from 'vitest';
import type { RenewalQuote } from '../../shared/orders.js';
import { priceInWords } from './price-words.js';

const quote = (amount: number, listAmount: number, discountPercent: number): RenewalQuote => ({
  username: 'meera',
  url: 'https://example.com/users/meera',
  templateId: 'template4',
  templateName: 'Solid-State',
  name: 'Meera Nair',
  amount,
  listAmount,
  discountPercent,
  state: 'live',
  paidUntil: '2027-01-01T00:00:00.000Z',
  newPaidUntil: '2028-01-01T00:00:00.000Z',
});

describe('the renewal price in words', () => {
  // "₹800 / year" alone left the owner to guess whether ₹800 was an offer or the lasting price.
  it('names a discount as today’s, the usual price, and what later years cost', () => {
    expect(priceInWords(quote(80000, 100000, 20))).toBe(
      '₹800 is Solid-State’s usual ₹1,000 a year with its current 20% discount, for the year you add now. Later renewals are charged at the template’s price on the day, which may be the full ₹1,000.',
    );
  });

  it('names a price without a discount as today’s', () => {
    expect(priceInWords(quote(79900, 79900, 0))).toBe(
      '₹799 is Solid-State’s price today, for the year you add now. Later renewals are charged at the template’s price on the day.',
    );
  });
});

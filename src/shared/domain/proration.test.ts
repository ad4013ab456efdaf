import { describe, expect, it } from 'vitest';
import { unusedTermCredit } from './proration.js';
import { DAY_MS } from './time.js';

const now = new Date('2027-03-01T00:00:00Z');
const inDays = (days: number) => new Date(now.getTime() + days * DAY_MS);

describe('the credit for unused days of a moved page', () => {
  it('is the term value times the unused share, in whole paise', () => {
    expect(unusedTermCredit(36500, inDays(100), 99900, now)).toEqual({ credit: 10000, days: 100 });
    // 49,900 × 200/365 = 27,342.47 → 27,342
    expect(unusedTermCredit(49900, inDays(200), 99900, now)).toEqual({ credit: 27342, days: 200 });
    // Half a day rounds the days down, the paise to the nearest.
    expect(unusedTermCredit(36500, inDays(10.5), 99900, now)).toEqual({ credit: 1050, days: 10 });
  });

  it('is nothing once the term has ended, or when nothing was paid', () => {
    expect(unusedTermCredit(36500, inDays(0), 99900, now)).toEqual({ credit: 0, days: 0 });
    expect(unusedTermCredit(36500, inDays(-3), 99900, now)).toEqual({ credit: 0, days: 0 });
    expect(unusedTermCredit(0, inDays(300), 99900, now)).toEqual({ credit: 0, days: 0 });
  });

  it('never exceeds the new price, and leaves no charge under one rupee', () => {
    expect(unusedTermCredit(99900, inDays(364), 29900, now).credit).toBe(29900);
    // A renewed-early term has more than a year left: still capped at the new price.
    expect(unusedTermCredit(49900, inDays(700), 49900, now).credit).toBe(49900);
    // ₹499.00 new, ₹498.50 unused: the 50 paise left are credited too.
    expect(unusedTermCredit(49850 * 365, inDays(1), 49900, now).credit).toBe(49900);
  });
});

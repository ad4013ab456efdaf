import { describe, expect, it } from 'vitest';
import { formatIndiaDate } from './receipts.js';
import {
  formatTermDate,
  renewedUntil,
  termEndFrom,
  termInWords,
  termOf,
  termStartBefore,
} from './term.js';

const paidUntil = '2027-11-22T10:00:00.000Z';
const at = (iso: string) => new Date(iso);

describe('the yearly term', () => {
  it('is live until paid_until, in grace for 14 days, offline for 90, then released', () => {
    expect(termOf(paidUntil, at('2027-11-22T09:59:59.999Z')).state).toBe('live');
    expect(termOf(paidUntil, at('2027-11-22T10:00:00.000Z')).state).toBe('grace');
    expect(termOf(paidUntil, at('2027-12-06T09:59:59.999Z')).state).toBe('grace');
    expect(termOf(paidUntil, at('2027-12-06T10:00:00.000Z')).state).toBe('offline');
    expect(termOf(paidUntil, at('2028-03-05T09:59:59.999Z')).state).toBe('offline');
    expect(termOf(paidUntil, at('2028-03-05T10:00:00.000Z')).state).toBe('released');
  });

  it('renews from paid_until while the page is up, and from now once it is offline', () => {
    expect(renewedUntil(paidUntil, at('2027-06-01T00:00:00Z')).toISOString()).toBe(
      '2028-11-22T10:00:00.000Z',
    );
    expect(renewedUntil(paidUntil, at('2027-11-30T00:00:00Z')).toISOString()).toBe(
      '2028-11-22T10:00:00.000Z',
    );
    expect(renewedUntil(paidUntil, at('2028-01-01T00:00:00Z')).toISOString()).toBe(
      '2029-01-01T00:00:00.000Z',
    );
  });

  it('runs a calendar year, leap day or not: the date a buyer reads comes round again', () => {
    expect(termEndFrom(at('2027-11-23T08:30:00Z')).toISOString()).toBe('2028-11-23T08:30:00.000Z');
    expect(termEndFrom(at('2028-02-29T12:00:00Z')).toISOString()).toBe('2029-02-28T12:00:00.000Z');
    expect(termStartBefore(at('2028-11-23T08:30:00Z')).toISOString()).toBe(
      '2027-11-23T08:30:00.000Z',
    );
    expect(termStartBefore(at('2028-02-29T00:00:00Z')).toISOString()).toBe(
      '2027-02-28T00:00:00.000Z',
    );
  });

  it('says the state in words', () => {
    expect(termInWords(paidUntil, at('2026-11-22T10:00:00Z'))).toBe(
      'Live · paid until 22 Nov 2027',
    );
    expect(termInWords(paidUntil, at('2027-11-16T12:00:00Z'))).toBe('Live · expires in 6 days');
    expect(termInWords(paidUntil, at('2027-11-21T12:00:00Z'))).toBe('Live · expires in 1 day');
    expect(termInWords(paidUntil, at('2027-11-30T10:00:00Z'))).toBe(
      'Expired — goes offline in 6 days unless renewed',
    );
    expect(termInWords(paidUntil, at('2027-12-10T00:00:00Z'))).toBe(
      'Expired — page offline since 6 Dec 2027',
    );
  });

  it("names a term's days as India's calendar does, like receipts", () => {
    // 00:01 in India on 24 November is still 23 November in UTC.
    const justAfterMidnightInIndia = new Date('2026-11-23T18:31:00Z');
    expect(formatTermDate(justAfterMidnightInIndia)).toBe('24 Nov 2026');
    expect(formatTermDate(justAfterMidnightInIndia)).toBe(
      formatIndiaDate(justAfterMidnightInIndia),
    );
  });
});

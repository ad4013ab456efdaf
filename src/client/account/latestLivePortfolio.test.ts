import { describe, expect, it } from 'vitest';
import type { AccountPortfolio } from '../../shared/account.js';
import { latestLivePortfolio } from './latestLivePortfolio.js';

describe('the latest live portfolio', () => {
  const portfolio = (
    username: string,
    paidAt: string[],
    rest: Partial<AccountPortfolio> = {},
  ): AccountPortfolio => ({
    username,
    url: `https://portfolio.example/users/${username}`,
    templateId: 'template1',
    templateName: 'Mini-port',
    paidUntil: '2099-01-01T00:00:00.000Z',
    termState: 'live',
    unpublished: false,
    orders: paidAt.map((at, index) => ({
      orderId: `order-${username}-${index}`,
      paidAt: at,
      amountPaise: 49_900,
      currency: 'INR',
    })),
    refundedPayments: [],
    ...rest,
  });

  it('offers the page paid for last among those visitors can see', () => {
    const older = portfolio('older', ['2026-01-05T10:00:00.000Z']);
    // Renewed last: its newest order counts, wherever it stands among its orders.
    const renewed = portfolio('renewed', ['2025-01-01T10:00:00.000Z', '2026-03-01T10:00:00.000Z']);
    const newer = portfolio('newer', ['2026-02-01T10:00:00.000Z']);
    expect(latestLivePortfolio([older, renewed, newer])?.username).toBe('renewed');
    expect(latestLivePortfolio([older, newer])?.username).toBe('newer');
    // Paid for before one with no payment at all (a page the operator gave): paid wins.
    expect(latestLivePortfolio([portfolio('given', []), older])?.username).toBe('older');
  });

  it('tells pages with no payment apart by the end of their year', () => {
    const sooner = portfolio('sooner', [], { paidUntil: '2027-01-01T00:00:00.000Z' });
    const later = portfolio('later', [], { paidUntil: '2027-06-01T00:00:00.000Z' });
    expect(latestLivePortfolio([sooner, later])?.username).toBe('later');
    expect(latestLivePortfolio([later, sooner])?.username).toBe('later');
  });

  it('passes over pages taken offline, ended or released, and has none to offer from none', () => {
    const newest = '2026-03-01T10:00:00.000Z';
    const live = portfolio('live', ['2025-06-01T10:00:00.000Z']);
    for (const hidden of [
      portfolio('off', [newest], { unpublished: true }),
      portfolio('ended', [newest], { termState: 'offline' }),
      portfolio('gone', [newest], { termState: 'released' }),
    ]) {
      expect(latestLivePortfolio([hidden, live])?.username).toBe('live');
      expect(latestLivePortfolio([hidden])).toBeUndefined();
    }
    expect(
      latestLivePortfolio([portfolio('grace', [newest], { termState: 'grace' }), live])?.username,
    ).toBe('grace');
    expect(latestLivePortfolio([])).toBeUndefined();
  });
});

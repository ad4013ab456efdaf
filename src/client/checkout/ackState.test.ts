import { describe, expect, it } from 'vitest';
import type { AccountPortfolio } from '../../shared/account.js';
import { isWithoutPayment, latestLivePortfolio, readAckState } from './ackState.js';

describe('readAckState', () => {
  it('keeps the url, email and message handed over', () => {
    expect(
      readAckState({
        url: 'https://portfolio.example/users/asha',
        email: 'asha@example.com',
        message: 'Published.',
      }),
    ).toEqual({
      url: 'https://portfolio.example/users/asha',
      email: 'asha@example.com',
      message: 'Published.',
    });
  });

  it('reads from the callback query only a link to this site and an outcome code', () => {
    const origin = 'https://portfolio.example';
    const search = (fields: Record<string, string>) => `?${new URLSearchParams(fields)}`;
    expect(
      readAckState(
        null,
        search({ url: `${origin}/users/asha`, email: 'asha@example.com' }),
        origin,
      ),
    ).toEqual({ url: `${origin}/users/asha`, message: undefined });
    // Anyone can make such an address: no other site's link, no text of theirs.
    expect(
      readAckState(null, search({ url: 'https://evil.example/login' }), origin).url,
    ).toBeUndefined();
    expect(
      readAckState(null, search({ url: `${origin}.evil.example/users/a` }), origin).url,
    ).toBeUndefined();
    expect(
      readAckState(null, search({ message: 'Verify your payment here' }), origin).message,
    ).toBeUndefined();
    expect(readAckState(null, search({ outcome: 'confirming' }), origin).message).toMatch(
      /being confirmed/,
    );
  });

  it('has nothing on a direct load', () => {
    expect(readAckState(null)).toEqual({});
    expect(readAckState(undefined)).toEqual({});
    expect(readAckState('https://portfolio.example/users/asha')).toEqual({});
  });

  it('drops what is not text, empty, or a link that is not http(s)', () => {
    expect(readAckState({ url: 'javascript:alert(1)', email: 42, message: '' })).toEqual({
      url: undefined,
      email: undefined,
      message: undefined,
    });
  });
});

describe('the thank-you page opened on its own', () => {
  it('knows it follows no payment only when nothing at all was handed over', () => {
    expect(isWithoutPayment(readAckState(null))).toBe(true);
    expect(isWithoutPayment(readAckState({ url: 'https://portfolio.example/users/a' }))).toBe(
      false,
    );
    // The redirect flow's outcome alone (a payment still being confirmed) is about a payment.
    const origin = 'https://portfolio.example';
    expect(isWithoutPayment(readAckState(null, '?outcome=confirming', origin))).toBe(false);
  });

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
    // Renewed last: its newest order counts, and orders come newest first.
    const renewed = portfolio('renewed', ['2026-03-01T10:00:00.000Z', '2025-01-01T10:00:00.000Z']);
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

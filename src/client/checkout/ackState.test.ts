import { describe, expect, it } from 'vitest';
import { isOpenedWithoutPayment, readAckState } from './ackState.js';

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
    expect(isOpenedWithoutPayment(readAckState(null))).toBe(true);
    expect(isOpenedWithoutPayment(readAckState({ url: 'https://portfolio.example/users/a' }))).toBe(
      false,
    );
    // The redirect flow's outcome alone (a payment still being confirmed) is about a payment.
    const origin = 'https://portfolio.example';
    expect(isOpenedWithoutPayment(readAckState(null, '?outcome=confirming', origin))).toBe(false);
  });
});

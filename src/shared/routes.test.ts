import { describe, expect, it } from 'vitest';
import { portfolioUrl } from './domain/username.js';
import {
  ACCOUNT_PATH,
  ACK_PATH,
  accountPathBackTo,
  CHOOSE_PATH,
  EDIT_PATH,
  FINAL_PREVIEW_PATH,
  pageTitle,
  publicPagePath,
  receiptToReturnTo,
  stepInHistory,
} from './routes.js';

describe('the builder pages other pages lead to', () => {
  it('are pages the server answers, each with its title', () => {
    for (const path of [CHOOSE_PATH, EDIT_PATH, FINAL_PREVIEW_PATH, ACK_PATH, ACCOUNT_PATH]) {
      expect(pageTitle(path), path).toBeDefined();
    }
  });

  it('put a public page at the path its full address has', () => {
    expect(publicPagePath('asha')).toBe('/users/asha');
    expect(`https://portfolio.example${publicPagePath('asha-rao')}`).toBe(
      portfolioUrl('https://portfolio.example', 'asha-rao'),
    );
  });
});

describe('the way back to a receipt after signing in', () => {
  const orderId = '2f04627c-9e49-44cf-803a-18f0d9d80c61';
  const backFrom = (path: string) => receiptToReturnTo(new URL(path, 'http://x').searchParams);

  it('returns to the receipt or its PDF that sent the person to sign in', () => {
    expect(backFrom(accountPathBackTo(orderId))).toBe(`/receipts/${orderId}`);
    expect(backFrom(accountPathBackTo(orderId, 'pdf'))).toBe(`/receipts/${orderId}.pdf`);
  });

  it('goes nowhere for anything but an order id, so the page cannot be sent elsewhere', () => {
    for (const receipt of [
      '//evil.example',
      'https://evil.example/',
      '../api/me',
      `${orderId}/x`,
    ]) {
      expect(backFrom(`/account?receipt=${encodeURIComponent(receipt)}`)).toBeUndefined();
    }
    expect(backFrom('/account')).toBeUndefined();
  });
});

describe('stepInHistory', () => {
  it("names the entry's step for the same template, and none for another or no state", () => {
    expect(stepInHistory({ templateId: 'template3', step: 'section2' }, 'template3')).toBe(
      'section2',
    );
    expect(stepInHistory({ templateId: 'template1', step: 'section2' }, 'template4')).toBe(
      undefined,
    );
    expect(stepInHistory(null, 'template4')).toBe(undefined);
    expect(stepInHistory('section2', 'template4')).toBe(undefined);
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import {
  readPendingVerification,
  retryDelay,
  savePendingVerification,
  VERIFY_RETRY_WINDOW_MS,
} from './pendingVerification.js';

/** The browser's storage, as far as these functions use it. */
class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
  get size() {
    return this.items.size;
  }
}

const payment = {
  razorpay_order_id: 'order_abc',
  razorpay_payment_id: 'pay_abc',
  razorpay_signature: 'f'.repeat(64),
};

describe('the verification kept across a reload', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
    Object.assign(globalThis, { localStorage: storage });
  });

  it('resumes on a page of its own kind only, and leaves it for that page', () => {
    const now = Date.now();
    savePendingVerification({ payment, scope: 'renewal', since: now - 1000 });
    expect(readPendingVerification('publish', now)).toBeUndefined();
    expect(storage.size).toBe(1);
    expect(readPendingVerification('renewal', now)).toEqual({
      payment,
      scope: 'renewal',
      since: now - 1000,
    });
  });

  it('drops one past its window, one dated in the future, and one that is damaged', () => {
    const now = Date.now();
    savePendingVerification({ payment, scope: 'publish', since: now - VERIFY_RETRY_WINDOW_MS });
    expect(readPendingVerification('publish', now)).toBeUndefined();
    expect(storage.size).toBe(0);
    savePendingVerification({ payment, scope: 'publish', since: now + 60_000 });
    expect(readPendingVerification('publish', now)).toBeUndefined();
    expect(storage.size).toBe(0);
    storage.setItem('portfolio:pending-verification', '{"payment":{"razorpay_order_id":1}');
    expect(readPendingVerification('publish', now)).toBeUndefined();
    expect(storage.size).toBe(0);
  });

  it('waits longer after each attempt, up to half a minute', () => {
    const waits = Array.from({ length: 9 }, (_, attempt) => retryDelay(attempt));
    expect(waits).toEqual([1000, 2000, 4000, 8000, 15000, 30000, 30000, 30000, 30000]);
  });
});

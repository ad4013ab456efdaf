import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readCheckedAnswer, writeCheckedAnswer } from './chosenUsername.js';

/** The browser's storage as this code uses it: a map of strings. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('the kept answer of "Use this username"', () => {
  const at = Date.parse('2026-12-07T10:00:00Z');
  const free = { status: 'free', username: 'meera', url: 'https://example.test/users/meera' };

  beforeEach(() => {
    (globalThis as { window?: unknown }).window = { localStorage: memoryStorage() };
  });
  afterEach(() => {
    delete (globalThis as { window?: unknown }).window;
  });

  it('is read back for the same person and name, for 15 minutes', () => {
    writeCheckedAnswer('template1', { claim: free as never, email: 'm@example.test' }, at);
    expect(readCheckedAnswer('template1', 'meera', 'm@example.test', at + 60_000)).toEqual(free);
    expect(readCheckedAnswer('template1', 'meera', 'm@example.test', at + 16 * 60_000)).toBe(
      undefined,
    );
    expect(readCheckedAnswer('template1', 'meera', 'x@example.test', at)).toBe(undefined);
    expect(readCheckedAnswer('template1', 'meera-2', 'm@example.test', at)).toBe(undefined);
    expect(readCheckedAnswer('template2', 'meera', 'm@example.test', at)).toBe(undefined);
  });

  it('keeps only "available", and forgets it when asked to', () => {
    const move = { status: 'owned_other_template', username: 'meera', url: 'u', move: {} };
    writeCheckedAnswer('template1', { claim: move as never, email: 'm@example.test' }, at);
    expect(readCheckedAnswer('template1', 'meera', 'm@example.test', at)).toBe(undefined);
    writeCheckedAnswer('template1', { claim: free as never, email: 'm@example.test' }, at);
    writeCheckedAnswer('template1', undefined, at);
    expect(readCheckedAnswer('template1', 'meera', 'm@example.test', at)).toBe(undefined);
  });

  it('shows nothing of a stored answer of another shape', () => {
    const storage = (globalThis as { window: { localStorage: ReturnType<typeof memoryStorage> } })
      .window.localStorage;
    const store = (claim: unknown) =>
      storage.setItem(
        'finalPreviewUsernameAnswer:template1',
        JSON.stringify({ claim, email: 'm@example.test', at }),
      );
    store({ status: 'free', username: 'meera' });
    expect(readCheckedAnswer('template1', 'meera', 'm@example.test', at)).toBe(undefined);
    store({ ...free, sameTemplate: { username: 'other' } });
    expect(readCheckedAnswer('template1', 'meera', 'm@example.test', at)).toBe(undefined);
    storage.setItem('finalPreviewUsernameAnswer:template1', '{not json');
    expect(readCheckedAnswer('template1', 'meera', 'm@example.test', at)).toBe(undefined);
  });
});

import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './json-bodies.js';

describe('nestsDeeperThan', () => {
  it('counts arrays and objects inside one another, not brackets inside strings', () => {
    expect(nestsDeeperThan('{"a":[[1]]}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a":[[[1]]]}', 3)).toBe(true);
    expect(nestsDeeperThan(`{"a":"${'['.repeat(100)}"}`, 3)).toBe(false);
    expect(nestsDeeperThan(`{"a":"\\"${'{'.repeat(100)}"}`, 3)).toBe(false);
    expect(nestsDeeperThan(`["\\\\",${'['.repeat(5)}`, 3)).toBe(true);
    // Siblings do not add up.
    expect(nestsDeeperThan(`[${'[1],'.repeat(1000)}[1]]`, 2)).toBe(false);
  });
});

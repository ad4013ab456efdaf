import { describe, expect, it } from 'vitest';
import {
  normaliseUsername,
  portfolioUrl,
  usernameProblem,
  claimableUsernameProblem,
} from './username.js';

describe('usernames', () => {
  it('are lowercased as typed', () => {
    expect(normaliseUsername('  Asha-Rao ')).toBe('asha-rao');
  });

  it.each(['abc', 'asha-rao', 'a1-b2-c3', 'x'.repeat(30)])('accept %s', (name) => {
    expect(usernameProblem(name)).toBeUndefined();
  });

  it.each([
    ['', 'Please provide a username'],
    ['ab', 'at least 3'],
    ['x'.repeat(31), 'at most 30'],
    ['asha rao', 'Use only letters'],
    ['asha_rao', 'Use only letters'],
    ['ásha', 'Use only letters'],
    ['-asha', 'cannot start or end'],
    ['asha-', 'cannot start or end'],
    ['../admin', 'Use only letters'],
  ])('refuse %j', (name, message) => {
    expect(usernameProblem(name)).toContain(message);
  });

  it("keep the service's own names from new claims, and nothing else", () => {
    for (const name of ['admin', 'support', 'billing', 'account', 'www', 'no-reply']) {
      expect(usernameProblem(name)).toBeUndefined();
      expect(claimableUsernameProblem(name)).toMatch(/kept for the service/);
    }
    expect(claimableUsernameProblem('asha-rao')).toBeUndefined();
    expect(claimableUsernameProblem('admin-asha')).toBeUndefined();
    expect(claimableUsernameProblem('ab')).toContain('at least 3');
  });

  it('build the public URL', () => {
    expect(portfolioUrl('https://portfolio.example/', 'asha-rao')).toBe(
      'https://portfolio.example/users/asha-rao',
    );
  });
});

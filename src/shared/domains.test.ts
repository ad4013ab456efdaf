import { describe, expect, it } from 'vitest';
import { hostnameProblem, MAX_HOSTNAME_LENGTH, normaliseHostname } from './domains.js';

describe('custom domain names', () => {
  it('stores a name as typed in one form: lower-case, punycode, no scheme, path or final dot', () => {
    expect(normaliseHostname('  WWW.Example.COM ')).toBe('www.example.com');
    expect(normaliseHostname('https://www.example.com/about?x=1')).toBe('www.example.com');
    expect(normaliseHostname('example.com.')).toBe('example.com');
    expect(normaliseHostname('Bücher.example')).toBe('xn--bcher-kva.example');
    expect(normaliseHostname('प्रिया.भारत')).toBe('xn--n2bkc1dd6f.xn--h2brj9c');
    // A port, credentials or a bracketed address cannot be part of a domain.
    for (const typed of ['example.com:8080', 'user@example.com', '[::1]', 'a b.example', ''])
      expect(normaliseHostname(typed), typed).toBe('');
  });

  it('accepts public domain names and refuses the rest with a reason', () => {
    for (const ok of ['example.com', 'www.example.co.in', 'a-b.example', 'xn--bcher-kva.example'])
      expect(hostnameProblem(ok), ok).toBeUndefined();
    const cases: [string, RegExp][] = [
      ['', /domain name/],
      ['localhost', /localhost/],
      ['shop.localhost', /localhost/],
      ['127.0.0.1', /IP address/],
      ['::1', /IP address/],
      ['example', /full domain/],
      ['-a.example', /letters, digits and hyphens/],
      ['a_b.example', /letters, digits and hyphens/],
      [`${'a'.repeat(64)}.example`, /letters, digits and hyphens/],
      ['example.123', /top-level/],
      [`${'abcdefghi.'.repeat(25)}example`, new RegExp(`at most ${MAX_HOSTNAME_LENGTH}`)],
    ];
    for (const [name, reason] of cases) expect(hostnameProblem(name), name).toMatch(reason);
  });
});

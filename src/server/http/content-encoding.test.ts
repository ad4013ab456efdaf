import { describe, expect, it } from 'vitest';
import { acceptsGzip, pickEncoding } from './content-encoding.js';

describe('pickEncoding', () => {
  it('answers a browser’s plain list with brotli, then gzip', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('deflate')).toBe('identity');
    expect(pickEncoding(undefined)).toBe('identity');
    expect(pickEncoding('')).toBe('identity');
  });

  it('never sends an encoding the client refuses with q=0', () => {
    expect(pickEncoding('gzip, br;q=0')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0')).toBe('identity');
    expect(pickEncoding('*;q=0, identity')).toBe('identity');
    expect(acceptsGzip('gzip;q=0, br')).toBe(false);
  });

  it('weighs q-values and the wildcard', () => {
    expect(pickEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(pickEncoding('gzip;q=0.5, br;q=0.5')).toBe('br');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('gzip;q=0.2, *;q=0.8')).toBe('br');
    expect(pickEncoding('br;q=0.9, gzip')).toBe('gzip');
    expect(acceptsGzip('*;q=0.1')).toBe(true);
  });

  it('answers a plain list as the weighing does, which the hot path skips', () => {
    const lists = [
      'gzip, deflate, br, zstd',
      'gzip, deflate',
      'br',
      'deflate',
      'BR, GZIP',
      'x-gzip',
    ];
    for (const list of lists) {
      // The same list with every item given q=1: weighed, as a header with q-values is.
      const weighed = list.replace(/\s*(,|$)/g, ';q=1$1');
      expect(pickEncoding(weighed), list).toBe(pickEncoding(list));
      expect(acceptsGzip(weighed), list).toBe(acceptsGzip(list));
    }
  });

  it('counts a malformed item for nothing and names only whole codings', () => {
    expect(pickEncoding('br;q=0.0001, gzip')).toBe('gzip');
    expect(pickEncoding('br;q=1.9, gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0000')).toBe('identity');
    expect(pickEncoding('x-br, gzip')).toBe('gzip');
    expect(pickEncoding('x-br')).toBe('identity');
    expect(pickEncoding('br ; q=0.8')).toBe('br');
  });

  it('answers an over-long header with identity, whatever it says', () => {
    const long = `${'br;q=0,'.repeat(2000)}gzip`;
    expect(pickEncoding(long)).toBe('identity');
    expect(acceptsGzip(long)).toBe(false);
    expect(pickEncoding(`gzip, deflate, br${' '.repeat(300)}`)).toBe('identity');
  });
});

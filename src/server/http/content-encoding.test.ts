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
});

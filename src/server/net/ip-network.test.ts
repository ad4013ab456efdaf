import { describe, expect, it } from 'vitest';
import { canonicalIp, ipNetwork } from './ip-network.js';

describe('addresses in one spelling, and their networks', () => {
  it('writes one client one way whatever spelling a socket or a proxy used', () => {
    expect(canonicalIp('198.51.100.7')).toBe('198.51.100.7');
    for (const mapped of ['::ffff:198.51.100.7', '::FFFF:198.51.100.7', '::ffff:c633:6407']) {
      expect(canonicalIp(mapped)).toBe('198.51.100.7');
    }
    for (const spelling of ['2001:DB8::1', '2001:0db8:0:0::1', '2001:db8:0:0:0:0:0:1%eth0']) {
      expect(canonicalIp(spelling)).toBe('2001:db8:0:0:0:0:0:1');
    }
    expect(canonicalIp('not an address')).toBe('not an address');
  });

  it('groups IPv6 by the prefix asked for, and leaves IPv4 addresses alone', () => {
    expect(ipNetwork('2001:db8:0:1::1', 48)).toBe('2001:db8:0::/48');
    expect(ipNetwork('2001:DB8:0:ff::2', 48)).toBe('2001:db8:0::/48');
    expect(ipNetwork('2001:db8:1::1', 48)).not.toBe(ipNetwork('2001:db8:0:1::1', 48));
    expect(ipNetwork('2001:db8:0:1::1', 64)).toBe('2001:db8:0:1::/64');
    expect(ipNetwork('::ffff:198.51.100.7', 48)).toBe('198.51.100.7');
  });
});

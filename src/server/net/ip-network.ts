import ipaddr from 'ipaddr.js';

/** How a dual-stack socket reports an IPv4 client: the common case, read without parsing. */
const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/**
 * An IP address in one spelling, so one client is one key however a socket or a proxy wrote it:
 * an IPv4-mapped IPv6 address as its IPv4 address, any other IPv6 address in full lowercase form
 * without its zone. IPv4 addresses (which have one valid spelling) and text that is not an
 * address come back as they are.
 */
export function canonicalIp(ip: string): string {
  if (!ip.includes(':')) return ip;
  const mapped = IPV4_MAPPED.exec(ip);
  if (mapped) return mapped[1]!;
  const address = ip.split('%')[0]!;
  if (!ipaddr.IPv6.isValid(address)) return ip;
  const parsed = ipaddr.IPv6.parse(address);
  return parsed.isIPv4MappedAddress()
    ? parsed.toIPv4Address().toString()
    : parsed.toNormalizedString();
}

/**
 * The network an address belongs to: an IPv4 address itself, an IPv6 address's first
 * `ipv6PrefixBits` bits (whole groups: /48 is what one customer may be given at most, /64 what
 * one line usually is), written like `2001:db8:1::/48`.
 */
export function ipNetwork(ip: string, ipv6PrefixBits: 48 | 64): string {
  const canonical = canonicalIp(ip);
  if (!canonical.includes(':')) return canonical;
  const groups = canonical.split(':', ipv6PrefixBits / 16);
  return `${groups.join(':')}::/${ipv6PrefixBits}`;
}

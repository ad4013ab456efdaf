/**
 * A portfolio's own domain, shared by the account page and the server:
 *
 * - `pending`: added; waiting for its DNS records (TXT token and CNAME or A/AAAA);
 * - `verified`: the records are right; the domain is served, and its address is the page's
 *   canonical URL;
 * - `https`: Caddy asked for a certificate for it (it asks only to obtain one), so it is served
 *   over HTTPS and `/users/{name}` redirects there;
 * - `changed`: it was verified, but a later check found the records gone or pointing elsewhere;
 *   it is not served until a check finds them right again.
 */
export type DomainState = 'pending' | 'verified' | 'https' | 'changed';

/** The states in which requests for the domain are answered with the portfolio. */
export const SERVING_STATES: readonly DomainState[] = ['verified', 'https'];

export const DOMAIN_STATE_WORDS: Record<DomainState, string> = {
  pending: 'Waiting for DNS',
  verified: 'Verified',
  https: 'Serving over HTTPS',
  changed: 'DNS changed — action needed',
};

/** How many domains one portfolio may have (e.g. the apex and www). */
export const MAX_DOMAINS_PER_PORTFOLIO = 2;
/** DNS's own limit for a name, in its ASCII form. */
export const MAX_HOSTNAME_LENGTH = 253;
/** The name under the domain whose TXT record must hold the token. */
export const VERIFY_LABEL = '_portfolio-verify';

/** Days a claim may wait for its DNS records before it is removed (and the name is free). */
export const CLAIM_WAITS_DAYS = 7;

/** One record the owner creates at their DNS provider. */
export interface DnsRecord {
  type: 'CNAME' | 'A' | 'AAAA' | 'TXT';
  /** The full name of the record. */
  name: string;
  /**
   * The name as DNS providers' "Host" field wants it: relative to the domain bought from the
   * registrar (`_portfolio-verify.www` for `www.priya.co.in`), `@` for that domain itself.
   * Providers add the domain themselves; typing the full name there would double it.
   */
  host: string;
  value: string;
}

/** One domain as the account page shows it. */
export interface DomainView {
  hostname: string;
  username: string;
  state: DomainState;
  /** The records to create: TXT for ownership, then CNAME or A/AAAA pointing at us. */
  records: DnsRecord[];
  /** The domain bought from the registrar, which records' hosts are relative to. */
  zone: string;
  checkedAt: string | null;
  /** What the last check found, in words, when it was not all right. */
  checkProblem: string | null;
}

/** GET /api/account/domains */
export interface DomainsResponse {
  /** Whether this service offers custom domains at all (its operator configured a target). */
  enabled: boolean;
  domains: DomainView[];
}

/** POST /api/account/portfolios/:username/domains */
export interface AddDomainRequest {
  hostname: string;
}

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * The stored form of a domain as typed: trimmed, without a scheme, path or trailing dot,
 * lower-case, international names in their ASCII (punycode) form. Empty when it cannot be one.
 */
export function normaliseHostname(typed: string): string {
  let value = typed.trim().toLowerCase();
  value = value.replace(/^[a-z]+:\/\//, '');
  const end = value.search(/[/?#]/);
  if (end >= 0) value = value.slice(0, end);
  if (value.endsWith('.')) value = value.slice(0, -1);
  if (!value || value.length > MAX_HOSTNAME_LENGTH * 4 || /[\s:@\\[\]]/.test(value)) return '';
  // The WHATWG URL parser applies IDNA (UTS #46) in the browser and in Node alike.
  try {
    return new URL(`http://${value}/`).hostname;
  } catch {
    return '';
  }
}

const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/** Why a normalised host name cannot be a portfolio's domain, or undefined when it can. */
export function hostnameProblem(hostname: string): string | undefined {
  if (!hostname) return 'must be a domain name such as example.com or www.example.com';
  if (hostname.length > MAX_HOSTNAME_LENGTH)
    return `must be at most ${MAX_HOSTNAME_LENGTH} characters`;
  if (IPV4.test(hostname) || hostname.includes(':') || hostname.startsWith('['))
    return 'must be a domain name, not an IP address';
  const labels = hostname.split('.');
  if (labels.at(-1) === 'localhost') return 'must be a public domain, not localhost';
  if (labels.length < 2) return 'must be a full domain name such as example.com';
  if (!labels.every((label) => LABEL.test(label)))
    return 'must be a domain name of letters, digits and hyphens, such as example.com';
  if (/^\d+$/.test(labels.at(-1)!)) return 'must end in a top-level domain such as .com';
  return undefined;
}

import { Resolver } from 'node:dns/promises';
import { VERIFY_LABEL } from '../../shared/domains.js';

/** Where owners point their domains, and which DNS servers to ask (none: the system's). */
export interface DnsCheckConfig {
  target?: string;
  addresses: string[];
  dnsServers?: string[];
}

/** What one look-up found: all right, or the first thing to fix, in words for the owner. */
export type DnsCheckResult = { ok: true } | { ok: false; problem: string };

/** A slow or silent DNS server must not hold a check (or a Check now request) for long. */
const TIMEOUT_MS = 2500;
const TRIES = 2;

const NOT_FOUND = new Set(['ENODATA', 'ENOTFOUND', 'ENONAME', 'NXDOMAIN']);

const bare = (name: string) => name.toLowerCase().replace(/\.$/, '');

/**
 * Asks DNS whether a domain proves it is the owner's (a TXT record at `_portfolio-verify.<domain>`
 * holding the token) and points at us (a CNAME to the configured target, or A/AAAA records all of
 * which are among the configured addresses). Uses node's c-ares resolver, which the servers of
 * DNS_SERVERS replace for tests and for operators who want a particular resolver.
 */
export class DnsChecker {
  constructor(private readonly config: DnsCheckConfig) {}

  private resolver(): Resolver {
    const resolver = new Resolver({ timeout: TIMEOUT_MS, tries: TRIES });
    if (this.config.dnsServers) resolver.setServers(this.config.dnsServers);
    return resolver;
  }

  async check(hostname: string, token: string): Promise<DnsCheckResult> {
    const resolver = this.resolver();
    try {
      const txtName = `${VERIFY_LABEL}.${hostname}`;
      const txt = await lookup(() => resolver.resolveTxt(txtName));
      if (txt === 'failed') return { ok: false, problem: `DNS did not answer for ${txtName}.` };
      if (!txt.some((parts) => parts.join('').trim() === token)) {
        return { ok: false, problem: `No TXT record at ${txtName} holds the verification token.` };
      }
      return await this.pointsAtUs(resolver, hostname);
    } finally {
      resolver.cancel();
    }
  }

  private async pointsAtUs(resolver: Resolver, hostname: string): Promise<DnsCheckResult> {
    const { target, addresses } = this.config;
    // What the name points at now, to say so: a provider's parking record is a common cause.
    const seen: string[] = [];
    if (target) {
      const cnames = await lookup(() => resolver.resolveCname(hostname));
      if (cnames !== 'failed' && cnames.some((name) => bare(name) === target)) return { ok: true };
      if (cnames !== 'failed') seen.push(...cnames.map((name) => `CNAME ${bare(name)}`));
    }
    if (addresses.length > 0) {
      const [v4, v6] = await Promise.all([
        lookup(() => resolver.resolve4(hostname)),
        lookup(() => resolver.resolve6(hostname)),
      ]);
      if (v4 === 'failed' || v6 === 'failed') {
        return { ok: false, problem: `DNS did not answer for ${hostname}.` };
      }
      const found = [...v4, ...v6].map((address) => address.toLowerCase());
      const ours = new Set(addresses.map((address) => address.toLowerCase()));
      // Every address must be ours: one elsewhere would send some visitors to another server.
      if (found.length > 0 && found.every((address) => ours.has(address))) return { ok: true };
      if (seen.length === 0) seen.push(...found);
    }
    const wanted = [
      ...(target ? [`a CNAME record to ${target}`] : []),
      ...(addresses.length ? [`A/AAAA records to ${addresses.join(', ')} only`] : []),
    ].join(' or ');
    const now = seen.length
      ? ` It points at ${seen.slice(0, 4).join(', ')} now: edit or remove ${seen.length === 1 ? 'that record' : 'those records'} (often a parking page your DNS provider added).`
      : '';
    return {
      ok: false,
      problem: `${hostname} does not point at this service: it needs ${wanted}.${now}`,
    };
  }
}

/** The answer, nothing (no such record), or 'failed' (timeout, refused, server failure). */
async function lookup<T>(query: () => Promise<T[]>): Promise<T[] | 'failed'> {
  try {
    return await query();
  } catch (error) {
    const code = (error as { code?: string }).code;
    return code && NOT_FOUND.has(code) ? [] : 'failed';
  }
}

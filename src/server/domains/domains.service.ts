import { randomBytes } from 'node:crypto';
import { getDomain } from 'tldts-icann';
import {
  hostnameProblem,
  MAX_DOMAINS_PER_PORTFOLIO,
  normaliseHostname,
  SERVING_STATES,
  VERIFY_LABEL,
  type DnsRecord,
  type DomainState,
  type DomainView,
} from '../../shared/domains.js';
import { termOf } from '../../shared/domain/term.js';
import type { CustomDomainsConfig } from '../config.js';
import { inTransaction, isUniqueViolation, type Db } from '../db/database.js';
import type { DnsChecker } from './dns-check.js';
import {
  allowTls,
  countDomainsOf,
  deleteDomain,
  findDomainOf,
  findPageTerm,
  findServedDomain,
  insertDomain,
  listDomainsOfUser,
  recordCheck,
  type DomainRow,
} from './domains.repository.js';
import { DomainError, type DomainRefusal } from './errors.js';
import { NOT_YOUR_NAME } from '../site/ownership.js';
import { findOwnedName } from '../site/usernames.repository.js';

export interface DomainsContext {
  db: Db;
  config: CustomDomainsConfig;
  dns: DnsChecker;
  publicUrl: () => string;
  now: () => Date;
}

/** Whether the service is set up to serve owners' domains at all. */
export const customDomainsEnabled = (config: CustomDomainsConfig) =>
  config.target !== undefined || config.addresses.length > 0;

/** Another person's domain, or none: the same answer, so domains cannot be probed here. */
const NOT_YOURS = 'You have no such domain.';
/** Adding a name another portfolio serves. */
const SERVED_ELSEWHERE =
  'hostname: this domain is connected to another portfolio. If it is yours, remove it there first.';
/** A check found the records right, but the name is another portfolio's already. */
const SERVED_BY_ANOTHER =
  'The records are right, but this domain is connected to another portfolio on this service, so it is not served here. If that is yours too, remove it there first.';

/**
 * The zone a name lives in (the part bought from a registrar: `priya.co.in` for
 * `www.priya.co.in`), by the public suffix list, or undefined for a bare suffix such as `co.in`.
 */
const zoneOf = (hostname: string): string | undefined => getDomain(hostname) ?? undefined;

/** A record's name as DNS providers ask for it: relative to the zone, `@` for the zone itself. */
const hostWithin = (name: string, zone: string) =>
  name === zone ? '@' : name.slice(0, -(zone.length + 1));

export function recordsFor(config: CustomDomainsConfig, domain: DomainRow): DnsRecord[] {
  const zone = zoneOf(domain.hostname) ?? domain.hostname;
  const record = (type: DnsRecord['type'], name: string, value: string): DnsRecord => ({
    type,
    name,
    host: hostWithin(name, zone),
    value,
  });
  const records = [record('TXT', `${VERIFY_LABEL}.${domain.hostname}`, domain.token)];
  // A zone's own name cannot have a CNAME: offer the addresses there when there are any.
  const apex = domain.hostname === zone;
  const cname = config.target ? [record('CNAME', domain.hostname, config.target)] : [];
  const addresses = config.addresses.map((address) =>
    record(address.includes(':') ? 'AAAA' : 'A', domain.hostname, address),
  );
  records.push(...(apex && addresses.length ? addresses : cname.length ? cname : addresses));
  return records;
}

export function viewOf(config: CustomDomainsConfig, domain: DomainRow): DomainView {
  return {
    hostname: domain.hostname,
    username: domain.username,
    state: domain.state,
    records: recordsFor(config, domain),
    zone: zoneOf(domain.hostname) ?? domain.hostname,
    checkedAt: domain.checked_at,
    checkProblem: domain.check_problem,
  };
}

export async function domainsOf(ctx: DomainsContext, userId: string): Promise<DomainView[]> {
  const rows = await listDomainsOfUser(ctx.db, userId);
  return rows.map((row) => viewOf(ctx.config, row));
}

function ownHosts(ctx: DomainsContext): string[] {
  return [new URL(ctx.publicUrl()).hostname, ...(ctx.config.target ? [ctx.config.target] : [])];
}

const refuse = (refusal: DomainRefusal, message: string) => new DomainError(refusal, message);

/** Refuses when the operator has not set custom domains up: checked before anything typed. */
export function requireDomainsOffered(config: CustomDomainsConfig): void {
  if (!customDomainsEnabled(config)) {
    throw refuse('not_offered', 'Custom domains are not offered by this service.');
  }
}

export async function addDomain(
  ctx: DomainsContext,
  userId: string,
  username: string,
  /** The name as the person typed it (the route has checked it is text of a sensible length). */
  typed: string,
): Promise<DomainView> {
  requireDomainsOffered(ctx.config);
  const hostname = normaliseHostname(typed);
  const problem = hostnameProblem(hostname);
  if (problem) throw refuse('invalid_hostname', `hostname ${problem}.`);
  if (ownHosts(ctx).some((own) => hostname === own || hostname.endsWith(`.${own}`))) {
    throw refuse(
      'invalid_hostname',
      'hostname must be a domain of your own, not one of this service.',
    );
  }
  if (!zoneOf(hostname)) {
    throw refuse(
      'invalid_hostname',
      `hostname ${hostname} is an ending shared by many domains; enter your own domain, such as yourname.${hostname}.`,
    );
  }
  const now = ctx.now().toISOString();
  const yoursAlready = () => refuse('taken', 'hostname: you have already added this domain.');
  const row = await inTransaction(ctx.db, async (trx) => {
    const owned = await findOwnedName(trx, userId, username);
    if (!owned) throw refuse('not_yours', NOT_YOUR_NAME);
    if (await findDomainOf(trx, userId, hostname)) throw yoursAlready();
    if ((await countDomainsOf(trx, username)) >= MAX_DOMAINS_PER_PORTFOLIO) {
      throw refuse(
        'too_many',
        `hostname: a portfolio can have at most ${MAX_DOMAINS_PER_PORTFOLIO} domains. Remove one first.`,
      );
    }
    // Claims that are still waiting block no one: whoever shows control of the DNS gets it.
    if (await findServedDomain(trx, hostname)) throw refuse('taken', SERVED_ELSEWHERE);
    const domain: DomainRow = {
      hostname,
      user_id: userId,
      username,
      token: `portfolio-verify=${randomBytes(18).toString('base64url')}`,
      state: 'pending',
      checked_at: null,
      check_problem: null,
      verified_at: null,
      tls_allowed_at: null,
      created_at: now,
      updated_at: now,
    };
    await insertDomain(trx, domain);
    return domain;
  }).catch((error: unknown) => {
    // The same person adding one name twice at the same moment: the second finds it there.
    throw isUniqueViolation(error) ? yoursAlready() : error;
  });
  return viewOf(ctx.config, row);
}

/** The person's own domain by name (as typed in the address). */
export async function ownedDomain(ctx: DomainsContext, userId: string, hostname: string) {
  const domain = await findDomainOf(ctx.db, userId, normaliseHostname(hostname));
  if (!domain) throw refuse('not_yours', NOT_YOURS);
  return domain;
}

interface CheckOutcome {
  state: DomainState;
  problem: string | null;
  verifiedAt: string | null;
}

/**
 * Looks the domain's records up now and records what was found. Right records make a waiting
 * claim served, unless another person's claim of the name is served already: first served stays.
 */
export async function checkDomain(ctx: DomainsContext, domain: DomainRow): Promise<DomainRow> {
  const result = await ctx.dns.check(domain.hostname, domain.token);
  const now = ctx.now().toISOString();
  const serving = SERVING_STATES.includes(domain.state);
  const servedByAnother: CheckOutcome = {
    state: domain.state,
    problem: SERVED_BY_ANOTHER,
    verifiedAt: domain.verified_at,
  };
  const record = (outcome: CheckOutcome) =>
    inTransaction(ctx.db, async (trx): Promise<DomainRow> => {
      // Removed meanwhile: nothing to record.
      const current = await findDomainOf(trx, domain.user_id, domain.hostname);
      if (!current) return domain;
      await recordCheck(trx, current, outcome, now);
      return {
        ...current,
        state: outcome.state,
        check_problem: outcome.problem,
        checked_at: now,
        verified_at: outcome.verifiedAt,
      };
    });
  if (!result.ok) {
    return record({
      state: serving || domain.state === 'changed' ? 'changed' : 'pending',
      problem: result.problem,
      verifiedAt: domain.verified_at,
    });
  }
  // Kept across a "changed" spell: the first verified domain stays the canonical one.
  const verifiedAt = domain.verified_at ?? now;
  if (serving) return record({ state: domain.state, problem: null, verifiedAt });
  const served = await findServedDomain(ctx.db, domain.hostname);
  if (served && served.user_id !== domain.user_id) return record(servedByAnother);
  const state = domain.tls_allowed_at ? 'https' : 'verified';
  return record({ state, problem: null, verifiedAt }).catch((error: unknown) => {
    // Another claim of the name began to be served at this same moment.
    if (isUniqueViolation(error)) return record(servedByAnother);
    throw error;
  });
}

export async function removeDomain(
  ctx: DomainsContext,
  userId: string,
  hostname: string,
): Promise<void> {
  const domain = await ownedDomain(ctx, userId, hostname);
  await inTransaction(ctx.db, (trx) => deleteDomain(trx, domain, ctx.now().toISOString()));
}

/**
 * Caddy's `ask`: may `hostname` have a certificate? Only a served domain of a portfolio that is
 * shown now. Caddy asks only when it is about to obtain one, so a yes also records that the
 * domain is now served over HTTPS (and /users/{name} starts redirecting there).
 */
export async function mayHaveCertificate(ctx: DomainsContext, typed: string): Promise<boolean> {
  const hostname = normaliseHostname(typed);
  if (hostnameProblem(hostname)) return false;
  const domain = await findServedDomain(ctx.db, hostname);
  if (!domain) return false;
  const page = await findPageTerm(ctx.db, domain.username);
  const now = ctx.now();
  if (!page || page.unpublishedAt !== null || termOf(page.paidUntil, now).offlineAt <= now) {
    return false;
  }
  if (domain.state === 'verified') {
    await inTransaction(ctx.db, (trx) => allowTls(trx, domain, now.toISOString()));
  }
  return true;
}

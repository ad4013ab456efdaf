import { randomBytes } from 'node:crypto';
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
import { findOwnedName } from '../account/account.repository.js';
import type { CustomDomainsConfig } from '../config.js';
import { inTransaction, isUniqueViolation, type Db } from '../db/database.js';
import { badRequest, conflict, HttpError, notFound } from '../http/errors.js';
import type { DnsChecker } from './dns-check.js';
import {
  countDomainsOf,
  deleteDomain,
  findDomain,
  findPageTerm,
  insertDomain,
  listDomainsOfUser,
  recordCheck,
  allowTls,
  type DomainRow,
} from './domains.repository.js';
import { NOT_YOURS as NOT_YOUR_PORTFOLIO } from '../account/account.service.js';

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

export function recordsFor(config: CustomDomainsConfig, domain: DomainRow): DnsRecord[] {
  const records: DnsRecord[] = [
    { type: 'TXT', name: `${VERIFY_LABEL}.${domain.hostname}`, value: domain.token },
  ];
  // An apex domain cannot have a CNAME: offer the addresses first there when there are any.
  const apex = domain.hostname.split('.').length === 2;
  const cname = config.target
    ? [{ type: 'CNAME' as const, name: domain.hostname, value: config.target }]
    : [];
  const addresses = config.addresses.map((address): DnsRecord => ({
    type: address.includes(':') ? 'AAAA' : 'A',
    name: domain.hostname,
    value: address,
  }));
  records.push(...(apex && addresses.length ? addresses : cname.length ? cname : addresses));
  return records;
}

export function viewOf(config: CustomDomainsConfig, domain: DomainRow): DomainView {
  return {
    hostname: domain.hostname,
    username: domain.username,
    state: domain.state,
    records: recordsFor(config, domain),
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

export async function addDomain(
  ctx: DomainsContext,
  userId: string,
  username: string,
  typed: unknown,
): Promise<DomainView> {
  if (!customDomainsEnabled(ctx.config)) {
    throw new HttpError(404, 'not_found', 'Custom domains are not offered by this service.');
  }
  if (typeof typed !== 'string' || typed.length > 1000) {
    throw badRequest('hostname is required, as text', 'hostname');
  }
  const hostname = normaliseHostname(typed);
  const problem = hostnameProblem(hostname);
  if (problem) throw badRequest(`hostname ${problem}.`, 'hostname');
  if (ownHosts(ctx).some((own) => hostname === own || hostname.endsWith(`.${own}`))) {
    throw badRequest('hostname must be a domain of your own, not one of this service.', 'hostname');
  }
  const now = ctx.now().toISOString();
  const taken = () =>
    conflict('hostname: this domain is already added to a portfolio.', 'hostname');
  const row = await inTransaction(ctx.db, async (trx) => {
    const owned = await findOwnedName(trx, userId, username);
    if (!owned) throw notFound(NOT_YOUR_PORTFOLIO);
    if ((await countDomainsOf(trx, username)) >= MAX_DOMAINS_PER_PORTFOLIO) {
      throw badRequest(
        `hostname: a portfolio can have at most ${MAX_DOMAINS_PER_PORTFOLIO} domains. Remove one first.`,
        'hostname',
      );
    }
    if (await findDomain(trx, hostname)) throw taken();
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
    // Two people adding one name at the same moment: the second finds it taken.
    throw isUniqueViolation(error) ? taken() : error;
  });
  return viewOf(ctx.config, row);
}

/** The person's own domain by name (as typed in the address), or 404. */
export async function ownedDomain(ctx: DomainsContext, userId: string, hostname: string) {
  const domain = await findDomain(ctx.db, normaliseHostname(hostname));
  if (!domain || domain.user_id !== userId) throw notFound(NOT_YOURS);
  return domain;
}

/** Looks the domain's records up now and records what was found. */
export async function checkDomain(ctx: DomainsContext, domain: DomainRow): Promise<DomainRow> {
  const result = await ctx.dns.check(domain.hostname, domain.token);
  const now = ctx.now().toISOString();
  const serving = SERVING_STATES.includes(domain.state);
  let state: DomainState;
  if (result.ok) state = serving ? domain.state : domain.tls_allowed_at ? 'https' : 'verified';
  else state = serving || domain.state === 'changed' ? 'changed' : 'pending';
  // Kept across a "changed" spell: the first verified domain stays the canonical one.
  const verifiedAt = result.ok ? (domain.verified_at ?? now) : domain.verified_at;
  const problem = result.ok ? null : result.problem;
  return inTransaction(ctx.db, async (trx) => {
    // Removed meanwhile: nothing to record.
    const current = await findDomain(trx, domain.hostname);
    if (!current) return domain;
    await recordCheck(trx, current, { state, problem, verifiedAt }, now);
    return { ...current, state, check_problem: problem, checked_at: now, verified_at: verifiedAt };
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
  const domain = await findDomain(ctx.db, hostname);
  if (!domain || !SERVING_STATES.includes(domain.state)) return false;
  const page = await findPageTerm(ctx.db, domain.username);
  const now = ctx.now();
  if (!page || page.unpublishedAt !== null || termOf(page.paidUntil, now).offlineAt <= now) {
    return false;
  }
  if (domain.state === 'verified') {
    await inTransaction(ctx.db, (trx) => allowTls(trx, domain.hostname, now.toISOString()));
  }
  return true;
}

import { sql } from 'kysely';
import { SERVING_STATES, type DomainState } from '../../shared/domains.js';
import type { Db, Tx } from '../db/database.js';
import type { DomainsTable } from '../db/schema.js';
import { usernameWithPortfolio } from '../site/usernames.repository.js';
import { bumpPageGeneration } from '../site/page-generation.repository.js';

export type DomainRow = DomainsTable;

/** Which claim a row is: one person's claim of one name. */
export type DomainKey = Pick<DomainRow, 'hostname' | 'user_id'>;

/** The person's claim of `hostname`. */
export function findDomainOf(
  db: Db | Tx,
  userId: string,
  hostname: string,
): Promise<DomainRow | undefined> {
  return db
    .selectFrom('domains')
    .selectAll()
    .where('hostname', '=', hostname)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The claim of `hostname` that is served, if one is (at most one: a unique index says so). */
export function findServedDomain(db: Db | Tx, hostname: string): Promise<DomainRow | undefined> {
  return db
    .selectFrom('domains')
    .selectAll()
    .where('hostname', '=', hostname)
    .where('state', 'in', [...SERVING_STATES])
    .executeTakeFirst();
}

export function listDomainsOfUser(db: Db, userId: string): Promise<DomainRow[]> {
  return db
    .selectFrom('domains')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('hostname')
    .execute();
}

export async function countDomainsOf(trx: Tx, username: string): Promise<number> {
  const row = await trx
    .selectFrom('domains')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertDomain(trx: Tx, row: DomainRow): Promise<void> {
  await trx.insertInto('domains').values(row).execute();
}

/**
 * Records a check. A change of state is a change of what is served: the portfolio is marked
 * changed (its page carries the canonical domain) and every process is told.
 */
export async function recordCheck(
  trx: Tx,
  domain: DomainRow,
  result: { state: DomainState; problem: string | null; verifiedAt: string | null },
  now: string,
): Promise<void> {
  const changed = result.state !== domain.state;
  await trx
    .updateTable('domains')
    .set({
      state: result.state,
      check_problem: result.problem,
      checked_at: now,
      verified_at: result.verifiedAt,
      ...(changed ? { updated_at: now } : {}),
    })
    .where('hostname', '=', domain.hostname)
    .where('user_id', '=', domain.user_id)
    .execute();
  if (changed) await markServedChange(trx, domain.username, now);
}

/** Claims a due domain for one check, so two processes do not check it at once. */
export async function claimForCheck(
  db: Db,
  domain: DomainKey & Pick<DomainRow, 'checked_at'>,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('domains')
    .set({ checked_at: now })
    .where('hostname', '=', domain.hostname)
    .where('user_id', '=', domain.user_id)
    .where((eb) =>
      domain.checked_at === null
        ? eb('checked_at', 'is', null)
        : eb('checked_at', '=', domain.checked_at),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function listDueForCheck(
  db: Db,
  cutoffs: { unverified: string; verified: string },
  limit: number,
): Promise<(DomainKey & Pick<DomainRow, 'checked_at'>)[]> {
  return db
    .selectFrom('domains')
    .select(['hostname', 'user_id', 'checked_at'])
    .where((eb) =>
      eb.or([
        eb.and([
          eb('state', 'in', ['pending', 'changed']),
          eb.or([eb('checked_at', 'is', null), eb('checked_at', '<', cutoffs.unverified)]),
        ]),
        eb.and([
          eb('state', 'in', [...SERVING_STATES]),
          eb.or([eb('checked_at', 'is', null), eb('checked_at', '<', cutoffs.verified)]),
        ]),
      ]),
    )
    .orderBy('checked_at')
    .limit(limit)
    .execute();
}

/** Caddy was told yes: the domain is served over HTTPS from now on. */
export async function allowTls(trx: Tx, domain: DomainKey, now: string): Promise<void> {
  await trx
    .updateTable('domains')
    .set({ state: 'https', tls_allowed_at: now, updated_at: now })
    .where('hostname', '=', domain.hostname)
    .where('user_id', '=', domain.user_id)
    .execute();
  await bumpPageGeneration(trx);
}

export async function deleteDomain(trx: Tx, domain: DomainRow, now: string): Promise<void> {
  await trx
    .deleteFrom('domains')
    .where('hostname', '=', domain.hostname)
    .where('user_id', '=', domain.user_id)
    .execute();
  await markServedChange(trx, domain.username, now);
}

/**
 * Claims still waiting for their records after `createdBefore`: given up, so a name someone
 * typed and never set up does not linger. Never-served claims only: nothing is served from them.
 */
export async function deleteAbandonedClaims(db: Db, createdBefore: string): Promise<number> {
  const result = await db
    .deleteFrom('domains')
    .where('state', '=', 'pending')
    .where('verified_at', 'is', null)
    .where('created_at', '<', createdBefore)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The portfolio's page changes with its canonical domain: its updated_at moves (as a renewal
 * does), so every process re-renders it and drops the old one, and the domain list is re-read.
 */
async function markServedChange(trx: Tx, username: string, now: string): Promise<void> {
  await trx
    .updateTable('portfolios')
    .set({ updated_at: now })
    .where('id', '=', (eb) =>
      eb.selectFrom('usernames').select('portfolio_id').where('username', '=', username),
    )
    .execute();
  await bumpPageGeneration(trx);
}

/** Every domain that is served, oldest verification first (the first is a portfolio's canonical one). */
export function listServingDomains(
  db: Db,
): Promise<Pick<DomainRow, 'hostname' | 'username' | 'state'>[]> {
  return db
    .selectFrom('domains')
    .select(['hostname', 'username', 'state'])
    .where('state', 'in', [...SERVING_STATES])
    .orderBy('verified_at')
    .orderBy('hostname')
    .execute();
}

/** Changes whenever a domain is added, changes state or goes (with the rows it cascades from). */
export async function domainsSignature(db: Db): Promise<string> {
  const row = await db
    .selectFrom('domains')
    .select((eb) => [
      eb.fn.countAll<string | number>().as('count'),
      eb.fn.max('updated_at').as('latest'),
    ])
    .executeTakeFirstOrThrow();
  return `${Number(row.count)}|${row.latest ?? ''}`;
}

/** The canonical domain of a portfolio, as a scalar subquery for the page's source. */
export const canonicalHostOf = (usernameColumn: string) =>
  sql<
    string | null
  >`(select d.hostname from domains d where d.username = ${sql.ref(usernameColumn)} and d.state in ('verified', 'https') order by d.verified_at, d.hostname limit 1)`;

/** The term and the switch of the page a username serves, for Caddy's question. */
export function findPageTerm(
  db: Db,
  username: string,
): Promise<{ paidUntil: string; unpublishedAt: string | null } | undefined> {
  return usernameWithPortfolio(db, username)
    .select(['portfolios.paid_until as paidUntil', 'usernames.unpublished_at as unpublishedAt'])
    .executeTakeFirst();
}

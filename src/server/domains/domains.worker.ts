import type { FastifyBaseLogger } from 'fastify';
import { DAY_MS } from '../../shared/domain/time.js';
import { CLAIM_WAITS_DAYS } from '../../shared/domains.js';
import { PeriodicJob } from '../jobs/periodic-job.js';
import { JOB_SCHEDULES } from '../jobs/schedules.js';
import { checkDomain, customDomainsEnabled, type DomainsContext } from './domains.service.js';
import {
  claimForCheck,
  deleteAbandonedClaims,
  findDomainOf,
  listDueForCheck,
} from './domains.repository.js';

/** A domain waiting for its records is looked at this often; a served one once a day. */
const UNVERIFIED_EVERY_MS = 2 * 60_000;
const VERIFIED_EVERY_MS = DAY_MS;
/** A claim never verified is given up after this (shared/domains.ts says so to its owner). */
const ABANDONED_AFTER_MS = CLAIM_WAITS_DAYS * DAY_MS;
/** Domains checked per pass: each costs a few DNS queries of up to a few seconds. */
const BATCH = 20;

/**
 * Re-checks domains in every app process, without a separate cron: due domains are claimed one
 * by one (their checked_at moves first), so two processes never check the same one. A served
 * domain whose records went away becomes "DNS changed — action needed" and stops being served;
 * a claim never verified within CLAIM_WAITS_DAYS is removed.
 * main.ts starts it; tests call runOnce().
 */
export class DomainChecks extends PeriodicJob<number> {
  constructor(
    private readonly ctx: DomainsContext,
    log: FastifyBaseLogger,
  ) {
    super(log, {
      ...JOB_SCHEDULES.domainChecks,
      everyMs: ctx.config.checkEveryMs,
      failedMessage: 'custom domain checks failed',
      failedResult: 0,
    });
  }

  override start(): void {
    if (customDomainsEnabled(this.ctx.config)) super.start();
  }

  /** One pass; returns how many domains it checked. */
  protected async pass(): Promise<number> {
    const { db } = this.ctx;
    const now = this.ctx.now();
    const at = (ms: number) => new Date(now.getTime() - ms).toISOString();
    const abandoned = await deleteAbandonedClaims(db, at(ABANDONED_AFTER_MS));
    if (abandoned > 0) this.log.info({ abandoned }, 'unverified custom domains given up');
    const due = await listDueForCheck(
      db,
      { unverified: at(UNVERIFIED_EVERY_MS), verified: at(VERIFIED_EVERY_MS) },
      BATCH,
    );
    let checked = 0;
    for (const candidate of due) {
      if (!(await claimForCheck(db, candidate, now.toISOString()))) continue;
      const domain = await findDomainOf(db, candidate.user_id, candidate.hostname);
      if (!domain) continue;
      const after = await checkDomain(this.ctx, domain);
      checked += 1;
      if (after.state !== domain.state) {
        this.log.info({ domain: domain.hostname, state: after.state }, 'custom domain state');
      }
    }
    return checked;
  }
}

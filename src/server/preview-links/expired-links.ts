import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { DAY_MS } from '../../shared/domain/time.js';
import type { Db } from '../db/database.js';
import { PeriodicJob } from '../jobs/periodic-job.js';
import { JOB_SCHEDULES } from '../jobs/schedules.js';
import { deleteEndedLinks, endRunOutLinks } from './preview-links.repository.js';
import { ENDED_LINK_KEPT_DAYS } from './preview-links.service.js';

export interface PreviewLinkPurgeCounts {
  /** Links whose 14 days ran out: their snapshots deleted. */
  ended: number;
  /** Rows of links that ended 30 days ago: forgotten. */
  deleted: number;
}

/** Rows one statement changes, so each statement stays short; the rest waits a pass. */
const BATCH = 500;
const MAX_BATCHES = 20;

/**
 * Ends preview links whose time ran out (their snapshot of the person's draft is deleted then,
 * not kept until someone opens the link) and deletes the rows of links that ended 30 days ago,
 * after which their address answers 404 instead of "this preview has ended". Every app process
 * runs one; doing either twice is harmless.
 */
export class PreviewLinkPurge extends PeriodicJob<PreviewLinkPurgeCounts> {
  constructor(
    private readonly db: Db,
    log: FastifyBaseLogger,
  ) {
    super(log, {
      ...JOB_SCHEDULES.previewLinkPurge,
      failedMessage: 'purge of ended preview links failed; trying again next time',
      failedResult: { ended: 0, deleted: 0 },
    });
  }

  protected async pass(now: Date): Promise<PreviewLinkPurgeCounts> {
    const ended = await inBatches((limit) => endRunOutLinks(this.db, now.toISOString(), limit));
    const before = new Date(now.getTime() - ENDED_LINK_KEPT_DAYS * DAY_MS).toISOString();
    const deleted = await inBatches((limit) => deleteEndedLinks(this.db, before, limit));
    const counts = { ended, deleted };
    if (ended || deleted) this.log.info(counts, 'ended and forgot preview links');
    return counts;
  }
}

async function inBatches(work: (limit: number) => Promise<number>): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const done = await work(BATCH);
    total += done;
    if (done < BATCH) break;
    // Let waiting requests run between statements (SQLite runs them on this thread).
    await nextTurn();
  }
  return total;
}

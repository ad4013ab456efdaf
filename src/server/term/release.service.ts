import { setImmediate as nextTurn } from 'node:timers/promises';
import { inTransaction, type Db } from '../db/database.js';
import { releasedBefore } from '../site/released-names.js';
import { deleteReleasedUsername } from '../site/usernames.repository.js';
import { listReleasedUsernames } from './term.repository.js';

export interface ReleaseOptions {
  /** Only terms that ended at or after this instant (ISO); all of them without it. */
  since?: string;
  batchSize?: number;
  maxBatches?: number;
}

/**
 * Deletes the rows of released usernames (their portfolios stay: nobody's content is destroyed)
 * and the pages stored for them, so the names are plainly free. Claims and orders already treat
 * a released name as free before this runs; this only tidies. Each delete checks the term again,
 * so a renewal committed meanwhile keeps its name, and any number of processes may run it at
 * once. Returns how many names it released, and whether it got through all of them.
 */
export async function releaseExpiredUsernames(
  db: Db,
  now: Date,
  options: ReleaseOptions = {},
): Promise<{ released: number; complete: boolean }> {
  const batchSize = options.batchSize ?? 200;
  const maxBatches = options.maxBatches ?? 10;
  const cutoff = releasedBefore(now);
  let released = 0;
  for (let batch = 0; batch < maxBatches; batch += 1) {
    const rows = await listReleasedUsernames(db, cutoff, options.since, batchSize);
    for (const { username } of rows) {
      if (await inTransaction(db, (trx) => deleteReleasedUsername(trx, username, cutoff))) {
        released += 1;
      }
    }
    if (rows.length < batchSize) return { released, complete: true };
    await nextTurn();
  }
  return { released, complete: false };
}

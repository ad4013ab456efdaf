import type { Transaction } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';

/**
 * Tells every process that something published changed: each looks at this row ten times a
 * second and then finds what changed (stored-pages.service.ts). Call it inside the transaction
 * that changes a published page, as its last write: on PostgreSQL the row stays locked until
 * commit, so the later it is taken, the less concurrent publishes wait on each other. A change
 * that deletes a username says so (`releasesName`): a deleted name leaves no row to find, and
 * the processes then look up the names they hold.
 */
export async function bumpPageGeneration(
  trx: Transaction<Database>,
  { releasesName = false }: { releasesName?: boolean } = {},
): Promise<void> {
  await trx
    .updateTable('page_generation')
    .set((eb) => ({
      value: eb('value', '+', 1),
      ...(releasesName ? { releases: eb('releases', '+', 1) } : {}),
    }))
    .where('id', '=', 1)
    .execute();
}

export async function readPageGeneration(db: Db): Promise<number> {
  return (await readPageChanges(db)).generation;
}

/** The change counter and, of its changes, how many deleted a username. */
export async function readPageChanges(db: Db): Promise<{ generation: number; releases: number }> {
  const row = await db
    .selectFrom('page_generation')
    .select(['value', 'releases'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return { generation: Number(row.value), releases: Number(row.releases) };
}

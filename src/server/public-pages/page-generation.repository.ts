import type { Transaction } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';

/**
 * Tells every process that something published changed: each looks at this row ten times a
 * second and then finds what changed (stored-pages.service.ts). Call it inside the transaction
 * that changes a published page, as its last write: on PostgreSQL the row stays locked until
 * commit, so the later it is taken, the less concurrent publishes wait on each other.
 */
export async function bumpPageGeneration(trx: Transaction<Database>): Promise<void> {
  await trx
    .updateTable('page_generation')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('id', '=', 1)
    .execute();
}

export async function readPageGeneration(db: Db): Promise<number> {
  const row = await db
    .selectFrom('page_generation')
    .select('value')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.value);
}

import { PostgresAdapter, sql } from 'kysely';
import { inTransaction, type Db } from '../db/database.js';
import { KeyedTurns } from './keyed-turns.js';

const local = new KeyedTurns();

/**
 * Storing or reusing the files of one image (its hash) and deleting them take turns, so that a
 * person removing their copy never deletes files another person's upload has just decided to
 * reuse. In this process by the hash; across processes on PostgreSQL by an advisory lock on it,
 * held for the work (SQLite is served by one process).
 */
export function withImageFiles<T>(db: Db, hash: string, work: () => Promise<T>): Promise<T> {
  return local.run(hash, () => {
    if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return work();
    return inTransaction(db, async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtextextended(${hash}, 0))`.execute(trx);
      return work();
    });
  });
}

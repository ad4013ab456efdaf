import { PostgresAdapter } from 'kysely';
import { inTransaction, type Db } from '../db/database.js';
import { KeyedTurns } from './keyed-turns.js';
import { lockImageFiles } from './uploads.repository.js';

const local = new KeyedTurns();

/**
 * Storing or reusing the files of one image (its hash) and deleting them take turns, so that a
 * person removing their copy never deletes files another person's upload has just decided to
 * reuse. In this process by the hash; across processes on PostgreSQL by an advisory lock on it,
 * held by a transaction that `work` runs its queries in (it gets that transaction as its `db`),
 * so a turn never needs a second connection from the pool (SQLite is served by one process).
 */
export function withImageFiles<T>(db: Db, hash: string, work: (db: Db) => Promise<T>): Promise<T> {
  return local.run(hash, () => {
    if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return work(db);
    return inTransaction(db, async (trx) => {
      await lockImageFiles(trx, hash);
      return work(trx);
    });
  });
}

import type SqliteDatabase from 'better-sqlite3';
import { startSqliteThread, threadErrorReason } from './sqlite-thread.js';

/**
 * SQLite in WAL mode copies the log back into the database file in a checkpoint, which by
 * default runs inside whichever commit takes the log past 1,000 pages: on the event loop, for
 * tens of milliseconds (it writes the file and syncs it), while every request waits. On a flush
 * of visitor counts, a commit that checkpointed took many times as long as the others
 * (bench/RESULTS.md, Measurements behind design choices in the code).
 *
 * So the connection that serves requests never checkpoints. A thread with a connection of its
 * own runs a passive checkpoint (one that waits for no reader or writer) every interval, so the
 * log holds at most about an interval's writes. Should the thread fail (a checkpoint that
 * errs ends it), the serving connection checkpoints on commit again, as SQLite does by default,
 * and a process warning says why.
 */
export const CHECKPOINT_INTERVAL_MS = 1000;
const SQLITE_DEFAULT_AUTOCHECKPOINT_PAGES = 1000;

/** The thread (see sqlite-thread.ts). */
const CHECKPOINT_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const file = new Database(workerData.file, { fileMustExist: true });
// Another process's checkpoint under way is no error (the pragma reports it in its row); any
// error ends the thread, and the serving connection checkpoints on commit again.
const timer = setInterval(() => file.pragma('wal_checkpoint(PASSIVE)'), workerData.intervalMs);
parentPort.once('message', () => {
  clearInterval(timer);
  file.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Stops the thread and closes its connection; call before closing the serving connection. */
  stop(): Promise<void>;
}

export function checkpointInBackground(
  connection: SqliteDatabase.Database,
  intervalMs = CHECKPOINT_INTERVAL_MS,
): Checkpointer {
  const thread = startSqliteThread(CHECKPOINT_THREAD, connection.name, { intervalMs });
  connection.pragma('wal_autocheckpoint = 0');
  let stopping = false;
  const checkpointOnCommit = () => {
    if (!stopping && connection.open) {
      connection.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_AUTOCHECKPOINT_PAGES}`);
    }
  };
  thread.worker.on('error', (error) => {
    checkpointOnCommit();
    process.emitWarning(`SQLite checkpoints run in commits again: ${threadErrorReason(error)}`);
  });
  thread.worker.on('exit', checkpointOnCommit);
  return {
    stop() {
      stopping = true;
      return thread.stop();
    },
  };
}

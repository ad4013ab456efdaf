import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import type SqliteDatabase from 'better-sqlite3';
import { threadErrorReason } from './thread-error.js';

/**
 * SQLite in WAL mode copies the log back into the database file in a checkpoint, which by
 * default runs inside whichever commit takes the log past 1,000 pages: on the event loop, for
 * tens of milliseconds (it writes the file and syncs it), while every request waits. Measured on
 * a flush of visitor counts, those commits took 45 ms against 3 ms for the others.
 *
 * So the connection that serves requests never checkpoints. A thread with a connection of its
 * own runs a passive checkpoint (one that waits for no reader or writer) every interval, so the
 * log holds at most about an interval's writes. Should the thread fail (a checkpoint that
 * errs ends it), the serving connection checkpoints on commit again, as SQLite does by default,
 * and a process warning says why.
 */
export const CHECKPOINT_INTERVAL_MS = 1000;
const SQLITE_DEFAULT_AUTOCHECKPOINT_PAGES = 1000;
/** How long closing waits for the thread to close its connection before ending it. */
const STOP_TIMEOUT_MS = 2000;

/**
 * The thread, as a CommonJS script (a worker given source rather than a file), so that it
 * needs no entry of its own in the server bundle. It loads better-sqlite3 from the path the
 * server resolved.
 */
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
  const worker = new Worker(CHECKPOINT_THREAD, {
    eval: true,
    workerData: {
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      file: connection.name,
      intervalMs,
    },
  });
  // A command that opens the database and finishes does not wait for this thread.
  worker.unref();
  connection.pragma('wal_autocheckpoint = 0');
  let stopping = false;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const checkpointOnCommit = () => {
    if (!stopping && connection.open) {
      connection.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_AUTOCHECKPOINT_PAGES}`);
    }
  };
  worker.on('error', (error) => {
    checkpointOnCommit();
    process.emitWarning(`SQLite checkpoints run in commits again: ${threadErrorReason(error)}`);
  });
  worker.on('exit', checkpointOnCommit);
  return {
    async stop() {
      stopping = true;
      // Waited for: the process must not end halfway through closing.
      worker.ref();
      worker.postMessage('stop');
      const stopped = await Promise.race([
        exited.then(() => true),
        sleep(STOP_TIMEOUT_MS, false, { ref: false }),
      ]);
      if (!stopped) await worker.terminate();
    },
  };
}

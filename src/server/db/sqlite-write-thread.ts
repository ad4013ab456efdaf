import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import type SqliteDatabase from 'better-sqlite3';
import { threadErrorReason } from './thread-error.js';

/**
 * Bulk writes on SQLite, run by a thread with a connection of its own so that the event loop
 * never waits for them. better-sqlite3 runs a statement on the thread that calls it, and a
 * flush of visitor counts writes rows all over the file's B-trees: 500 of them took 2 to 20 ms
 * in one transaction at 100,000 portfolios, each on the event loop while every request waited.
 *
 * The thread takes one transaction at a time, in the order asked; each runs one statement once
 * per row and begins immediate, like every transaction here (database.ts). Should the thread
 * fail (it cannot open the file, or it ends), the writes it had not answered fail (whether they
 * committed is unknown, and writing them again could count them twice), later ones run on the
 * serving connection as they did before, in Kysely's turn on it, and a process warning says why.
 */

/** The write thread's nice value: below the event loop's 0, so that it gives way on a busy core. */
const WRITE_THREAD_NICENESS = 10;
/** How long stopping waits for the thread to close its connection before ending it. */
const STOP_TIMEOUT_MS = 2000;

/**
 * The thread, as a CommonJS script (a worker given source rather than a file), so that it needs
 * no entry of its own in the server bundle. It loads better-sqlite3 from the path the server
 * resolved. Its commits checkpoint the log as SQLite does by default, off the event loop.
 *
 * It runs below the event loop's priority (Linux: a thread has a nice value of its own, set
 * through its thread id): on a machine of two cores, a flush's writes took the serving
 * thread's core for milliseconds at a time, which stalled requests as writing on it had.
 */
const WRITE_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
try {
  const thread = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  require('node:os').setPriority(thread, workerData.niceness);
} catch {
  // Not Linux, or not allowed: the thread keeps the process's priority.
}
const Database = require(workerData.driver);
const file = new Database(workerData.file, { fileMustExist: true });
file.pragma('busy_timeout = ' + workerData.busyTimeoutMs);
file.pragma('synchronous = NORMAL');
const transactions = new Map();
function eachRow(text) {
  let run = transactions.get(text);
  if (!run) {
    const statement = file.prepare(text);
    run = file.transaction((rows) => {
      for (const row of rows) statement.run(row);
    });
    transactions.set(text, run);
  }
  return run;
}
parentPort.on('message', (message) => {
  if (message === 'stop') {
    file.close();
    parentPort.close();
    return;
  }
  try {
    eachRow(message.sql).immediate(message.rows);
    parentPort.postMessage({ id: message.id });
  } catch (error) {
    parentPort.postMessage({ id: message.id, message: error.message, code: error.code });
  }
});
`;

interface Pending {
  resolve: () => void;
  reject: (error: Error) => void;
}

/** An error from the thread, as the driver's would be on the serving connection. */
class SqliteWriteError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

export interface SqliteWriteThreadOptions {
  /** The file's busy timeout on the thread's connection, as on the serving one. */
  busyTimeoutMs: number;
  /**
   * Runs `work` on the serving connection when no other use of it is under way (Kysely's hold
   * on it): the writes' way when the thread has failed.
   */
  inTurn: (work: () => void) => Promise<void>;
}

export class SqliteWriteThread {
  private worker?: Worker;
  private exited?: Promise<void>;
  private readonly pending = new Map<number, Pending>();
  /** Every write asked of the thread and not yet settled, for stop to wait for. */
  private readonly inFlight = new Set<Promise<void>>();
  private nextId = 0;
  /** Set once the thread failed: writes run on the serving connection from then on. */
  private failed = false;
  private stopped = false;
  private readonly onServingConnection = new Map<
    string,
    SqliteDatabase.Transaction<(rows: object[]) => void>
  >();

  constructor(
    private readonly connection: SqliteDatabase.Database,
    private readonly options: SqliteWriteThreadOptions,
  ) {}

  /**
   * Runs `sql` once per row (named parameters), all in one transaction, off the event loop;
   * settles once it committed, or with its error (nothing of it is then written).
   */
  runEach(sql: string, rows: object[]): Promise<void> {
    if (this.stopped) return Promise.reject(new Error('the SQLite write thread is stopped'));
    if (this.failed) return this.runHere(sql, rows);
    const worker = this.started();
    const id = (this.nextId += 1);
    const written = new Promise<void>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, sql, rows });
    });
    const settled = written.then(
      () => undefined,
      () => undefined,
    );
    this.inFlight.add(settled);
    void settled.then(() => this.inFlight.delete(settled));
    return written;
  }

  /** Closes the thread's connection once the writes asked for are done (call before closing the serving connection). */
  async stop(): Promise<void> {
    this.stopped = true;
    const worker = this.worker;
    if (!worker) return;
    await Promise.all(this.inFlight);
    // Waited for: the process must not end halfway through closing.
    worker.ref();
    worker.postMessage('stop');
    const stopped = await Promise.race([
      this.exited!.then(() => true),
      sleep(STOP_TIMEOUT_MS, false, { ref: false }),
    ]);
    if (!stopped) await worker.terminate();
  }

  /** The thread, started on the first write (most databases a process opens never need it). */
  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WRITE_THREAD, {
      eval: true,
      workerData: {
        driver: createRequire(import.meta.url).resolve('better-sqlite3'),
        file: this.connection.name,
        busyTimeoutMs: this.options.busyTimeoutMs,
        niceness: WRITE_THREAD_NICENESS,
      },
    });
    // A command that opens the database and finishes does not wait for this thread.
    worker.unref();
    this.exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.on('message', (answer: { id: number; message?: string; code?: string }) => {
      const pending = this.pending.get(answer.id);
      if (!pending) return;
      this.pending.delete(answer.id);
      if (answer.message === undefined) pending.resolve();
      else pending.reject(new SqliteWriteError(answer.message, answer.code));
    });
    worker.on('error', (error) => this.fail(threadErrorReason(error)));
    worker.on('exit', () => this.fail('the thread ended'));
    this.worker = worker;
    return worker;
  }

  /** The thread is gone: what it had not answered fails, and later writes run on the serving connection. */
  private fail(reason: string): void {
    if (this.failed) return;
    this.failed = true;
    const unanswered = [...this.pending.values()];
    this.pending.clear();
    for (const pending of unanswered) pending.reject(new Error(`SQLite write thread: ${reason}`));
    if (!this.stopped)
      process.emitWarning(`SQLite bulk writes run on the event loop again: ${reason}`);
  }

  private runHere(sql: string, rows: object[]): Promise<void> {
    return this.options.inTurn(() => {
      let run = this.onServingConnection.get(sql);
      if (!run) {
        const statement = this.connection.prepare(sql);
        run = this.connection.transaction((each: object[]) => {
          for (const row of each) statement.run(row);
        });
        this.onServingConnection.set(sql, run);
      }
      run.immediate(rows);
    });
  }
}

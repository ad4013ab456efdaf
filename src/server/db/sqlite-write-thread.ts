import { setTimeout as sleep } from 'node:timers/promises';
import type SqliteDatabase from 'better-sqlite3';
import { startSqliteThread, threadErrorReason, type SqliteThread } from './sqlite-thread.js';

/**
 * Bulk writes on SQLite, run by a thread with a connection of its own so that the event loop
 * never waits for them. better-sqlite3 runs a statement on the thread that calls it, and a
 * flush of visitor counts writes rows all over the file's B-trees: 500 of them in one
 * transaction at 100,000 portfolios, on the event loop, kept every request waiting for them
 * (bench/RESULTS.md, Public pages at scale: 100,000 portfolios).
 *
 * Each write is one transaction of one statement run once per row, begun immediate like every
 * transaction here (database.ts), and holds Kysely's turn on the serving connection while the
 * thread runs it. So this process's own queries wait for it without blocking (as they waited
 * for the same write on the serving connection before), and never meet the thread's lock: a
 * write of the serving connection that found the file locked would wait in SQLite's busy
 * handler, which sleeps on the event loop. Views read through statements of their own
 * (public-pages.repository.ts) and do not wait. When another process holds the lock, the thread
 * waits for it a moment at a time (THREAD_BUSY_TIMEOUT_MS) and lets the turn go between tries,
 * up to the connection's own busy timeout in all: waiting for the whole of it in one turn held
 * every query of this process (sessions, /readyz) for as long.
 *
 * Should the thread fail (it cannot open the file, or it ends), the writes it had not answered
 * fail (whether they committed is unknown, and writing them again could count them twice),
 * later ones run on the serving connection as they did before, and a process warning says why.
 */

/** How long one try of the thread waits for another process's lock, in this process's turn. */
const THREAD_BUSY_TIMEOUT_MS = 50;
/** The pause between two tries, with the turn let go. */
const BUSY_RETRY_MS = 20;

/**
 * The thread (see sqlite-thread.ts). Its commits never checkpoint the log, which the checkpoint
 * thread does (a checkpoint inside a commit of 500 rows made that commit many times slower,
 * this process's queries waiting for it: sqlite-checkpointer.ts); its page cache is SQLite's
 * default (2 MB), not SQLITE_CACHE_MB. It runs at the process's priority: it holds the file's
 * write lock while it writes, and below the event loop's priority a busy core left it holding
 * the lock for longer, while this process's queries and other processes' writes waited. Its
 * one-statement-per-row transaction is the same as runOnServingConnection's.
 */
const WRITE_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const file = new Database(workerData.file, { fileMustExist: true });
for (const pragma of workerData.pragmas) file.pragma(pragma);
file.pragma('busy_timeout = ' + workerData.busyTimeoutMs);
file.pragma('wal_autocheckpoint = 0');
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
  /** The serving connection's settings (foreign keys...), for the thread's own. */
  pragmas: string[];
  /** How long a write may wait for another process's lock in all before it fails. */
  busyTimeoutMs: number;
  /** Runs `work` in Kysely's turn on the serving connection: no other query of it meanwhile. */
  inTurn: (work: () => Promise<void>) => Promise<void>;
}

export class SqliteWriteThread {
  private thread?: SqliteThread;
  private readonly pending = new Map<number, Pending>();
  /** Every write asked of the thread and not yet settled, for stop to wait for. */
  private readonly inFlight = new Set<Promise<void>>();
  private nextId = 0;
  /** Set once the thread failed: writes run on the serving connection from then on. */
  private failed = false;
  private stopped = false;
  /** The fallback's transactions, prepared once per statement on the serving connection. */
  private readonly servingTransactions = new Map<
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
    const written = this.runInTurns(sql, rows);
    const settled = written.then(
      () => undefined,
      () => undefined,
    );
    this.inFlight.add(settled);
    void settled.then(() => this.inFlight.delete(settled));
    return written;
  }

  /**
   * Closes the thread's connection once the writes asked for are done (call before closing the
   * serving connection).
   */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.inFlight);
    await this.thread?.stop();
  }

  /** One try in this process's turn, and more after pauses while another process holds the lock. */
  private async runInTurns(sql: string, rows: object[]): Promise<void> {
    const giveUpAt = Date.now() + this.options.busyTimeoutMs;
    for (;;) {
      try {
        return await this.options.inTurn(() =>
          this.failed ? this.runOnServingConnection(sql, rows) : this.runOnThread(sql, rows),
        );
      } catch (error) {
        const busy = error instanceof SqliteWriteError && error.code === 'SQLITE_BUSY';
        if (!busy || Date.now() >= giveUpAt || this.stopped) throw error;
      }
      await sleep(BUSY_RETRY_MS);
    }
  }

  private runOnThread(sql: string, rows: object[]): Promise<void> {
    const { worker } = this.startedThread();
    const id = (this.nextId += 1);
    // A write under way keeps the process alive until it is answered; an idle thread does not.
    worker.ref();
    return new Promise<void>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, sql, rows });
    });
  }

  private async runOnServingConnection(sql: string, rows: object[]): Promise<void> {
    let run = this.servingTransactions.get(sql);
    if (!run) {
      const statement = this.connection.prepare(sql);
      run = this.connection.transaction((each: object[]) => {
        for (const row of each) statement.run(row);
      });
      this.servingTransactions.set(sql, run);
    }
    run.immediate(rows);
  }

  /** The thread, started on the first write (most databases a process opens never need it). */
  private startedThread(): SqliteThread {
    if (this.thread) return this.thread;
    const thread = startSqliteThread(WRITE_THREAD, this.connection.name, {
      pragmas: this.options.pragmas,
      busyTimeoutMs: THREAD_BUSY_TIMEOUT_MS,
    });
    const { worker } = thread;
    worker.on('message', (answer: { id: number; message?: string; code?: string }) => {
      const pending = this.pending.get(answer.id);
      if (!pending) return;
      this.pending.delete(answer.id);
      if (this.pending.size === 0) worker.unref();
      if (answer.message === undefined) pending.resolve();
      else pending.reject(new SqliteWriteError(answer.message, answer.code));
    });
    worker.on('error', (error) => this.fail(threadErrorReason(error)));
    worker.on('exit', () => this.fail('the thread ended'));
    // After the listeners: a 'message' listener refs the thread's port again.
    worker.unref();
    this.thread = thread;
    return thread;
  }

  /** The thread is gone: what it had not answered fails; later writes run on the serving connection. */
  private fail(reason: string): void {
    if (this.failed) return;
    this.failed = true;
    const unanswered = [...this.pending.values()];
    this.pending.clear();
    for (const pending of unanswered) pending.reject(new Error(`SQLite write thread: ${reason}`));
    if (!this.stopped) {
      process.emitWarning(`SQLite bulk writes run on the event loop again: ${reason}`);
    }
  }
}

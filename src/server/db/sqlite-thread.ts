import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';

/** How long stopping waits for a thread to close its connection before ending it. */
const STOP_TIMEOUT_MS = 2000;

/**
 * A thread with a SQLite connection of its own (the checkpointer's, the bulk writer's), what
 * both share: started from a CommonJS script (a worker given source rather than a file), so
 * that it needs no entry of its own in the server bundle, with `workerData.driver` the path of
 * better-sqlite3 as the server resolved it and `workerData.file` the database; it never keeps
 * the process alive, and it closes its connection when sent 'stop'.
 */
export interface SqliteThread {
  worker: Worker;
  /** Asks the thread to close its connection and waits for it (ending it after a while). */
  stop(): Promise<void>;
}

export function startSqliteThread(
  source: string,
  file: string,
  data: Record<string, unknown> = {},
): SqliteThread {
  const worker = new Worker(source, {
    eval: true,
    workerData: { ...data, driver: createRequire(import.meta.url).resolve('better-sqlite3'), file },
  });
  // A command that opens the database and finishes does not wait for this thread.
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    worker,
    async stop() {
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

/**
 * What a thread's error says: an error of better-sqlite3's own class arrives from the thread as
 * a plain object holding only its code (SQLITE_CANTOPEN), without a message.
 */
export function threadErrorReason(error: unknown): string {
  const { message, code } = (error ?? {}) as { message?: unknown; code?: unknown };
  if (typeof message === 'string' && message) return message;
  if (typeof code === 'string') return code;
  return String(error);
}

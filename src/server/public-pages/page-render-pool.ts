import { availableParallelism } from 'node:os';
import { threadId } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { workerFile } from '../worker-file.js';
import type { PageBytes, PageBytesJob } from './page-bytes.js';

/**
 * Renders waiting for a thread; past this a render is refused as busy. The change check and the
 * template sweep render one page at a time, so only views of pages with nothing stored can
 * queue up: 64 pages are a second or so of rendering.
 */
const QUEUE_LIMIT = 64;
/**
 * From the call, queue included: a render takes 10-25 ms, so a thread this late is stuck (a
 * runaway render) and is stopped; the pool starts another.
 */
const RENDER_TIMEOUT_MS = 30_000;
/** An idle thread ends after this; the next render starts one (a few hundred ms). */
const IDLE_MS = 10 * 60_000;
/** A render's heap: a page of the largest portfolio needs a few tens of MB. */
const THREAD_HEAP_MB = 256;

/** A core is left to the event loop: views and the API come first, renders can wait. */
const defaultThreads = () => Math.max(1, Math.min(4, availableParallelism() - 1));

/** The queue is full: the caller answers "busy" and the render is tried again later. */
export class PageRenderBusyError extends Error {
  constructor() {
    super('too many pages waiting to be rendered');
  }
}

/** The thread rendering the page ended or overran (it is replaced); nothing was rendered. */
export class PageRenderFailedError extends Error {}

/** Whether a render did not happen for now (threads full, or the render failed): try again soon. */
export function renderUnavailable(error: unknown): boolean {
  return error instanceof PageRenderBusyError || error instanceof PageRenderFailedError;
}

/**
 * The worker threads that render public pages (page-render.worker.ts, through piscina, as the
 * receipt PDFs are drawn): a page's React render, HTML and compression never run on the event
 * loop. A thread that crashes or overruns is replaced and its render fails alone.
 */
export class PageRenderPool {
  private readonly piscina: Piscina<PageBytesJob, PageBytes>;

  constructor(
    options: {
      threads?: number;
      /** Another worker module, for tests (one that crashes). */
      worker?: { filename: string; execArgv: string[] };
    } = {},
  ) {
    const { filename, execArgv } =
      options.worker ??
      workerFile(import.meta.url, 'page-render.worker.ts', 'page-render-worker.js');
    this.piscina = new Piscina({
      filename,
      execArgv,
      minThreads: 0,
      maxThreads: options.threads ?? defaultThreads(),
      idleTimeout: IDLE_MS,
      resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB },
    });
    // A thread that fails outside a render (one that cannot start) fails the renders waiting
    // for it, which tell their callers; unheard, the pool's 'error' would end the server.
    this.piscina.on('error', () => {});
  }

  async render(job: PageBytesJob): Promise<PageBytes> {
    if (this.piscina.queueSize >= QUEUE_LIMIT) throw new PageRenderBusyError();
    try {
      return await this.piscina.run(job, { signal: AbortSignal.timeout(RENDER_TIMEOUT_MS) });
    } catch (error) {
      throw new PageRenderFailedError(`the page of ${job.username} was not rendered`, {
        cause: error,
      });
    }
  }

  /** The threads' ids and the renders finished, for tests to see the work left the loop. */
  stats(): { threadIds: number[]; completed: number; mainThreadId: number } {
    return {
      threadIds: this.piscina.threads.map((thread) => thread.threadId),
      completed: this.piscina.completed,
      mainThreadId: threadId,
    };
  }

  async close(): Promise<void> {
    await this.piscina.close();
  }
}

let shared: { pool: PageRenderPool; users: number } | undefined;

/**
 * The process's render threads, shared by every renderer in it (tests run several apps in one
 * process; each would start and warm threads of its own). Released by each user once; the
 * threads end with the last.
 */
export function acquireSharedRenderPool(): { pool: PageRenderPool; release: () => Promise<void> } {
  shared ??= { pool: new PageRenderPool(), users: 0 };
  const held = shared;
  held.users += 1;
  let released = false;
  return {
    pool: held.pool,
    release: async () => {
      if (released) return;
      released = true;
      held.users -= 1;
      if (held.users > 0) return;
      if (shared === held) shared = undefined;
      await held.pool.close();
    },
  };
}

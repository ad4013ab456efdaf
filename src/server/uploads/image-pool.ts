import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { workerFile } from '../worker-file.js';
import type { OgCropInput, ProcessImageInput, ProcessImageResult } from './image.worker.js';

/**
 * The worker threads that process uploaded images (image.worker.ts), so that the event loop
 * keeps answering requests while a photo is resized. One thread fewer than the machine has
 * cores (at least one, at most four); uploads beyond what the threads are doing wait in a short
 * queue, and past it are refused as "busy" rather than piling up memory.
 */
export const IMAGE_QUEUE_LIMIT = 16;

/** An image still processing after this long is abandoned and its thread replaced. */
export const IMAGE_TASK_TIMEOUT_MS = 20_000;

export class ImagePoolBusyError extends Error {}
export class ImageTooSlowError extends Error {}

/** What the worker's two tasks (its default export and ogCrop) take and give. */
type ImageTask = ProcessImageInput | OgCropInput;
type ImageTaskResult = ProcessImageResult | Uint8Array;

export class ImagePool {
  private readonly piscina: Piscina<ImageTask, ImageTaskResult>;

  constructor(
    threads = Math.min(4, Math.max(1, availableParallelism() - 1)),
    private readonly taskTimeoutMs = IMAGE_TASK_TIMEOUT_MS,
  ) {
    const { filename, execArgv } = workerFile(
      import.meta.url,
      'image.worker.ts',
      'image-worker.js',
    );
    this.piscina = new Piscina({
      filename,
      execArgv,
      minThreads: 0,
      maxThreads: threads,
      maxQueue: IMAGE_QUEUE_LIMIT,
      // A thread idle for a minute is stopped; the next upload starts one again.
      idleTimeout: 60_000,
    });
  }

  process(input: ProcessImageInput): Promise<ProcessImageResult> {
    return this.run(input, 'default') as Promise<ProcessImageResult>;
  }

  /**
   * Whether a task started now would wait for no other waiting task: work that can be skipped
   * (a link-preview crop) starts only then, so it never takes an upload's place in the queue.
   */
  hasRoom(): boolean {
    return this.piscina.queueSize === 0;
  }

  /** The Open Graph crop of a stored variant around a focal point (image.worker.ts ogCrop). */
  async ogCrop(input: OgCropInput): Promise<Uint8Array> {
    // A Buffer made in the thread arrives as a plain Uint8Array.
    return new Uint8Array((await this.run(input, 'ogCrop')) as Uint8Array);
  }

  private async run(input: ImageTask, name: 'default' | 'ogCrop'): Promise<ImageTaskResult> {
    if (this.piscina.queueSize >= IMAGE_QUEUE_LIMIT) throw new ImagePoolBusyError();
    const signal = AbortSignal.timeout(this.taskTimeoutMs);
    try {
      // Aborting a running task makes piscina end its thread and start a fresh one.
      return await this.piscina.run(input, { signal, name });
    } catch (error) {
      if (signal.aborted) throw new ImageTooSlowError();
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.piscina.close();
  }
}

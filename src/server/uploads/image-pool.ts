import { fork, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { workerFile } from '../worker-file.js';
import type {
  ImageProcessReply,
  ImageProcessRequest,
  ImageTask,
  ImageTaskName,
  ImageTaskResult,
} from './image-process.js';
import type { OgCropInput, ProcessImageInput, ProcessImageResult } from './image.worker.js';

/**
 * The processes that decode and resize uploaded images (image-process.ts), so that the event
 * loop keeps answering while a photo is worked on. Processes, not threads: a decoder stuck in a
 * hostile file (a progressive JPEG of thousands of scans) cannot be stopped inside a thread, and
 * it would hold the libuv threads this process reads its static files with; a process is killed
 * and replaced. See docs/decisions/0011-image-processes.md.
 *
 * Fair between people: each owner's tasks wait in a queue of their own, and the queues take turns,
 * so two people's hostile uploads hold at most their own turns. An owner whose images ran out of
 * time lately goes after everyone else for a while. A task's time limit counts its processing,
 * never its wait.
 */
/**
 * Tasks waiting, from everyone: each is a file's name and a few numbers, and a person has at most
 * two uploads in progress, so this bounds the wait rather than memory.
 */
export const IMAGE_QUEUE_LIMIT = 64;

/** An image still processing after this long is abandoned and its process killed. */
export const IMAGE_TASK_TIMEOUT_MS = 20_000;

/**
 * How long images being processed may go on once the server starts closing: well within the
 * shutdown's 10 s grace (shutdown.ts), so the uploads waiting on them can still be answered.
 */
export const IMAGE_SHUTDOWN_GRACE_MS = 6000;

/** How long an owner whose image ran out of time waits behind everyone else. */
const SLOW_OWNER_PENALTY_MS = 10 * 60_000;
/** A process with nothing to do for this long is stopped; the next task starts one again. */
const IDLE_MS = 60_000;
/** How long a process may take to start a task it was given (a new process loads sharp first). */
const STARTING_MS = 30_000;

/** How many owners' last turns are remembered; any more were served too long ago to matter. */
const SERVED_OWNERS_KEPT = 1000;

export class ImagePoolBusyError extends Error {}
export class ImageTooSlowError extends Error {}
export class ImagePoolClosedError extends Error {}

interface Waiting {
  owner: string;
  name: ImageTaskName;
  input: ImageTask;
  resolve: (result: ImageTaskResult) => void;
  reject: (error: Error) => void;
}

interface Slot {
  child: ChildProcess | undefined;
  task: Waiting | undefined;
  timer: NodeJS.Timeout | undefined;
}

export class ImagePool {
  private readonly slots: Slot[];
  /** Waiting tasks by owner, in the order owners take turns. */
  private readonly queues = new Map<string, Waiting[]>();
  /** The turn at which each owner was last served, oldest first (for next()). */
  private readonly servedAt = new Map<string, number>();
  private turn = 0;

  /** How many tasks wait for a process, for the metrics. */
  queued(): number {
    return this.waiting;
  }
  private waiting = 0;
  /** Owners whose images ran out of time, until when they go last. */
  private readonly slowOwners = new Map<string, number>();
  private closed = false;

  constructor(
    processes = Math.min(4, Math.max(1, availableParallelism() - 1)),
    private readonly taskTimeoutMs = IMAGE_TASK_TIMEOUT_MS,
  ) {
    this.slots = Array.from({ length: processes }, () => ({
      child: undefined,
      task: undefined,
      timer: undefined,
    }));
  }

  process(input: ProcessImageInput, owner = ''): Promise<ProcessImageResult> {
    return this.run('process', input, owner) as Promise<ProcessImageResult>;
  }

  /** The Open Graph crop of a stored variant around a focal point (image.worker.ts ogCrop). */
  async ogCrop(input: OgCropInput, owner = ''): Promise<Uint8Array> {
    return (await this.run('ogCrop', input, owner)) as Uint8Array;
  }

  /**
   * Whether a task started now would wait for no other waiting task: work that can be skipped
   * (a link-preview crop) starts only then, so it never takes an upload's place.
   */
  hasRoom(): boolean {
    return this.waiting === 0 && this.slots.some((slot) => !slot.task);
  }

  /** The processes running now, for tests to see one killed. */
  processIds(): number[] {
    return this.slots.flatMap((slot) => (slot.child?.pid === undefined ? [] : [slot.child.pid]));
  }

  /**
   * Takes no more tasks and refuses those waiting; those running get until `graceMs` from now,
   * then their processes are killed, so shutting down never waits on a decoder.
   */
  async close(graceMs = 0): Promise<void> {
    this.closed = true;
    for (const queue of this.queues.values()) {
      for (const task of queue) task.reject(new ImagePoolClosedError());
    }
    this.queues.clear();
    this.waiting = 0;
    const deadline = Date.now() + graceMs;
    while (this.slots.some((slot) => slot.task) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    for (const slot of this.slots) {
      slot.task?.reject(new ImagePoolClosedError());
      slot.task = undefined;
      this.stop(slot);
    }
  }

  private run(name: ImageTaskName, input: ImageTask, owner: string): Promise<ImageTaskResult> {
    if (this.closed) return Promise.reject(new ImagePoolClosedError());
    if (this.waiting >= IMAGE_QUEUE_LIMIT) return Promise.reject(new ImagePoolBusyError());
    return new Promise((resolve, reject) => {
      const queue = this.queues.get(owner);
      const task = { owner, name, input, resolve, reject };
      if (queue) queue.push(task);
      else this.queues.set(owner, [task]);
      this.waiting += 1;
      this.dispatch();
    });
  }

  /** Gives free processes the next owners' tasks, each owner one task per turn. */
  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.task) continue;
      const task = this.next();
      if (!task) return;
      this.start(slot, task);
    }
  }

  /**
   * The next owner's first task: of the owners waiting, the one served longest ago (or never),
   * so that an owner whose queue ran empty and filled again does not come back ahead of those
   * who waited meanwhile; an owner whose images keep running out of time goes after everyone.
   */
  private next(): Waiting | undefined {
    const now = Date.now();
    let best: string | undefined;
    let bestRank = Infinity;
    for (const owner of this.queues.keys()) {
      const until = this.slowOwners.get(owner);
      if (until !== undefined && until <= now) this.slowOwners.delete(owner);
      const penalised = until !== undefined && until > now;
      const rank = (penalised ? this.turn + 1 : 0) + (this.servedAt.get(owner) ?? -1);
      if (rank < bestRank) {
        best = owner;
        bestRank = rank;
      }
    }
    return best === undefined ? undefined : this.take(best, this.queues.get(best)!);
  }

  /** The owner's first task; the owner goes to the back of the turns. */
  private take(owner: string, queue: Waiting[]): Waiting {
    this.turn += 1;
    this.servedAt.delete(owner);
    this.servedAt.set(owner, this.turn);
    // Only the order of recent turns matters: the oldest are forgotten past a bound.
    if (this.servedAt.size > SERVED_OWNERS_KEPT) {
      this.servedAt.delete(this.servedAt.keys().next().value!);
    }
    const task = queue.shift()!;
    this.queues.delete(owner);
    if (queue.length > 0) this.queues.set(owner, queue);
    this.waiting -= 1;
    return task;
  }

  private start(slot: Slot, task: Waiting): void {
    clearTimeout(slot.timer);
    slot.task = task;
    const child = (slot.child ??= this.spawn(slot));
    // Until the process says it has begun (a new one may take a moment to start), a generous
    // limit; from then on, the task's own.
    this.limit(slot, task, STARTING_MS, false);
    const request: ImageProcessRequest = { name: task.name, input: task.input };
    // A process that went away meanwhile fails the send, and its 'error' settles the task.
    child.send(request, () => {});
  }

  /** Kills the task's process if it is still at `task` after `ms`. */
  private limit(slot: Slot, task: Waiting, ms: number, processing: boolean): void {
    clearTimeout(slot.timer);
    slot.timer = setTimeout(() => {
      if (slot.task !== task) return;
      if (processing) this.slowOwners.set(task.owner, Date.now() + SLOW_OWNER_PENALTY_MS);
      this.finish(slot, () =>
        task.reject(
          processing ? new ImageTooSlowError() : new Error('the image process did not start'),
        ),
      );
      this.stop(slot);
      this.dispatch();
    }, ms);
  }

  private spawn(slot: Slot): ChildProcess {
    const { filename, execArgv } = workerFile(
      import.meta.url,
      'image-process.ts',
      'image-worker.js',
    );
    const child = fork(fileURLToPath(filename), {
      execArgv,
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child.on('message', (message: ImageProcessReply) => {
      const task = slot.task;
      if (!task || slot.child !== child) return;
      if ('started' in message) {
        this.limit(slot, task, this.taskTimeoutMs, true);
        return;
      }
      this.finish(slot, () =>
        'result' in message ? task.resolve(message.result) : task.reject(new Error(message.error)),
      );
      this.dispatch();
    });
    // Ended, unable to start, or its channel broken: the task it had fails, the next gets a new
    // process. (An 'error' unheard would end the server.)
    const lost = () => {
      if (slot.child !== child) return;
      const task = slot.task;
      this.stop(slot);
      if (!task) return;
      this.finish(slot, () => task.reject(new Error('the image process ended unexpectedly')));
      this.dispatch();
    };
    child.on('exit', lost);
    child.on('error', lost);
    // An idle process does not keep the server from exiting.
    child.unref();
    child.channel?.unref();
    return child;
  }

  private finish(slot: Slot, settle: () => void): void {
    clearTimeout(slot.timer);
    slot.task = undefined;
    slot.timer = setTimeout(() => this.stop(slot), IDLE_MS);
    slot.timer.unref();
    settle();
  }

  private stop(slot: Slot): void {
    clearTimeout(slot.timer);
    const child = slot.child;
    slot.child = undefined;
    child?.kill('SIGKILL');
  }
}

import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PeriodicJob } from './periodic-job.js';

/** A logger whose lines land in `lines`. */
function loggerInto(lines: string[]) {
  return pino(
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    }),
  );
}

/** A job whose passes wait until the test lets them finish, or fail at once. */
class HeldJob extends PeriodicJob<number> {
  passes = 0;
  /** When each pass began (Date.now(), fake timers' own in the tests that use them). */
  passedAt: number[] = [];
  failing = false;
  private finish: Array<() => void> = [];

  constructor(
    readonly lines: string[],
    firstPass?: 'now' | 'soon',
    everyMs = 60 * 60 * 1000,
  ) {
    super(loggerInto(lines), {
      everyMs,
      firstPass,
      name: 'test_job',
      lock: 'none: a test of the schedule alone',
      failedMessage: 'held pass failed',
      failedResult: -1,
    });
  }

  /** Lets every pass under way finish. */
  release(): void {
    for (const finish of this.finish.splice(0)) finish();
  }

  protected async pass(): Promise<number> {
    this.passes += 1;
    this.passedAt.push(Date.now());
    if (this.failing) throw new Error('database away');
    await new Promise<void>((resolve) => this.finish.push(resolve));
    return this.passes;
  }
}

describe('periodic jobs', () => {
  it('join a pass under way instead of starting another', async () => {
    const job = new HeldJob([]);
    const first = job.runOnce();
    const second = job.runOnce();
    job.release();
    expect(await first).toBe(1);
    expect(await second).toBe(1);
    expect(job.passes).toBe(1);
    const third = job.runOnce();
    job.release();
    expect(await third).toBe(2);
  });

  it('log a pass that throws, return its failed result, and run the next one', async () => {
    const job = new HeldJob([]);
    job.failing = true;
    expect(await job.runOnce()).toBe(-1);
    expect(job.lines).toHaveLength(1);
    expect(JSON.parse(job.lines[0]!)).toMatchObject({
      level: 40,
      msg: 'held pass failed',
      err: { message: 'database away' },
    });
    job.failing = false;
    const next = job.runOnce();
    job.release();
    expect(await next).toBe(2);
  });

  it('run the first pass at once when asked, and stop only after the pass under way', async () => {
    const job = new HeldJob([], 'now');
    job.start();
    job.start();
    expect(job.passes).toBe(1);
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    job.release();
    await stopping;
    expect(stopped).toBe(true);
  });

  it('wait one interval for the first pass by default', async () => {
    const job = new HeldJob([]);
    job.start();
    await new Promise((resolve) => setImmediate(resolve));
    expect(job.passes).toBe(0);
    await job.stop();
  });

  describe('with a first pass soon', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('run it between half and all of half a minute after start, or of the interval when shorter', async () => {
      vi.useFakeTimers();
      const firstPassAt = async (everyMs: number, random: number) => {
        vi.spyOn(Math, 'random').mockReturnValue(random);
        const start = Date.now();
        const job = new HeldJob([], 'soon', everyMs);
        job.start();
        await vi.advanceTimersByTimeAsync(30_000);
        job.release();
        await job.stop();
        vi.mocked(Math.random).mockRestore();
        return job.passedAt[0]! - start;
      };
      expect(await firstPassAt(60 * 60 * 1000, 0)).toBe(15_000);
      expect(await firstPassAt(60 * 60 * 1000, 0.999)).toBe(29_985);
      expect(await firstPassAt(10_000, 0)).toBe(5_000);
      expect(await firstPassAt(10_000, 0.999)).toBe(9_995);
    });

    it('run it at a moment of their own in the second half of half a minute, then every interval after it', async () => {
      vi.useFakeTimers();
      const start = Date.now();
      const jobs = Array.from({ length: 20 }, () => new HeldJob([], 'soon'));
      for (const job of jobs) job.start();
      await vi.advanceTimersByTimeAsync(30_000);
      for (const job of jobs) job.release();
      const firstAt = jobs.map((job) => job.passedAt[0]! - start);
      expect(jobs.every((job) => job.passes === 1)).toBe(true);
      expect(Math.min(...firstAt)).toBeGreaterThanOrEqual(15_000);
      expect(Math.max(...firstAt)).toBeLessThanOrEqual(30_000);
      // Started together, they do not all run together.
      expect(new Set(firstAt).size).toBeGreaterThan(5);
      // The next pass comes one interval (an hour) after the job's own first.
      const job = jobs[0]!;
      await vi.advanceTimersByTimeAsync(job.passedAt[0]! + 60 * 60 * 1000 - Date.now() - 1);
      expect(job.passes).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(job.passes).toBe(2);
      for (const each of jobs) each.release();
      await Promise.all(jobs.map((each) => each.stop()));
    });
  });
});

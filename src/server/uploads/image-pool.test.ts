import { describe, expect, it } from 'vitest';
import { phoneJpegWithGps, webpImage } from '../../../test/images.js';
import { UPLOAD_MAX_PIXELS } from '../../shared/uploads.js';
import { ImagePool, ImagePoolClosedError, ImageTooSlowError } from './image-pool.js';

/** Whether a process is still there (signal 0 asks without sending anything). */
const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the image pool', { timeout: 120_000 }, () => {
  it('kills a process that runs past the time limit, and the next task gets a new one', async () => {
    // One process, and a limit no large photo can meet: the limit is what is tested.
    const pool = new ImagePool(1, 50);
    try {
      const photo = { bytes: await phoneJpegWithGps(3000, 2000), maxPixels: UPLOAD_MAX_PIXELS };
      const first = pool.process(photo, 'asha');
      await expect.poll(() => pool.processIds().length).toBe(1);
      const [killed] = pool.processIds();
      await expect(first).rejects.toBeInstanceOf(ImageTooSlowError);
      // Not abandoned to go on decoding: the process is gone.
      await expect.poll(() => isRunning(killed!)).toBe(false);
      await expect(pool.process(photo, 'asha')).rejects.toBeInstanceOf(ImageTooSlowError);
      expect(pool.processIds()).not.toContain(killed);
    } finally {
      await pool.close();
    }
  });

  it("takes people's tasks in turns, and times each from when it starts, not while it waits", async () => {
    // Each of Asha's large photos holds the one process until it is done or killed; Ravi's small
    // one, sent after both, goes next and has its whole limit to itself.
    const pool = new ImagePool(1, 3000);
    try {
      const large = { bytes: await phoneJpegWithGps(6000, 4000), maxPixels: UPLOAD_MAX_PIXELS };
      const small = { bytes: await webpImage(320, 200), maxPixels: UPLOAD_MAX_PIXELS };
      const order: string[] = [];
      const settled = (name: string, work: Promise<unknown>) =>
        work.then(
          () => order.push(`${name} done`),
          (error: Error) => order.push(`${name} ${error.constructor.name}`),
        );
      await Promise.all([
        settled('asha 1', pool.process(large, 'asha')),
        settled('asha 2', pool.process(large, 'asha')),
        settled('ravi', pool.process(small, 'ravi')),
      ]);
      expect(order.indexOf('ravi done')).toBe(1);
    } finally {
      await pool.close();
    }
  });

  it('serves someone who waited before an owner whose queue ran empty and filled again', async () => {
    // Nothing runs out of time here: the turns alone decide the order.
    const pool = new ImagePool(1, 60_000);
    try {
      const small = { bytes: await webpImage(320, 200), maxPixels: UPLOAD_MAX_PIXELS };
      const order: string[] = [];
      const settled = (name: string, work: Promise<unknown>) => work.then(() => order.push(name));
      // Asha's first task starts at once (her queue is empty again), then her second and Ravi's
      // arrive, in that order.
      await Promise.all([
        settled('asha 1', pool.process(small, 'asha')),
        settled('asha 2', pool.process(small, 'asha')),
        settled('ravi', pool.process(small, 'ravi')),
      ]);
      expect(order).toEqual(['asha 1', 'ravi', 'asha 2']);
    } finally {
      await pool.close();
    }
  });

  it('closes within its grace whatever is running, refusing what waits', async () => {
    const pool = new ImagePool(1, 60_000);
    const large = { bytes: await phoneJpegWithGps(6000, 4000), maxPixels: UPLOAD_MAX_PIXELS };
    const running = pool.process(large, 'asha');
    const waiting = pool.process(large, 'ravi');
    await expect.poll(() => pool.processIds().length).toBe(1);
    const [pid] = pool.processIds();
    const outcomes = Promise.allSettled([running, waiting]);
    await pool.close(100);
    for (const outcome of await outcomes) {
      expect(outcome).toMatchObject({ status: 'rejected' });
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(ImagePoolClosedError);
    }
    await expect.poll(() => isRunning(pid!)).toBe(false);
    await expect(pool.process(large, 'asha')).rejects.toBeInstanceOf(ImagePoolClosedError);
  });
});

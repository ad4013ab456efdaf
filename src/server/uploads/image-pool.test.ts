import { afterAll, describe, expect, it } from 'vitest';
import { phoneJpegWithGps } from '../../../test/images.js';
import { UPLOAD_MAX_PIXELS } from '../../shared/uploads.js';
import { ImagePool, ImageTooSlowError } from './image-pool.js';

describe('the image pool', { timeout: 60_000 }, () => {
  // One thread, and a time limit no photo can meet: the limit is what is tested.
  const pool = new ImagePool(1, 50);
  afterAll(() => pool.close());

  it('refuses an image that takes longer than its time limit, each time it is sent', async () => {
    const photo = await phoneJpegWithGps(3000, 2000);
    const input = { bytes: photo, maxPixels: UPLOAD_MAX_PIXELS };
    await expect(pool.process(input)).rejects.toBeInstanceOf(ImageTooSlowError);
    // The abandoned thread was replaced: the next task is taken up and limited the same way.
    await expect(pool.process(input)).rejects.toBeInstanceOf(ImageTooSlowError);
  });
});

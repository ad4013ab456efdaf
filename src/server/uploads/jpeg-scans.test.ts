import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { countJpegScans, JPEG_MAX_SCANS } from './jpeg-scans.js';
import { progressiveJpegBomb } from '../../../test/images.js';

const photo = () =>
  sharp({
    create: {
      width: 64,
      height: 48,
      channels: 3,
      background: '#c86432',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  });

describe('countJpegScans', () => {
  it('counts one scan in a baseline JPEG and about ten in a progressive one', async () => {
    expect(countJpegScans(await photo().jpeg().toBuffer())).toBe(1);
    const progressive = countJpegScans(await photo().jpeg({ progressive: true }).toBuffer())!;
    expect(progressive).toBeGreaterThan(1);
    expect(progressive).toBeLessThan(JPEG_MAX_SCANS / 5);
  });

  it('finds the thousands of scans of a decoder bomb, stopping past the limit', async () => {
    const bomb = progressiveJpegBomb(400, 300);
    expect(countJpegScans(bomb, Number.MAX_SAFE_INTEGER)).toBe(1 + 3 * 63 * 14);
    expect(countJpegScans(bomb)).toBe(JPEG_MAX_SCANS + 1);
  });

  it('says nothing of what is not a JPEG', async () => {
    expect(countJpegScans(await photo().png().toBuffer())).toBeUndefined();
    expect(countJpegScans(new Uint8Array([0xff]))).toBeUndefined();
  });
});

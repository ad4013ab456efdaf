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
    expect(countJpegScans(await photo().jpeg().toBuffer())).toEqual({ scans: 1 });
    const progressive = countJpegScans(await photo().jpeg({ progressive: true }).toBuffer());
    expect(progressive).toMatchObject({ scans: expect.any(Number) });
    const { scans } = progressive as { scans: number };
    expect(scans).toBeGreaterThan(1);
    expect(scans).toBeLessThan(JPEG_MAX_SCANS / 5);
  });

  it('finds the thousands of scans of a decoder bomb, stopping past the limit', async () => {
    const bomb = progressiveJpegBomb(400, 300);
    expect(countJpegScans(bomb, Number.MAX_SAFE_INTEGER)).toEqual({ scans: 1 + 3 * 63 * 14 });
    expect(countJpegScans(bomb)).toEqual({ scans: JPEG_MAX_SCANS + 1 });
  });

  it('is not fooled by markers without a length, and calls reserved markers malformed', () => {
    // TEM (FF 01) before each scan: libjpeg steps over it; read as a length, it hid every scan.
    const bomb = progressiveJpegBomb(400, 300);
    const withTem: number[] = [];
    for (let index = 0; index < bomb.length; index += 1) {
      if (bomb[index] === 0xff && bomb[index + 1] === 0xda) withTem.push(0xff, 0x01);
      withTem.push(bomb[index]!);
    }
    expect(countJpegScans(Uint8Array.from(withTem))).toEqual({ scans: JPEG_MAX_SCANS + 1 });
    const reserved = Uint8Array.from([0xff, 0xd8, 0xff, 0x02, 0x00, 0x04, 0, 0, 0xff, 0xd9]);
    expect(countJpegScans(reserved)).toEqual({ malformed: true });
    const overlong = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x40, 0x00, 0, 0]);
    expect(countJpegScans(overlong)).toEqual({ malformed: true });
  });

  it('says nothing of what is not a JPEG', async () => {
    expect(countJpegScans(await photo().png().toBuffer())).toBeUndefined();
    expect(countJpegScans(new Uint8Array([0xff]))).toBeUndefined();
  });
});

import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pngBomb, SVG_WITH_SCRIPT } from '../../../test/images.js';
import { UPLOAD_MAX_AVIF_PIXELS, UPLOAD_MAX_PIXELS } from '../../shared/uploads.js';
import { sniffImageType } from './image-type.js';
import processImage, { ogCrop } from './image.worker.js';

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } });

/** An animated GIF of `frames` frames, each `width` x `height`, stacked as sharp expects. */
async function animatedGif(width: number, height: number, frames: number): Promise<Buffer> {
  const stacked = await sharp({
    create: { width, height: height * frames, channels: 3, background: '#cc3366' },
  })
    .raw()
    .toBuffer();
  return sharp(stacked, {
    raw: { width, height: height * frames, channels: 3, pageHeight: height },
  })
    .gif({ loop: 0, delay: Array<number>(frames).fill(100) })
    .toBuffer();
}

describe('deciding the type from the bytes', () => {
  it('recognises every accepted format, whatever the file is called', async () => {
    expect(sniffImageType(await solid(8, 8).jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImageType(await solid(8, 8).png().toBuffer())).toBe('png');
    expect(sniffImageType(await solid(8, 8).webp().toBuffer())).toBe('webp');
    expect(sniffImageType(await solid(8, 8).avif().toBuffer())).toBe('avif');
    expect(sniffImageType(await solid(8, 8).gif().toBuffer())).toBe('gif');
  });

  it('refuses text and an empty file, and recognises SVG and HEIC to refuse them by name', () => {
    expect(sniffImageType(Buffer.from('hello'))).toBeUndefined();
    expect(sniffImageType(SVG_WITH_SCRIPT)).toBe('svg');
    expect(sniffImageType(Buffer.from('<?xml version="1.0"?>\n<svg xmlns="x"/>'))).toBe('svg');
    expect(sniffImageType(Buffer.alloc(0))).toBeUndefined();
    const heic = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'),
    ]);
    expect(sniffImageType(heic)).toBe('heic');
  });
});

describe('processing an image', () => {
  it('reads only the first frame of an animated GIF', async () => {
    const gif = await animatedGif(300, 200, 3);
    const result = await processImage({ bytes: gif, maxPixels: UPLOAD_MAX_PIXELS });
    expect(result).toMatchObject({ ok: true, width: 300, height: 200 });
  });

  it('makes every variant of an AVIF, never wider than the original', async () => {
    const avif = await solid(500, 250).avif().toBuffer();
    const result = await processImage({ bytes: avif, maxPixels: UPLOAD_MAX_PIXELS });
    if (!result.ok) throw new Error(`refused: ${result.reason}`);
    expect(result.files.map((file) => file.file)).toEqual([
      '320.avif',
      '320.webp',
      '320.jpg',
      '500.avif',
      '500.webp',
      '500.jpg',
      'og.jpg',
    ]);
  });

  it('refuses a decompression bomb by its header', async () => {
    const result = await processImage({
      bytes: pngBomb(10_000, 6_000),
      maxPixels: UPLOAD_MAX_PIXELS,
    });
    expect(result).toEqual({ ok: false, reason: 'too_many_pixels', maxPixels: UPLOAD_MAX_PIXELS });
  });

  it('refuses an AVIF over its lower pixel limit from its header (12 bits and alpha: 400 MB decoded)', async () => {
    const bytes = readFileSync(new URL('../../../test/fixtures/alpha12.avif', import.meta.url));
    const result = await processImage({ bytes, maxPixels: UPLOAD_MAX_PIXELS });
    expect(result).toEqual({
      ok: false,
      reason: 'too_many_pixels',
      maxPixels: UPLOAD_MAX_AVIF_PIXELS,
    });
  });

  it('refuses an image whose decoded size passes the memory budget, whatever its pixel count', async () => {
    // 16 bits per sample and alpha: 8 bytes a pixel, 8 MB decoded against a 4 MB budget.
    const bytes = await sharp({
      create: { width: 1000, height: 1000, channels: 4, background: '#3366cc80' },
    })
      .toColourspace('rgb16')
      .png()
      .toBuffer();
    const result = await processImage({
      bytes,
      maxPixels: UPLOAD_MAX_PIXELS,
      maxDecodedBytes: 4 * 1024 * 1024,
    });
    expect(result).toEqual({ ok: false, reason: 'too_many_pixels', maxPixels: UPLOAD_MAX_PIXELS });
    const allowed = await processImage({
      bytes,
      maxPixels: UPLOAD_MAX_PIXELS,
      maxDecodedBytes: 9e6,
    });
    expect(allowed.ok).toBe(true);
  });
});

describe('the Open Graph crop around a focal point', () => {
  /** A square photo: red above, blue below, so which part a crop kept can be measured. */
  const halves = async () => {
    const red = await sharp({
      create: { width: 1600, height: 800, channels: 3, background: '#ff0000' },
    })
      .png()
      .toBuffer();
    return sharp({ create: { width: 1600, height: 1600, channels: 3, background: '#0000ff' } })
      .composite([{ input: red, top: 0, left: 0 }])
      .jpeg()
      .toBuffer();
  };
  const redShare = async (crop: Uint8Array) => {
    const { channels } = await sharp(crop).stats();
    return channels[0]!.mean / (channels[0]!.mean + channels[2]!.mean);
  };

  it('keeps the chosen part in view, 1200x630, and the centre as a plain cover would', async () => {
    const bytes = await halves();
    const top = await ogCrop({ bytes, focus: { x: 50, y: 0 } });
    const bottom = await ogCrop({ bytes, focus: { x: 50, y: 100 } });
    const centre = await ogCrop({ bytes, focus: { x: 50, y: 50 } });
    expect(await sharp(top).metadata()).toMatchObject({ width: 1200, height: 630, format: 'jpeg' });
    expect(await redShare(top)).toBeGreaterThan(0.95);
    expect(await redShare(bottom)).toBeLessThan(0.05);
    expect(await redShare(centre)).toBeCloseTo(0.5, 1);
  });
});

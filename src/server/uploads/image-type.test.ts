import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sniffImageType } from './image-type.js';

/**
 * What a sniffer going by the major brand alone gets wrong, and why this one reads every brand
 * (docs/decisions/0014-upload-types-sniffed-by-our-own-code.md).
 */
describe('ISO media brands', () => {
  it('takes an AVIF whose major brand is the generic HEIF one for AVIF, not HEIC', async () => {
    const avif = await sharp({
      create: { width: 8, height: 8, channels: 3, background: '#3366cc' },
    })
      .avif()
      .toBuffer();
    expect(avif.toString('latin1', 8, 12)).toBe('avif');
    // As some encoders write it: `mif1` first, `avif` among the compatible brands.
    const mif1First = Buffer.from(avif);
    mif1First.write('mif1', 8, 'latin1');
    expect(sniffImageType(mif1First)).toBe('avif');
    // The image library decodes it: refusing it as a HEIC photo would refuse a good image.
    expect((await sharp(mif1First).metadata()).width).toBe(8);
  });

  it('still refuses a HEIF whose brands name no AV1 image', () => {
    const heif = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from('ftypmif1\0\0\0\0mif1miaf', 'latin1'),
    ]);
    expect(sniffImageType(heif)).toBe('heic');
  });
});

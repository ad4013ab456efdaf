import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** Real image files made on the spot, for upload tests and benchmarks. */

const noise = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({
    create: {
      width,
      height,
      channels,
      background: { r: 40, g: 120, b: 200, alpha: 0.5 },
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  });

/**
 * A phone photo as phones write them: JPEG, a GPS position and camera make in its EXIF, and
 * an orientation tag saying "turn 90 degrees" (so the stored pixels are wider than tall).
 */
export async function phoneJpegWithGps(width = 1600, height = 1200): Promise<Buffer> {
  return noise(width, height)
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: 'TestPhone', Model: 'Camera 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '12/1 58/1 1234/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '77/1 35/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

export async function pngWithAlpha(width = 700, height = 500): Promise<Buffer> {
  return noise(width, height, 4).png().toBuffer();
}

export async function webpImage(width = 900, height = 600): Promise<Buffer> {
  return noise(width, height).webp({ quality: 80 }).toBuffer();
}

/** Random pixels as PNG: about width x height x 3 bytes that do not compress. */
export async function incompressiblePng(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index += 1) pixels[index] = (Math.random() * 256) | 0;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a valid PNG of a few hundred bytes whose header claims
 * `width` x `height` pixels (one row of data, the rest would be zeros if decoded).
 */
export function pngBomb(width = 20_000, height = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(width + 1))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export const SVG_WITH_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);

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

/**
 * A decoder bomb: a flat grey progressive JPEG drawn in 2,647 scans (each AC coefficient of each
 * component refined bit by bit), each a few runs of empty blocks. Small on the wire, and each
 * scan makes the decoder go over every block of the image again.
 */
export function progressiveJpegBomb(width = 4000, height = 3000): Buffer {
  const segment = (marker: number, body: number[]) => [
    0xff,
    marker,
    (body.length + 2) >> 8,
    (body.length + 2) & 0xff,
    ...body,
  ];
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  // Huffman tables: DC has one code ("0": no difference); AC codes EOB runs of 2^r blocks (r 0-14).
  const acSymbols = Array.from({ length: 15 }, (_, r) => r << 4);
  const head = [
    0xff,
    0xd8,
    ...segment(0xdb, [0x00, ...Array(64).fill(1)]),
    ...segment(0xc2, [
      8,
      height >> 8,
      height & 0xff,
      width >> 8,
      width & 0xff,
      3,
      1,
      0x11,
      0,
      2,
      0x11,
      0,
      3,
      0x11,
      0,
    ]),
    ...segment(0xc4, [0x00, 1, ...Array(15).fill(0), 0x00]),
    ...segment(0xc4, [0x10, 0, 0, 0, 15, ...Array(12).fill(0), ...acSymbols]),
  ];
  const scans: number[][] = [];
  const entropy = (write: (bits: (value: number, count: number) => void) => void) => {
    const bytes: number[] = [];
    let current = 0;
    let filled = 0;
    write((value, count) => {
      for (let bit = count - 1; bit >= 0; bit -= 1) {
        current = (current << 1) | ((value >> bit) & 1);
        filled += 1;
        if (filled === 8) {
          bytes.push(current);
          if (current === 0xff) bytes.push(0x00);
          current = 0;
          filled = 0;
        }
      }
    });
    if (filled > 0) {
      const last = (current << (8 - filled)) | ((1 << (8 - filled)) - 1);
      bytes.push(last);
      if (last === 0xff) bytes.push(0x00);
    }
    return bytes;
  };
  // DC of all three components at once: one "0" per block.
  scans.push([
    ...segment(0xda, [3, 1, 0x00, 2, 0x00, 3, 0x00, 0, 0, 0x00]),
    ...entropy((bits) => {
      for (let index = 0; index < blocks * 3; index += 1) bits(0, 1);
    }),
  ]);
  const emptyBlocks = entropy((bits) => {
    for (let left = blocks; left > 0;) {
      const run = Math.min(left, 32_767);
      const r = Math.floor(Math.log2(run));
      bits(r, 4);
      if (r > 0) bits(run - (1 << r), r);
      left -= run;
    }
  });
  for (let component = 1; component <= 3; component += 1) {
    for (let k = 1; k < 64; k += 1) {
      for (let low = 13; low >= 0; low -= 1) {
        const high = low === 13 ? 0 : low + 1;
        scans.push([
          ...segment(0xda, [1, component, 0x00, k, k, (high << 4) | low]),
          ...emptyBlocks,
        ]);
      }
    }
  }
  return Buffer.from([...head, ...scans.flat(), 0xff, 0xd9]);
}

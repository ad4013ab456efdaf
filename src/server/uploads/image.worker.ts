import { readFile } from 'node:fs/promises';
import sharp, { type Sharp, type SharpOptions } from 'sharp';
import { countJpegScans, JPEG_MAX_SCANS } from './jpeg-scans.js';
import {
  OG_VARIANT,
  UPLOAD_MAX_AVIF_PIXELS,
  UPLOAD_MAX_DECODED_BYTES,
  VARIANT_CONTENT_TYPES,
  VARIANT_FORMATS,
  variantFile,
  variantHeight,
  variantWidths,
  type FocalPoint,
  type VariantFormat,
} from '../../shared/uploads.js';

/**
 * Runs inside a process of the image pool (image-pool.ts, image-process.ts), never in the
 * server's: decoding, orienting, resizing and encoding a 12-megapixel photo takes seconds of CPU,
 * sharp sets up its pipelines synchronously on the calling thread, and a hostile file can hold a
 * decoder far longer, which only killing its process stops.
 *
 * Every output is encoded from decoded pixels, and sharp writes no metadata unless asked to:
 * no EXIF (so no GPS position, camera serial or date), no XMP, no IPTC, no comments. Orientation
 * is applied to the pixels first, so nothing is lost by dropping the tag.
 */
/** The image as received (uploads/incoming.ts), or its bytes (tests, benchmarks). */
export type ProcessImageInput = ({ file: string } | { bytes: Uint8Array }) & {
  maxPixels: number;
  /** The pixel limit for AVIF and HEIF, whose decoder cannot decode at a reduced size. */
  maxAvifPixels?: number;
  /** The most bytes the decoded image may take (pixels x channels x bytes per sample). */
  maxDecodedBytes?: number;
};

export interface ProcessedFile {
  /** Name inside the upload's folder, e.g. `640.webp` or `og.jpg`. */
  file: string;
  contentType: string;
  data: Uint8Array;
}

export type ProcessImageResult =
  | { ok: true; width: number; height: number; files: ProcessedFile[] }
  | { ok: false; reason: 'undecodable' }
  | { ok: false; reason: 'too_many_scans'; maxScans: number }
  | { ok: false; reason: 'too_many_pixels'; maxPixels: number };

const ENCODERS: Record<VariantFormat, (image: Sharp) => Sharp> = {
  // Effort 2 of 9: most of AVIF's saving at a fraction of its encoding time.
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 76, effort: 4 }),
  // JPEG has no transparency: flatten onto white rather than sharp's default black.
  jpeg: (image) =>
    image.flatten({ background: '#ffffff' }).jpeg({ quality: 80, progressive: true }),
};

/** A stored variant to crop for Open Graph around a focal point (ogCrop below). */
export interface OgCropInput {
  /** The largest JPEG variant: already upright and without metadata. */
  bytes: Uint8Array;
  focus: FocalPoint;
}

/**
 * The 1200x630 Open Graph crop of a stored variant, keeping `focus` in view: the image is scaled
 * to cover the box, and the box is placed so that the focal point sits as near its middle as the
 * image's edges allow (the centre gives what sharp's `cover` gives). Run as the pool's `ogCrop`.
 */
export async function ogCrop(input: OgCropInput): Promise<Uint8Array> {
  const { width: boxWidth, height: boxHeight } = OG_VARIANT;
  const meta = await sharp(input.bytes, { failOn: 'error' }).metadata();
  const scale = Math.max(boxWidth / meta.width!, boxHeight / meta.height!);
  const width = Math.max(boxWidth, Math.round(meta.width! * scale));
  const height = Math.max(boxHeight, Math.round(meta.height! * scale));
  const offset = (size: number, box: number, percent: number) =>
    Math.min(size - box, Math.max(0, Math.round((size * percent) / 100 - box / 2)));
  const cropped = sharp(input.bytes, { failOn: 'error' })
    .resize({ width, height, fit: 'fill' })
    .extract({
      left: offset(width, boxWidth, input.focus.x),
      top: offset(height, boxHeight, input.focus.y),
      width: boxWidth,
      height: boxHeight,
    });
  return ENCODERS.jpeg(cropped).toBuffer();
}

const isPixelLimitError = (error: unknown) =>
  error instanceof Error && /pixel limit/i.test(error.message);

export default async function processImage(input: ProcessImageInput): Promise<ProcessImageResult> {
  // pages: 1 reads the first frame of an animated GIF or WebP only; failOn 'error' refuses
  // truncated and corrupt files instead of filling them with grey.
  const options: SharpOptions = { limitInputPixels: input.maxPixels, failOn: 'error', pages: 1 };
  let bytes: Uint8Array;
  try {
    bytes = 'bytes' in input ? input.bytes : await readFile(input.file);
  } catch {
    return { ok: false, reason: 'undecodable' };
  }
  // Before a single scan is decoded: each makes libjpeg go over the whole image again.
  const jpeg = countJpegScans(bytes);
  if (jpeg && 'malformed' in jpeg) return { ok: false, reason: 'undecodable' };
  if (jpeg && jpeg.scans > JPEG_MAX_SCANS) {
    return { ok: false, reason: 'too_many_scans', maxScans: JPEG_MAX_SCANS };
  }
  let width: number;
  let height: number;
  try {
    const meta = await sharp(bytes, options).metadata();
    if (!meta.width || !meta.height) return { ok: false, reason: 'undecodable' };
    const frameHeight = meta.pageHeight ?? meta.height;
    // From the header, before a single pixel is decoded: a small file can claim a huge canvas
    // (a decompression bomb), and that must cost us nothing. (sharp's limitInputPixels refuses
    // most such headers already, in metadata(); this also covers one frame of a tall GIF.)
    const maxPixels =
      meta.format === 'heif'
        ? Math.min(input.maxPixels, input.maxAvifPixels ?? UPLOAD_MAX_AVIF_PIXELS)
        : input.maxPixels;
    const pixels = meta.width * frameHeight;
    // A 12-bit AVIF with alpha decodes to 8 bytes a pixel: refuse what would not fit the budget.
    const bytesPerSample = (meta.bitsPerSample ?? 8) > 8 ? 2 : 1;
    const decodedBytes = pixels * (meta.channels ?? 4) * bytesPerSample;
    if (pixels > maxPixels || decodedBytes > (input.maxDecodedBytes ?? UPLOAD_MAX_DECODED_BYTES)) {
      return { ok: false, reason: 'too_many_pixels', maxPixels };
    }
    const turned = (meta.orientation ?? 1) >= 5;
    width = turned ? frameHeight : meta.width;
    height = turned ? meta.width : frameHeight;
  } catch (error) {
    if (isPixelLimitError(error)) {
      return { ok: false, reason: 'too_many_pixels', maxPixels: input.maxPixels };
    }
    return { ok: false, reason: 'undecodable' };
  }

  try {
    const widths = variantWidths(width);
    const largest = widths[widths.length - 1]!;
    // Decode, orient and shrink once; every variant is made from these pixels.
    const base = await sharp(bytes, options)
      .autoOrient()
      .resize({ width: largest, height: variantHeight(width, height, largest), fit: 'fill' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const fromBase = () =>
      sharp(base.data, {
        raw: { width: base.info.width, height: base.info.height, channels: base.info.channels },
      });

    const files: ProcessedFile[] = [];
    for (const variantWidth of widths) {
      const variantPixels = await fromBase()
        .resize({
          width: variantWidth,
          height: variantHeight(width, height, variantWidth),
          fit: 'fill',
        })
        .raw()
        .toBuffer({ resolveWithObject: true });
      for (const format of VARIANT_FORMATS) {
        const encoded = ENCODERS[format](
          sharp(variantPixels.data, {
            raw: {
              width: variantPixels.info.width,
              height: variantPixels.info.height,
              channels: variantPixels.info.channels,
            },
          }),
        );
        files.push({
          file: variantFile(variantWidth, format),
          contentType: VARIANT_CONTENT_TYPES[format],
          data: await encoded.toBuffer(),
        });
      }
    }
    const og = ENCODERS.jpeg(
      fromBase().resize({ width: OG_VARIANT.width, height: OG_VARIANT.height, fit: 'cover' }),
    );
    files.push({
      file: OG_VARIANT.file,
      contentType: VARIANT_CONTENT_TYPES.jpeg,
      data: await og.toBuffer(),
    });
    return { ok: true, width, height, files };
  } catch (error) {
    if (isPixelLimitError(error)) {
      return { ok: false, reason: 'too_many_pixels', maxPixels: input.maxPixels };
    }
    return { ok: false, reason: 'undecodable' };
  }
}

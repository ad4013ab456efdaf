/**
 * Images a person uploads from their own computer: what the server accepts, the variants it
 * makes, and the reference a draft or a portfolio stores instead of the image's bytes.
 * Shared by the editor and the server; no Node or DOM APIs.
 */

/** The largest file accepted, in bytes (15 MB). */
export const UPLOAD_MAX_BYTES = 15 * 1024 * 1024;
/** The most pixels an image may have (50 megapixels); more is refused before it is decoded. */
export const UPLOAD_MAX_PIXELS = 50_000_000;
/**
 * The most pixels an AVIF may have (25 megapixels: a 24-megapixel photo fits). Its decoder
 * cannot decode at a reduced size, so every pixel costs memory and time.
 */
export const UPLOAD_MAX_AVIF_PIXELS = 25_000_000;
/** The most memory an image may take once decoded (256 MB), counting channels and bit depth. */
export const UPLOAD_MAX_DECODED_BYTES = 256 * 1024 * 1024;
/** At most this many of one person's uploads are processed or waiting at once. */
export const UPLOAD_MAX_IN_PROGRESS = 2;
/** The error code of an upload refused because the person's places are all taken (HTTP 429). */
export const UPLOADS_IN_PROGRESS_CODE = 'uploads_in_progress';
/**
 * The most uploads one person keeps at once, whatever their size: pages use a few dozen, and
 * this bounds what listing them costs. Uploads no draft or page uses are swept after 30 days.
 */
export const UPLOAD_MAX_COUNT = 2_000;

/** Formats accepted, as the server recognises them from the file's first bytes. */
export const ACCEPTED_IMAGE_FORMATS = ['jpeg', 'png', 'webp', 'avif', 'gif'] as const;
export type AcceptedImageFormat = (typeof ACCEPTED_IMAGE_FORMATS)[number];
/** For the file picker's `accept` attribute; the server still decides from the bytes. */
export const ACCEPTED_IMAGE_MIME_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/avif',
  'image/gif',
] as const;
/** Named in every refusal, so a person knows what to send instead. */
export const ACCEPTED_FORMATS_TEXT = 'JPEG, PNG, WebP, AVIF or GIF';

/** Widths the server resizes to (never larger than the original). */
export const VARIANT_WIDTHS = [320, 640, 1024, 1600] as const;
/** Encodings of every width, best first: the order of a `<picture>`'s sources. */
export const VARIANT_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];
export const VARIANT_EXTENSIONS: Record<VariantFormat, string> = {
  avif: 'avif',
  webp: 'webp',
  jpeg: 'jpg',
};
export const VARIANT_CONTENT_TYPES: Record<VariantFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
};
/** The Open Graph crop every upload also gets (JPEG, which every link preview reads). */
export const OG_VARIANT = { width: 1200, height: 630, file: 'og.jpg' } as const;

/**
 * The widths an image of `width` pixels is resized to: each listed width below it, and the
 * image's own width up to the largest listed one. Derived from the width alone, so a page can
 * build a `srcset` from a reference without asking the server.
 */
export function variantWidths(width: number): number[] {
  const largest = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]!;
  const below = VARIANT_WIDTHS.filter((candidate) => candidate < Math.min(width, largest));
  return [...below, Math.min(width, largest)];
}

/** The height of a variant `variantWidth` wide of an image `width` x `height`. */
export function variantHeight(width: number, height: number, variantWidth: number): number {
  return Math.max(1, Math.round((height * variantWidth) / width));
}

/** A stored file's name inside its upload's folder, e.g. `640.webp`. */
export function variantFile(width: number, format: VariantFormat): string {
  return `${width}.${VARIANT_EXTENSIONS[format]}`;
}

/**
 * What a draft or a portfolio stores for an uploaded image: `upload:<sha-256 of the file>:<w>x<h>`
 * (the size after auto-orientation), optionally followed by `#<x>,<y>`: the focal point, in whole
 * percentages from the left and the top, that crops keep in view (the centre when absent). The
 * size lets pages reserve the image's space and list its widths without a lookup; the hash names
 * the files.
 */
export const UPLOAD_REF_PREFIX = 'upload:';
const UPLOAD_REF =
  /^upload:([0-9a-f]{64}):([1-9][0-9]{0,4})x([1-9][0-9]{0,4})(?:#([0-9]{1,3}),([0-9]{1,3}))?$/;
const UPLOAD_HASH = /^[0-9a-f]{64}$/;

/** Where a crop centres, in percent of the width (x) and the height (y), each 0-100. */
export interface FocalPoint {
  x: number;
  y: number;
}

export const CENTRE: FocalPoint = { x: 50, y: 50 };

export interface UploadRef {
  hash: string;
  width: number;
  height: number;
  /** Absent means the centre. */
  focus?: FocalPoint;
}

export function isUploadHash(value: string): boolean {
  return UPLOAD_HASH.test(value);
}

/** A focal point rounded to whole percentages inside 0-100. */
export function clampFocus(focus: FocalPoint): FocalPoint {
  const clamp = (value: number) => Math.min(100, Math.max(0, Math.round(value)));
  return { x: clamp(focus.x), y: clamp(focus.y) };
}

export function uploadRef(image: UploadRef): string {
  const base = `${UPLOAD_REF_PREFIX}${image.hash}:${image.width}x${image.height}`;
  if (!image.focus) return base;
  const { x, y } = clampFocus(image.focus);
  return x === CENTRE.x && y === CENTRE.y ? base : `${base}#${x},${y}`;
}

export function parseUploadRef(value: string): UploadRef | undefined {
  const match = UPLOAD_REF.exec(value);
  if (!match) return undefined;
  const ref: UploadRef = { hash: match[1]!, width: Number(match[2]), height: Number(match[3]) };
  if (match[4] !== undefined) {
    const focus = { x: Number(match[4]), y: Number(match[5]) };
    if (focus.x > 100 || focus.y > 100) return undefined;
    ref.focus = focus;
  }
  return ref;
}

/** True for a value a draft stores for an uploaded image (with or without a focal point). */
export function isUploadRef(value: string): boolean {
  return parseUploadRef(value) !== undefined;
}

/**
 * Where a new upload is held in view before the person moves it: a photo taller than wide keeps
 * its upper part (a portrait's head) when a frame wider than it crops it, the centre otherwise.
 */
export function startingFocus(image: { width: number; height: number }): FocalPoint {
  return isTall(image) ? { x: 50, y: 30 } : CENTRE;
}

const isTall = (image: { width: number; height: number }) => image.height > image.width * 1.1;

/**
 * True for an uploaded image taller than wide (a phone's portrait): a template gives it a taller
 * frame than its landscape photos, as a wide one keeps only a band of a face. An address says
 * nothing of its size, so it is framed as a landscape.
 */
export function isPortraitUpload(value: string): boolean {
  const ref = parseUploadRef(value.trim());
  return ref !== undefined && isTall(ref);
}

/** The same image with another focal point. */
export function withFocus(ref: string, focus: FocalPoint): string {
  const parsed = parseUploadRef(ref);
  return parsed ? uploadRef({ ...parsed, focus }) : ref;
}

/**
 * A focal-point crop's file name (ogFile). Written out again in the server's storage key and
 * /media patterns, as every pattern is a literal the ReDoS check can read; uploads.test.ts
 * checks that the three agree.
 */
export const isFocalCropFile = (file: string) => /^og-\d{1,3}-\d{1,3}\.jpg$/.test(file);

/**
 * The Open Graph crop's file for a focal point: `og.jpg` (made with every upload) at the centre,
 * else `og-<x>-<y>.jpg`, made when a portfolio showing the image that way is saved.
 */
export function ogFile(focus: FocalPoint = CENTRE): string {
  const { x, y } = clampFocus(focus);
  return x === CENTRE.x && y === CENTRE.y ? OG_VARIANT.file : `og-${x}-${y}.jpg`;
}

/** The CSS `object-position` of a focal point, e.g. `30% 20%`. */
export function objectPosition(focus: FocalPoint = CENTRE): string {
  return `${focus.x}% ${focus.y}%`;
}

/** One stored encoding of an upload. */
export interface UploadVariant {
  width: number;
  height: number;
  format: VariantFormat;
  url: string;
}

/** What `POST /api/uploads` answers and `GET /api/uploads` lists. */
export interface UploadedImage {
  /** What the draft stores (see UPLOAD_REF_PREFIX). */
  ref: string;
  hash: string;
  width: number;
  height: number;
  /** Bytes of every stored variant together; counts against the quota. */
  bytes: number;
  createdAt: string;
  /** Every width in every format, narrowest first. */
  variants: UploadVariant[];
  /** A small WebP for thumbnails in the editor. */
  thumbnailUrl: string;
  /** The 1200x630 crop for Open Graph link previews. */
  ogUrl: string;
}

/** `GET /api/uploads?limit=`: uploads per answer, by default and at most. */
export const UPLOAD_LIST_DEFAULT_LIMIT = 100;
export const UPLOAD_LIST_MAX_LIMIT = 200;

/**
 * `GET /api/uploads`: the signed-in person's uploads, newest first, a page at a time (a person
 * may have UPLOAD_MAX_COUNT), and their quota.
 */
export interface UploadList {
  uploads: UploadedImage[];
  /** `?after=` for the next page: the last upload's hash. Absent on the last page. */
  next?: string;
  /** How many uploads the person has in all. */
  count: number;
  usedBytes: number;
  quotaBytes: number;
}

/** At most this many references per `POST /api/uploads/touch`. */
export const TOUCH_MAX_REFS = 500;

/**
 * `POST /api/uploads/touch`: the references a draft holds. The editor sends them when it opens
 * a draft (and at most once a day while it stays open), so the uploads a draft still uses are
 * not swept; uploads referenced by no draft or portfolio for 30 days are deleted.
 */
export interface TouchUploadsBody {
  refs: string[];
}

/** Which of the sent references are still stored (others were deleted: show them as gone). */
export interface TouchUploadsAnswer {
  kept: string[];
  missing: string[];
}

/** Where the app itself serves stored files: the media base unless a CDN serves them. */
export const APP_MEDIA_BASE = '/media';

/** URL of one stored file under a media base (`/media` or a CDN's address). */
export function mediaUrl(mediaBase: string, hash: string, file: string): string {
  return `${mediaBase}/${hash}/${file}`;
}

/** Everything a page or the editor needs to show an uploaded image. */
export function describeUpload(
  mediaBase: string,
  image: UploadRef & { bytes: number; createdAt: string },
): UploadedImage {
  const widths = variantWidths(image.width);
  const variants = widths.flatMap((width) =>
    VARIANT_FORMATS.map((format) => ({
      width,
      height: variantHeight(image.width, image.height, width),
      format,
      url: mediaUrl(mediaBase, image.hash, variantFile(width, format)),
    })),
  );
  return {
    ref: uploadRef(image),
    hash: image.hash,
    width: image.width,
    height: image.height,
    bytes: image.bytes,
    createdAt: image.createdAt,
    variants,
    thumbnailUrl: mediaUrl(mediaBase, image.hash, variantFile(widths[0]!, 'webp')),
    ogUrl: mediaUrl(mediaBase, image.hash, OG_VARIANT.file),
  };
}

/** An image address naming an SVG file (the templates' sample pictures are). */
const SVG_PATH = /\.svg(?:[?#]|$)/i;

/**
 * The image a link preview (Open Graph, Twitter card, JSON-LD) should name for a portfolio's
 * image value: an upload's 1200x630 crop, or an address as it is. Relative to the media base,
 * so a page made absolute with PUBLIC_URL when the base is `/media`.
 */
export function linkPreviewImage(
  mediaBase: string,
  value: string,
): { url: string; width?: number; height?: number } | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  const ref = parseUploadRef(trimmed);
  if (!ref) {
    // Link previews (WhatsApp, Facebook, LinkedIn) do not draw SVG: none is better than a blank.
    return SVG_PATH.test(trimmed) ? undefined : { url: trimmed };
  }
  return {
    url: mediaUrl(mediaBase, ref.hash, ogFile(ref.focus)),
    width: OG_VARIANT.width,
    height: OG_VARIANT.height,
  };
}

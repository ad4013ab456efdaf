import type { AcceptedImageFormat } from '../../shared/uploads.js';

/**
 * The format of an uploaded file, decided from its first bytes (its "magic number"), never from
 * its name or the Content-Type the browser guessed. `heic` is recognised only to refuse it with
 * a message of its own: the image library we ship cannot decode HEVC-coded photos. Not the
 * file-type package: it reads only the major brand of ISO media, and so would take some AVIF
 * images for HEIC (docs/decisions/0014-upload-types-sniffed-by-our-own-code.md).
 */
export type SniffedType = AcceptedImageFormat | 'heic' | 'svg' | undefined;

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, end));

/** ISO-BMFF brands (the `ftyp` box) of AVIF and of HEIC/HEIF stills and sequences. */
const AVIF_BRANDS = new Set(['avif', 'avis']);
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs']);

function sniffIsoMedia(bytes: Uint8Array): SniffedType {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return undefined;
  const boxSize = (bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!;
  const end = Math.min(Math.max(boxSize, 16), bytes.length, 256);
  const brands = [ascii(bytes, 8, 12)];
  for (let offset = 16; offset + 4 <= end; offset += 4)
    brands.push(ascii(bytes, offset, offset + 4));
  if (brands.some((brand) => AVIF_BRANDS.has(brand))) return 'avif';
  // `mif1`/`msf1` alone is the generic HEIF brand, which in practice means a HEVC-coded photo.
  if (brands.some((brand) => HEIC_BRANDS.has(brand) || brand === 'mif1' || brand === 'msf1')) {
    return 'heic';
  }
  return undefined;
}

/**
 * An SVG drawing: XML text whose first element is `<svg`. Recognised only to refuse it by name
 * (it can carry script); a look at the first KiB is enough for the files people pick.
 */
function looksLikeSvg(bytes: Uint8Array): boolean {
  const start = new TextDecoder().decode(bytes.subarray(0, 1024)).trimStart().toLowerCase();
  return start.startsWith('<svg') || (start.startsWith('<?xml') && start.includes('<svg'));
}

export function sniffImageType(bytes: Uint8Array): SniffedType {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'jpeg';
  }
  if (
    bytes.length >= 8 &&
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, index) => bytes[index] === byte)
  ) {
    return 'png';
  }
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(ascii(bytes, 0, 6))) return 'gif';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') {
    return 'webp';
  }
  if (looksLikeSvg(bytes)) return 'svg';
  return sniffIsoMedia(bytes);
}

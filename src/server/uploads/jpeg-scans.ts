/**
 * How many scans a JPEG has, read from its markers without decoding it. A progressive JPEG is
 * drawn in scans, and each one makes the decoder go over the whole image again: a small file of
 * thousands of near-empty scans costs libjpeg seconds to minutes. Real photos have about ten.
 */
export const JPEG_MAX_SCANS = 100;

const MARKER = 0xff;
const START_OF_IMAGE = 0xd8;
const END_OF_IMAGE = 0xd9;
const START_OF_SCAN = 0xda;

/** What the markers say: how many scans, or that the file breaks the format's rules. */
export type JpegScans = { scans: number } | { malformed: true };

/** Markers that stand alone, without a length: TEM, the restart markers, a fill byte. */
const standsAlone = (marker: number) =>
  marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7) || marker === MARKER;

/**
 * The scans counted up to `stopAfter` (so a bomb is not walked to its end), or undefined when the
 * bytes are not a JPEG. A reserved marker (0x02-0xBF) or a segment longer than the file is
 * malformed: libjpeg may read past what this walk understands, so such a file is not decoded.
 * The data after a scan's header is skipped up to the next marker.
 */
export function countJpegScans(
  bytes: Uint8Array,
  stopAfter = JPEG_MAX_SCANS + 1,
): JpegScans | undefined {
  if (bytes[0] !== MARKER || bytes[1] !== START_OF_IMAGE) return undefined;
  let scans = 0;
  let index = 2;
  while (index + 1 < bytes.length) {
    if (bytes[index] !== MARKER) {
      index += 1;
      continue;
    }
    const marker = bytes[index + 1]!;
    if (marker === 0x00 || standsAlone(marker)) {
      index += marker === MARKER ? 1 : 2;
      continue;
    }
    if (marker === END_OF_IMAGE) break;
    if (marker < 0xc0 || index + 3 >= bytes.length) return { malformed: true };
    const length = (bytes[index + 2]! << 8) | bytes[index + 3]!;
    if (length < 2 || index + 2 + length > bytes.length) return { malformed: true };
    index += 2 + length;
    if (marker !== START_OF_SCAN) continue;
    scans += 1;
    if (scans >= stopAfter) break;
    // The entropy-coded data: up to the next byte 0xFF that starts a marker.
    while (index + 1 < bytes.length) {
      if (bytes[index] === MARKER) {
        const next = bytes[index + 1]!;
        if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7) && next !== MARKER) break;
      }
      index += 1;
    }
  }
  return { scans };
}

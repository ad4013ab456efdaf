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

/**
 * The scans counted up to `stopAfter` (so a bomb is not walked to its end), or undefined when the
 * bytes are not a JPEG. Markers without a length (restart markers, a stray fill byte) are stepped
 * over; the data after a scan's header is skipped up to the next marker.
 */
export function countJpegScans(
  bytes: Uint8Array,
  stopAfter = JPEG_MAX_SCANS + 1,
): number | undefined {
  if (bytes[0] !== MARKER || bytes[1] !== START_OF_IMAGE) return undefined;
  let scans = 0;
  let index = 2;
  while (index + 3 < bytes.length) {
    if (bytes[index] !== MARKER) {
      index += 1;
      continue;
    }
    const marker = bytes[index + 1]!;
    if (marker === MARKER || marker === 0x00 || (marker >= 0xd0 && marker <= 0xd7)) {
      index += marker === MARKER ? 1 : 2;
      continue;
    }
    if (marker === END_OF_IMAGE) break;
    const length = (bytes[index + 2]! << 8) | bytes[index + 3]!;
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
  return scans;
}

import { ImportError } from './import-error.js';

/*
 * Bytes to text for the files people import. JSON Resume files are UTF-8; LinkedIn's CSVs are
 * UTF-8 with or without a byte-order mark, and a file saved again by a spreadsheet may come back
 * as UTF-16. Anything else (a legacy code page, a binary file) is refused with a message rather
 * than read as garbled names.
 */

/** UTF-16 without a byte-order mark: every other byte of ASCII-heavy text is zero. */
function utf16WithoutMark(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  const sample = Math.min(bytes.length - (bytes.length % 2), 512);
  if (sample < 4) return undefined;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let index = 0; index < sample; index += 2) {
    if (bytes[index] === 0) evenZeros += 1;
    if (bytes[index + 1] === 0) oddZeros += 1;
  }
  const pairs = sample / 2;
  if (oddZeros > pairs * 0.6 && evenZeros < pairs * 0.1) return 'utf-16le';
  if (evenZeros > pairs * 0.6 && oddZeros < pairs * 0.1) return 'utf-16be';
  return undefined;
}

function decode(bytes: Uint8Array, encoding: string, what: string): string {
  try {
    // fatal: a byte sequence that is not text in this encoding is an error, not a "�".
    return new TextDecoder(encoding, { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new ImportError(
      `${what} is not UTF-8 or UTF-16 text. Save it again as UTF-8 (or download it again) and choose it once more.`,
    );
  }
}

/** The file's text; `what` names it in the message ("Profile.csv", "This file"). */
export function decodeText(bytes: Uint8Array, what: string): string {
  let text: string;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = decode(bytes, 'utf-16le', what);
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = decode(bytes, 'utf-16be', what);
  else {
    const utf16 = utf16WithoutMark(bytes);
    text = decode(bytes, utf16 ?? 'utf-8', what);
  }
  // TextDecoder drops the mark it recognises; a mark left over (UTF-8 saved twice) goes too.
  text = text.replace(/^\uFEFF/, '');
  // A NUL in decoded text means a binary file read as text.
  if (text.includes('\u0000')) {
    throw new ImportError(`${what} is not a text file.`);
  }
  return text;
}

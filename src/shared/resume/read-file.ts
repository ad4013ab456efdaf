import { IMPORT_LIMITS, ImportError } from './import-error.js';
import { readJsonResumeText, refuseOversizedJson } from './json-resume.js';
import { readLinkedInExport } from './linkedin.js';
import type { ImportedProfile } from './profile.js';
import { decodeText } from './text-decoding.js';

/** The file picker's `accept`: JSON Resume files and LinkedIn's ZIP. */
export const IMPORT_ACCEPT = '.json,.zip,application/json,application/zip';

/** The largest file worth reading at all, before its kind is known. */
export const IMPORT_MAX_FILE_BYTES = IMPORT_LIMITS.zipBytes;

const isZip = (bytes: Uint8Array) =>
  bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 0x03 || bytes[2] === 0x05);

/**
 * A chosen file read in the browser (nothing is uploaded): a ZIP as a LinkedIn export, anything
 * else as a JSON Resume. The kind is told from the bytes, not the name. Throws ImportError.
 */
export function readResumeFile(name: string, bytes: Uint8Array): ImportedProfile {
  if (bytes.length === 0) throw new ImportError('This file is empty.');
  if (isZip(bytes)) return readLinkedInExport(bytes);
  if (/\.zip$/i.test(name)) throw new ImportError('This file is not a ZIP file.');
  refuseOversizedJson(bytes.length);
  return readJsonResumeText(decodeText(bytes, 'This file'));
}

import { Inflate } from 'fflate';
import { IMPORT_LIMITS, ImportError, megabytes } from './import-error.js';

/*
 * A ZIP reader for the LinkedIn export, small enough to check by reading. Only the central
 * directory is trusted for where things are, and nothing is unpacked until every limit has been
 * checked against what it declares: the number of entries, each wanted entry's unpacked size and
 * their total. Unpacking then stops the moment an entry gives more than it declared (a ZIP bomb
 * lies about its sizes), so memory and time stay bounded by the limits whatever the file says.
 */

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
/** Compressed bytes handed to the inflater at a time: at most ~1 MB can come out of each. */
const INFLATE_STEP = 1024;

const damaged = () =>
  new ImportError('This ZIP file is damaged or cut short. Download the export again and retry.');

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The end-of-central-directory record: searched for from the end, past a comment of up to 64 KB. */
function findEnd(bytes: Uint8Array, data: DataView): number {
  const last = bytes.length - 22;
  const first = Math.max(0, last - 0xffff);
  for (let at = last; at >= first; at -= 1) {
    if (data.getUint32(at, true) === EOCD_SIGNATURE) return at;
  }
  throw new ImportError('This file is not a ZIP file.');
}

/** Every entry the central directory lists, after checking the count against the limit. */
export function listZipEntries(bytes: Uint8Array): ZipEntry[] {
  if (bytes.length < 22) throw new ImportError('This file is not a ZIP file.');
  const data = view(bytes);
  const end = findEnd(bytes, data);
  const count = data.getUint16(end + 10, true);
  const directorySize = data.getUint32(end + 12, true);
  const directoryOffset = data.getUint32(end + 16, true);
  if (count === 0xffff || directoryOffset === 0xffffffff) {
    throw new ImportError('This ZIP file is larger than any LinkedIn export. It was not read.');
  }
  if (count > IMPORT_LIMITS.zipEntries) {
    throw new ImportError(
      `This ZIP file holds ${count} files, more than a LinkedIn export (at most ${IMPORT_LIMITS.zipEntries}). It was not read.`,
    );
  }
  if (directoryOffset + directorySize > end) throw damaged();
  const decoder = new TextDecoder('utf-8');
  const entries: ZipEntry[] = [];
  let at = directoryOffset;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > end || data.getUint32(at, true) !== CENTRAL_SIGNATURE) throw damaged();
    const nameLength = data.getUint16(at + 28, true);
    const extraLength = data.getUint16(at + 30, true);
    const commentLength = data.getUint16(at + 32, true);
    if (at + 46 + nameLength > end) throw damaged();
    entries.push({
      flags: data.getUint16(at + 8, true),
      method: data.getUint16(at + 10, true),
      compressedSize: data.getUint32(at + 20, true),
      size: data.getUint32(at + 24, true),
      localOffset: data.getUint32(at + 42, true),
      name: decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Where an entry's compressed bytes are, from its local header. */
function entryData(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const data = view(bytes);
  const at = entry.localOffset;
  if (at + 30 > bytes.length || data.getUint32(at, true) !== LOCAL_SIGNATURE) throw damaged();
  const start = at + 30 + data.getUint16(at + 26, true) + data.getUint16(at + 28, true);
  const stop = start + entry.compressedSize;
  if (stop > bytes.length) throw damaged();
  return bytes.subarray(start, stop);
}

/** Inflates `compressed`, refusing as soon as it gives more than `size` bytes. */
function inflateBounded(compressed: Uint8Array, size: number, name: string): Uint8Array {
  const out = new Uint8Array(size);
  let written = 0;
  let finished = false;
  const inflater = new Inflate((chunk, final) => {
    if (written + chunk.length > size) {
      throw new ImportError(
        `${name} in this ZIP unpacks to more than it declares: the file is damaged or built to exhaust memory. It was not read.`,
      );
    }
    out.set(chunk, written);
    written += chunk.length;
    if (final) finished = true;
  });
  try {
    for (let at = 0; at < compressed.length; at += INFLATE_STEP) {
      const stop = Math.min(at + INFLATE_STEP, compressed.length);
      inflater.push(compressed.subarray(at, stop), stop === compressed.length);
    }
    if (compressed.length === 0) inflater.push(new Uint8Array(0), true);
  } catch (failure) {
    if (failure instanceof ImportError) throw failure;
    throw damaged();
  }
  if (!finished || written !== size) throw damaged();
  return out;
}

/**
 * The entries `wanted` picks, unpacked, by name. Limits are checked on the declared sizes
 * first; see the module's comment.
 */
export function unpackZip(
  bytes: Uint8Array,
  wanted: (name: string) => boolean,
): Map<string, Uint8Array> {
  const entries = listZipEntries(bytes).filter((entry) => wanted(entry.name));
  let total = 0;
  for (const entry of entries) {
    if (entry.flags & 0x1) {
      throw new ImportError(`${entry.name} in this ZIP is encrypted. It was not read.`);
    }
    if (entry.method !== 0 && entry.method !== 8) {
      throw new ImportError(`${entry.name} in this ZIP is packed in a way we cannot read.`);
    }
    if (entry.size > IMPORT_LIMITS.entryBytes) {
      throw new ImportError(
        `${entry.name} in this ZIP unpacks to more than ${megabytes(IMPORT_LIMITS.entryBytes)}, more than any profile. It was not read.`,
      );
    }
    total += entry.size;
  }
  if (total > IMPORT_LIMITS.unpackedBytes) {
    throw new ImportError(
      `The files we read from this ZIP unpack to more than ${megabytes(IMPORT_LIMITS.unpackedBytes)}. It was not read.`,
    );
  }
  const files = new Map<string, Uint8Array>();
  for (const entry of entries) {
    const compressed = entryData(bytes, entry);
    if (entry.method === 0) {
      if (compressed.length !== entry.size) throw damaged();
      files.set(entry.name, compressed.slice());
    } else files.set(entry.name, inflateBounded(compressed, entry.size, entry.name));
  }
  return files;
}

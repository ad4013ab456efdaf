import { statfs } from 'node:fs/promises';

/** What a person is told when their change could not be stored for want of disk space. */
export const STORAGE_FULL_MESSAGE =
  'The server has run out of storage space, so this could not be saved. What you saved before is safe; please try again later.';

/**
 * Whether an error (or one it was caused by) says the disk is full: the file system's ENOSPC,
 * SQLite's SQLITE_FULL, PostgreSQL's disk_full (53100).
 */
export function isStorageFull(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (code === 'ENOSPC' || code === 'SQLITE_FULL' || code === '53100') return true;
    if (typeof message === 'string' && /ENOSPC|database or disk is full/.test(message)) return true;
    current = cause;
  }
  return false;
}

/** Bytes free for this process on the disk that holds `dir`. */
export async function freeBytes(dir: string): Promise<number> {
  const info = await statfs(dir);
  return info.bavail * info.bsize;
}

import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { APP_MEDIA_BASE } from '../../shared/uploads.js';
import { removeIdleFiles } from './leftovers.js';
import {
  assertStorageKey,
  assertUploadFolder,
  type MediaStorage,
  type StoredFile,
} from './storage.js';

/** Marks a file being written; it is renamed to its name once whole. */
const PARTIAL = '.partial';
/** A half-written file nobody has touched this long at start-up is a leftover. */
const LEFTOVER_IDLE_MS = 10 * 60_000;

const CONTENT_TYPES: Record<string, string> = {
  '.avif': 'image/avif',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
};

/** Files under `<DATA_DIR>/media/<hash>/<file>`, served by the app at `/media/...`. */
export class DiskStorage implements MediaStorage {
  readonly kind = 'disk';
  readonly mediaBase = APP_MEDIA_BASE;

  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertStorageKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, data: Uint8Array): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Written aside and renamed: a reader never sees half a file, even after a crash.
    const temporary = `${target}.${randomBytes(6).toString('hex')}${PARTIAL}`;
    try {
      await writeFile(temporary, data);
      await rename(temporary, target);
    } catch (error) {
      // A full disk leaves what was written of it: never kept.
      await rm(temporary, { force: true });
      throw error;
    }
  }

  /**
   * Removes what a stopped process left half-written: files nothing has written to for a while
   * (another process on the machine may be writing one right now).
   */
  async clearLeftovers(idleMs = LEFTOVER_IDLE_MS): Promise<number> {
    let removed = 0;
    for (const folder of await readdir(this.root).catch(() => [] as string[])) {
      removed += await removeIdleFiles(path.join(this.root, folder), PARTIAL, idleMs);
    }
    return removed;
  }

  async get(key: string): Promise<StoredFile | undefined> {
    const file = this.pathOf(key);
    try {
      const info = await stat(file);
      if (!info.isFile()) return undefined;
      return {
        body: createReadStream(file),
        contentType: CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
        size: info.size,
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async has(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch {
      return false;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async deleteUpload(hash: string): Promise<void> {
    assertUploadFolder(hash);
    await rm(path.join(this.root, hash), { recursive: true, force: true });
  }

  async close(): Promise<void> {}
}

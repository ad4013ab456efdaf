import type { Readable } from 'node:stream';

/**
 * Where processed images live. Two implementations with one contract: local disk under
 * DATA_DIR (one machine) and S3-compatible object storage (several app processes share it).
 * Keys are `<content hash>/<file>`; the same key always holds the same bytes, so nothing
 * is ever overwritten with something else and every file can be cached forever.
 */
export interface StoredFile {
  body: Readable;
  contentType: string;
  size?: number;
}

export interface MediaStorage {
  readonly kind: 'disk' | 's3';
  /**
   * Where browsers fetch files from: `/media` (served by the app) or, for object storage with a
   * public base URL, that address (a CDN or the bucket's website).
   */
  readonly mediaBase: string;
  put(key: string, data: Uint8Array, contentType: string): Promise<void>;
  /** The file, or undefined when there is none. */
  get(key: string): Promise<StoredFile | undefined>;
  has(key: string): Promise<boolean>;
  /** Removes one file (a focal-point crop replaced by another); a missing file is no error. */
  delete(key: string): Promise<void>;
  /** Removes every file of one upload (its `<hash>/` folder); missing files are no error. */
  deleteUpload(hash: string): Promise<void>;
  /** Removes what a stopped process left half-written; returns how many were removed. */
  clearLeftovers(): Promise<number>;
  close(): Promise<void>;
}

/** Keys are made by us only; anything else is refused rather than touched. */
export const STORAGE_KEY = /^[0-9a-f]{64}\/(?:[a-z0-9]{1,8}|og-\d{1,3}-\d{1,3})\.(avif|webp|jpg)$/;
export const UPLOAD_FOLDER = /^[0-9a-f]{64}$/;

export function assertStorageKey(key: string): void {
  if (!STORAGE_KEY.test(key)) throw new Error(`not a media storage key: ${key}`);
}

export function assertUploadFolder(hash: string): void {
  if (!UPLOAD_FOLDER.test(hash)) throw new Error(`not an upload hash: ${hash}`);
}

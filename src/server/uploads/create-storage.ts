import path from 'node:path';
import { APP_MEDIA_BASE } from '../../shared/uploads.js';
import type { Config } from '../config.js';
import { DiskStorage } from './disk.storage.js';
import { S3Storage } from './s3.storage.js';
import type { MediaStorage } from './storage.js';

/** The storage the configuration names: an S3-compatible bucket, or `DATA_DIR/media`. */
export function createMediaStorage(config: Config): MediaStorage {
  const media = config.mediaStorage;
  if (media.kind === 's3') return new S3Storage(media);
  return new DiskStorage(path.join(config.dataDir, 'media'));
}

/** Where browsers fetch uploaded images, without opening the storage: a CDN's address or `/media`. */
export function mediaBaseFor(config: Config): string {
  const media = config.mediaStorage;
  return media.kind === 's3' && media.publicBaseUrl ? media.publicBaseUrl : APP_MEDIA_BASE;
}

import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { APP_MEDIA_BASE } from '../../shared/uploads.js';
import type { S3Config } from '../config.js';
import { IMMUTABLE_CACHE_CONTROL } from './media-headers.js';
import {
  assertStorageKey,
  assertUploadFolder,
  type MediaStorage,
  type StoredFile,
} from './storage.js';

const isMissing = (error: unknown) =>
  error instanceof NoSuchKey ||
  error instanceof NotFound ||
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/**
 * Files in an S3-compatible bucket under `<hash>/<file>`, written with their content type and
 * immutable caching so that a CDN in front of the bucket serves them as the app would.
 */
export class S3Storage implements MediaStorage {
  readonly kind = 's3';
  readonly mediaBase: string;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3Config) {
    this.bucket = options.bucket;
    this.mediaBase = options.publicBaseUrl ?? APP_MEDIA_BASE;
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // Checksums only where the protocol requires them: several S3-compatible services do
      // not understand the newer default ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  }

  async put(key: string, data: Uint8Array, contentType: string): Promise<void> {
    assertStorageKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: data,
        ContentType: contentType,
        CacheControl: IMMUTABLE_CACHE_CONTROL,
      }),
    );
  }

  async get(key: string): Promise<StoredFile | undefined> {
    assertStorageKey(key);
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key }),
      );
      if (!(answer.Body instanceof Readable)) return undefined;
      return {
        body: answer.Body,
        contentType: answer.ContentType ?? 'application/octet-stream',
        size: answer.ContentLength,
      };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async has(key: string): Promise<boolean> {
    assertStorageKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** An object is stored whole or not at all: nothing is ever left half-written. */
  async clearLeftovers(): Promise<number> {
    return 0;
  }

  async deleteUpload(hash: string): Promise<void> {
    assertUploadFolder(hash);
    const listed = await this.client.send(
      new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${hash}/` }),
    );
    const keys = (listed.Contents ?? []).flatMap((item) => (item.Key ? [{ Key: item.Key }] : []));
    if (keys.length === 0) return;
    await this.client.send(
      new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }),
    );
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}

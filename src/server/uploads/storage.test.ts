import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3, type LocalS3 } from '../../../test/s3-server.js';
import { DiskStorage } from './disk.storage.js';
import { S3Storage } from './s3.storage.js';
import type { MediaStorage } from './storage.js';

const HASH_A = 'a'.repeat(64);
const HASH_B = 'b'.repeat(64);

/** The storage contract, held by both implementations: the same assertions for each. */
describe.each(['disk', 's3'] as const)('%s media storage', (kind) => {
  let storage: MediaStorage;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    if (kind === 'disk') {
      const root = mkdtempSync(path.join(tmpdir(), 'pb-media-'));
      storage = new DiskStorage(root);
      cleanup = async () => rmSync(root, { recursive: true, force: true });
    } else {
      const s3: LocalS3 = await startLocalS3();
      storage = new S3Storage({
        endpoint: s3.endpoint,
        bucket: s3.bucket,
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      });
      cleanup = () => s3.close();
    }
  });
  afterAll(async () => {
    await storage?.close();
    await cleanup?.();
  });

  it('gives back what was put, with its type and size', async () => {
    await storage.put(`${HASH_A}/320.webp`, Buffer.from('webp bytes'), 'image/webp');
    const file = await storage.get(`${HASH_A}/320.webp`);
    expect(file).toBeDefined();
    expect(file!.contentType).toBe('image/webp');
    expect(file!.size).toBe(10);
    expect(await text(file!.body)).toBe('webp bytes');
    expect(await storage.has(`${HASH_A}/320.webp`)).toBe(true);
  });

  it('answers undefined and false for files that are not there', async () => {
    expect(await storage.get(`${HASH_B}/640.jpg`)).toBeUndefined();
    expect(await storage.has(`${HASH_B}/640.jpg`)).toBe(false);
  });

  it("deletes one upload's files and no other's; deleting again is no error", async () => {
    await storage.put(`${HASH_A}/og.jpg`, Buffer.from('og'), 'image/jpeg');
    await storage.put(`${HASH_B}/og.jpg`, Buffer.from('other'), 'image/jpeg');
    await storage.deleteUpload(HASH_A);
    expect(await storage.has(`${HASH_A}/og.jpg`)).toBe(false);
    expect(await storage.has(`${HASH_A}/320.webp`)).toBe(false);
    expect(await storage.has(`${HASH_B}/og.jpg`)).toBe(true);
    await storage.deleteUpload(HASH_A);
  });

  it('deletes one file and leaves the rest of its upload; deleting again is no error', async () => {
    await storage.put(`${HASH_B}/og-20-30.jpg`, Buffer.from('crop'), 'image/jpeg');
    await storage.delete(`${HASH_B}/og-20-30.jpg`);
    expect(await storage.has(`${HASH_B}/og-20-30.jpg`)).toBe(false);
    expect(await storage.has(`${HASH_B}/og.jpg`)).toBe(true);
    await storage.delete(`${HASH_B}/og-20-30.jpg`);
    await expect(storage.delete(`${HASH_B}/../x.jpg`)).rejects.toThrow(/not a media storage key/);
  });

  it('refuses keys it did not make (no way out of its folder)', async () => {
    await expect(storage.put('../portfolio.db', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(
      /not a media storage key/,
    );
    await expect(storage.get(`${HASH_A}/../../x.jpg`)).rejects.toThrow(/not a media storage key/);
    await expect(storage.deleteUpload('..')).rejects.toThrow(/not an upload hash/);
  });
});

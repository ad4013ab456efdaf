import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppOn, type RunningApp } from '../../../test/app.js';
import { incompressiblePng } from '../../../test/images.js';
import { request, signIn, type CookieJar } from '../../../test/signin.js';
import { inTransaction, openDatabase, type Db } from '../db/database.js';
import { isStorageFull } from '../http/storage-full.js';
import { loggerOptions } from '../logger.js';
import { prepareDatabase } from '../prepare-database.js';

/** Every file under `dir` whose name ends with `.partial`, at any depth. */
function partialsUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) =>
    name.endsWith('.partial'),
  );
}

/**
 * A full disk, for real: DATA_DIR (the SQLite file, received bodies, media) on a 24 MB tmpfs that
 * a filler file fills. Needs root to mount, as CI has.
 */
describe('a full disk', () => {
  const mount = mkdtempSync(path.join(tmpdir(), 'pb-full-'));
  const filler = path.join(mount, 'filler');
  const lines: string[] = [];
  let db: Db;
  let app: RunningApp;
  let jar: CookieJar;

  const start = async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    return startAppOn(
      db,
      'sqlite',
      mount,
      { RATE_LIMITS: 'off', MIN_FREE_DISK_MB: '8' },
      { logger: { ...(loggerOptions('info') as object), stream: sink } as never },
    );
  };
  const fill = async (leaveBytes: number) => {
    rmSync(filler, { force: true });
    const info = await statfs(mount);
    writeFileSync(filler, Buffer.alloc(Math.max(0, info.bavail * info.bsize - leaveBytes)));
  };
  const upload = (body: Buffer) =>
    request(jar, `${app.url}/api/uploads`, {
      method: 'POST',
      headers: { 'content-type': 'image/png', origin: app.url },
      body: new Uint8Array(body),
    });

  beforeAll(async () => {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=24m', 'tmpfs', mount]);
    ({ db } = openDatabase({ sqliteFile: path.join(mount, 'portfolio.db') }));
    await prepareDatabase(db);
    app = await start();
    jar = await signIn(app.url, { name: 'Full Disk', email: 'full-disk@example.com' });
  });
  afterAll(async () => {
    await app?.close();
    await db?.destroy().catch(() => {});
    execFileSync('umount', [mount]);
    rmSync(mount, { recursive: true, force: true });
  });

  it('answers 507 with a plain message, keeps no half-written file, and says ENOSPC in the log', async () => {
    expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
    const image = await incompressiblePng(900, 700);
    // Room for the received body, not for the image's stored variants.
    await fill(image.length + 64 * 1024);
    const refused = await upload(image);
    expect(refused.status).toBe(507);
    const body = (await refused.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('storage_full');
    expect(body.error.message).toMatch(/run out of storage space/);
    expect(partialsUnder(mount)).toEqual([]);
    expect(lines.some((line) => line.includes('storage full (ENOSPC)'))).toBe(true);
  });

  it('reports a database write that finds the disk full as a full disk', async () => {
    await fill(0);
    const big = 'x'.repeat(4 * 1024 * 1024);
    const write = inTransaction(db, (trx) =>
      trx
        .insertInto('payment_events')
        .values({
          id: 'full-disk-event',
          gateway: 'test',
          event_id: 'full-disk-event',
          event_type: 'test',
          gateway_order_id: null,
          payload: big,
          received_at: new Date().toISOString(),
        })
        .execute(),
    );
    const failure = await write.then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure, 'the write should not fit').toBeDefined();
    expect(isStorageFull(failure), String(failure)).toBe(true);
    rmSync(filler, { force: true });
  });

  it('is not ready while the disk is nearly full, and works again once space is freed', async () => {
    await fill(512 * 1024);
    const notReady = await fetch(`${app.url}/readyz`);
    expect(notReady.status).toBe(503);
    expect(((await notReady.json()) as { error: { code: string } }).error.code).toBe(
      'storage_full',
    );
    rmSync(filler, { force: true });
    expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
    const stored = await upload(await incompressiblePng(300, 200));
    expect(stored.status, await stored.clone().text()).toBe(201);
  });

  it('removes half-written image files a stopped process left, at start', async () => {
    await app.close();
    const folder = path.join(mount, 'media', 'a'.repeat(64));
    mkdirSync(folder, { recursive: true });
    const leftover = path.join(folder, '640.avif.1a2b3c.partial');
    writeFileSync(leftover, Buffer.alloc(1000));
    const hourAgo = new Date(Date.now() - 60 * 60_000);
    utimesSync(leftover, hourAgo, hourAgo);
    app = await start();
    expect(partialsUnder(mount)).toEqual([]);
  });
});

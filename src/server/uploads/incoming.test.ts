import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { BodyTooLargeError, IncomingFiles } from './incoming.js';

describe('incoming upload files', () => {
  const dirs: string[] = [];
  const fresh = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pb-incoming-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('receives a body into a file, with its hash and first bytes', async () => {
    const dir = fresh();
    const body = Buffer.from('\xff\xd8\xff' + 'x'.repeat(100_000), 'latin1');
    const file = await new IncomingFiles(dir).receive(
      Readable.from([body.subarray(0, 10), body.subarray(10)]),
      200_000,
    );
    expect(file.size).toBe(body.length);
    expect(file.hash).toBe(createHash('sha256').update(body).digest('hex'));
    expect(Buffer.from(file.head)).toEqual(body.subarray(0, 64));
    expect(path.dirname(file.path)).toBe(dir);
  });

  it('stops at the limit and leaves no file', async () => {
    const dir = fresh();
    const chunks = Array.from({ length: 20 }, () => Buffer.alloc(1024));
    await expect(
      new IncomingFiles(dir).receive(Readable.from(chunks), 10 * 1024),
    ).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('removes at start what a stopped process left, not what another is still receiving', async () => {
    const dir = fresh();
    const left = path.join(dir, 'left.part');
    const receiving = path.join(dir, 'receiving.part');
    const other = path.join(dir, 'notes.txt');
    for (const file of [left, receiving, other]) writeFileSync(file, 'x');
    const hourAgo = new Date(Date.now() - 60 * 60_000);
    utimesSync(left, hourAgo, hourAgo);
    utimesSync(other, hourAgo, hourAgo);
    expect(await new IncomingFiles(dir).clearLeftovers()).toBe(1);
    expect([left, receiving, other].map((file) => existsSync(file))).toEqual([false, true, true]);
  });
});

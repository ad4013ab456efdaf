import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { removeIdleFiles } from './leftovers.js';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** An upload's body, received whole into a file of its own. */
export interface ReceivedFile {
  path: string;
  size: number;
  /** SHA-256 of the bytes, in hex: the upload's name once stored. */
  hash: string;
  /** The first bytes, which say what kind of file it is (image-type.ts). */
  head: Uint8Array;
}

const HEAD_BYTES = 64;
/** Bodies being received at once in this process; past this a new one is refused before it is read. */
const MAX_RECEIVING = 64;

/**
 * The longest a body may take to arrive, however steadily: 15 MB in 10 minutes is 25 KB/s, slower
 * than a 2G phone; a body that trickles for hours would hold its place and file that long.
 */
const RECEIVE_WITHIN_MS = 10 * 60_000;

/** A file unwritten this long at start-up is a leftover. */
const LEFTOVER_IDLE_MS = 10 * 60_000;

export class BodyTooLargeError extends Error {}
export class BodyTooSlowError extends Error {}
export class TooManyReceivingError extends Error {}

/**
 * Upload bodies go to files under `dir` as they arrive, never whole into memory: a person's slow
 * or unfinished uploads then cost the server a file each, not 15 MB of its heap. A file is
 * removed once its upload is done with, whatever the outcome, and every leftover at start.
 */
export class IncomingFiles {
  private receiving = 0;

  constructor(private readonly dir: string) {}

  /**
   * Removes what a stopped process left behind: files nothing has written to for a while (a
   * body still arriving is written to every few seconds, and other processes on the machine may
   * be receiving into the same folder).
   */
  async clearLeftovers(idleMs = LEFTOVER_IDLE_MS): Promise<number> {
    await mkdir(this.dir, { recursive: true });
    return removeIdleFiles(this.dir, '.part', idleMs);
  }

  /** Reserves a place for a body before any of it is read. */
  admit(): () => void {
    if (this.receiving >= MAX_RECEIVING) throw new TooManyReceivingError();
    this.receiving += 1;
    let released = false;
    return () => {
      if (!released) this.receiving -= 1;
      released = true;
    };
  }

  /** Writes `body` to a file, hashing it as it goes; past `limit` bytes it stops and removes it. */
  async receive(body: Readable, limit: number): Promise<ReceivedFile> {
    await mkdir(this.dir, { recursive: true });
    const file = path.join(this.dir, `${randomUUID()}.part`);
    const hash = createHash('sha256');
    const head: Buffer[] = [];
    let headBytes = 0;
    let size = 0;
    const deadline = AbortSignal.timeout(RECEIVE_WITHIN_MS);
    try {
      await pipeline(
        body,
        async function* (chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            size += chunk.length;
            if (size > limit) throw new BodyTooLargeError();
            hash.update(chunk);
            if (headBytes < HEAD_BYTES) {
              head.push(chunk.subarray(0, HEAD_BYTES - headBytes));
              headBytes += head.at(-1)!.length;
            }
            yield chunk;
          }
        },
        createWriteStream(file, { flags: 'wx' }),
        { signal: deadline },
      );
    } catch (error) {
      await rm(file, { force: true });
      throw deadline.aborted ? new BodyTooSlowError() : error;
    }
    return { path: file, size, hash: hash.digest('hex'), head: Buffer.concat(head) };
  }

  async discard(file: ReceivedFile): Promise<void> {
    await rm(file.path, { force: true });
  }
}

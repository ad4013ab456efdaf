import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import exifReader from 'exif-reader';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { TEST_DIALECTS } from '../../../test/database.js';
import {
  incompressiblePng,
  phoneJpegWithGps,
  pngBomb,
  pngWithAlpha,
  progressiveJpegBomb,
  SVG_WITH_SCRIPT,
  webpImage,
} from '../../../test/images.js';
import { startLocalS3, type LocalS3 } from '../../../test/s3-server.js';
import { CookieJar, request, signIn } from '../../../test/signin.js';
import {
  ACCEPTED_FORMATS_TEXT,
  UPLOAD_LIST_DEFAULT_LIMIT,
  UPLOAD_LIST_MAX_LIMIT,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_COUNT,
  type TouchUploadsAnswer,
  type UploadedImage,
  type UploadList,
} from '../../shared/uploads.js';
import { deleteUploadsOf } from './uploads.service.js';
import { DAY_MS } from '../../shared/domain/time.js';

const STORAGES = ['disk', 's3'] as const;

interface Person {
  jar: CookieJar;
  id: string;
}

/**
 * The uploads API end to end, through the real app, on each database and each storage: the same
 * assertions hold for files on disk and in an S3-compatible bucket.
 */
describe.each(
  TEST_DIALECTS.flatMap((dialect) => STORAGES.map((storage) => [dialect, storage] as const)),
)(
  'uploads on %s with %s storage',
  // Image processing shares two cores with every other suite: allow it time.
  { timeout: 60_000 },
  (dialect, storageKind) => {
    let t: TestApp;
    let s3: LocalS3 | undefined;
    const images: Record<'jpeg' | 'png' | 'webp', Buffer> = {} as never;

    beforeAll(async () => {
      if (storageKind === 's3') s3 = await startLocalS3();
      // A 4 MB quota lets the quota test fill it with two files.
      t = await startTestApp(dialect, {
        RATE_LIMITS: 'off',
        UPLOAD_QUOTA_MB: '4',
        ...(s3?.env ?? {}),
      });
      images.jpeg = await phoneJpegWithGps(1600, 1200);
      images.png = await pngWithAlpha(700, 500);
      images.webp = await webpImage(900, 600);
    });
    afterAll(async () => {
      await t?.close();
      await s3?.close();
    });

    async function person(): Promise<Person> {
      const email = `p-${randomUUID()}@example.com`;
      const jar = await signIn(t.url, { name: 'Uploading Person', email });
      const row = await t.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      return { jar, id: row.id };
    }

    const upload = (who: Person | CookieJar, body: Uint8Array, contentType = 'image/jpeg') =>
      request(who instanceof CookieJar ? who : who.jar, `${t.url}/api/uploads`, {
        method: 'POST',
        headers: { 'content-type': contentType, origin: t.url },
        body: new Uint8Array(body),
      });

    const list = async (who: Person, query = '') =>
      (await (await request(who.jar, `${t.url}/api/uploads${query}`)).json()) as UploadList;

    const fetchMedia = (url: string) => fetch(url.startsWith('/') ? `${t.url}${url}` : url);

    async function uploaded(who: Person, body: Uint8Array): Promise<UploadedImage> {
      const answer = await upload(who, body);
      expect(answer.status, await answer.clone().text()).toBe(201);
      return (await answer.json()) as UploadedImage;
    }

    it('stores a phone photo turned upright, in every width and format, with no metadata at all', async () => {
      const original = await sharp(images.jpeg).metadata();
      // The test file really carries a GPS position and a turn, or this test proves nothing.
      expect(exifReader(original.exif!).GPSInfo?.GPSLatitude).toEqual([12, 58, 12.34]);
      expect(original.orientation).toBe(6);

      const owner = await person();
      const image = await uploaded(owner, images.jpeg);
      // Orientation 6 means the 1600x1200 pixels are shown 1200 wide and 1600 tall.
      expect(image).toMatchObject({ width: 1200, height: 1600 });
      expect(image.ref).toBe(`upload:${image.hash}:1200x1600`);
      expect(image.variants.map((v) => `${v.width}.${v.format}`)).toEqual(
        [320, 640, 1024, 1200].flatMap((w) => [`${w}.avif`, `${w}.webp`, `${w}.jpeg`]),
      );

      const served = [
        ...image.variants.map((v) => ({
          url: v.url,
          format: v.format,
          width: v.width,
          height: v.height,
        })),
        { url: image.ogUrl, format: 'jpeg', width: 1200, height: 630 },
        { url: image.thumbnailUrl, format: 'webp', width: 320, height: 427 },
      ];
      const storedSizes = new Map<string, number>();
      for (const file of served) {
        const answer = await fetchMedia(file.url);
        expect(answer.status, file.url).toBe(200);
        expect(answer.headers.get('content-type')).toBe(`image/${file.format}`);
        expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
        const bytes = Buffer.from(await answer.arrayBuffer());
        storedSizes.set(file.url, bytes.length);
        const meta = await sharp(bytes).metadata();
        expect(meta.format === 'heif' ? 'avif' : meta.format, file.url).toBe(file.format);
        expect([meta.width, meta.height], file.url).toEqual([file.width, file.height]);
        // No EXIF (so no GPS, no camera), no XMP, no IPTC, no orientation tag left to apply.
        expect(meta.exif, `${file.url} carries EXIF`).toBeUndefined();
        expect(meta.xmp, `${file.url} carries XMP`).toBeUndefined();
        expect(meta.iptc, `${file.url} carries IPTC`).toBeUndefined();
        expect(meta.orientation ?? 1).toBe(1);
        // Read as bytes too: no JPEG EXIF segment, and the camera's make nowhere in the file.
        expect(bytes.includes('Exif\0\0')).toBe(false);
        expect(bytes.includes('TestPhone')).toBe(false);
      }
      // What counts against the quota is every stored file, not the file as it was sent.
      expect(image.bytes).toBe([...storedSizes.values()].reduce((a, b) => a + b, 0));
    });

    it('accepts PNG (with transparency) and WebP, deciding the type from the bytes', async () => {
      const owner = await person();
      // The browser's claimed type is ignored: a PNG sent as octet-stream is still a PNG.
      const png = await upload(owner, images.png, 'application/octet-stream');
      expect(png.status).toBe(201);
      expect(await png.json()).toMatchObject({ width: 700, height: 500 });
      const webp = (await (await upload(owner, images.webp, 'image/png')).json()) as UploadedImage;
      expect(webp).toMatchObject({ width: 900, height: 600 });
      const largest = await fetchMedia(webp.variants.at(-1)!.url);
      expect((await sharp(Buffer.from(await largest.arrayBuffer())).metadata()).width).toBe(900);
      expect((await list(owner)).uploads.map((u) => u.hash)).toEqual(
        expect.arrayContaining([webp.hash]),
      );
    });

    it('refuses a text file named .jpg, an SVG and a HEIC photo with a message naming the formats, storing nothing', async () => {
      const owner = await person();
      const refusals = [
        { body: Buffer.from('just some text, saved as holiday.jpg'), type: 'image/jpeg' },
        { body: SVG_WITH_SCRIPT, type: 'image/svg+xml' },
        {
          // The start of an iPhone photo: an ISO media file of the `heic` brand.
          body: Buffer.concat([
            Buffer.from([0, 0, 0, 24]),
            Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'),
            Buffer.alloc(64),
          ]),
          type: 'image/heic',
        },
        // A JPEG that stops after its first bytes.
        { body: images.jpeg.subarray(0, 2000), type: 'image/jpeg' },
      ];
      for (const { body, type } of refusals) {
        const answer = await upload(owner, body, type);
        expect(answer.status, type).toBe(400);
        const error = ((await answer.json()) as { error: { message: string; field: string } })
          .error;
        expect(error.message).toContain(ACCEPTED_FORMATS_TEXT);
        expect(error.field).toBe('file');
        if (type === 'image/svg+xml') expect(error.message).toMatch(/^SVG drawings cannot be used/);
      }
      expect((await list(owner)).uploads).toEqual([]);
    });

    it('refuses a file over 15 MB with 413 before storing anything', async () => {
      const owner = await person();
      const huge = Buffer.concat([images.jpeg, Buffer.alloc(UPLOAD_MAX_BYTES)]);
      const answer = await upload(owner, huge);
      expect(answer.status).toBe(413);
      expect(((await answer.json()) as { error: { code: string } }).error.code).toBe(
        'file_too_large',
      );
      expect((await list(owner)).uploads).toEqual([]);

      // Sent without a length (chunked, as a stream): refused once 15 MB have arrived.
      const chunk = new Uint8Array(1024 * 1024);
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent > UPLOAD_MAX_BYTES) return controller.close();
          sent += chunk.length;
          controller.enqueue(sent === chunk.length ? new Uint8Array(images.jpeg) : chunk);
        },
      });
      const chunked = await request(owner.jar, `${t.url}/api/uploads`, {
        method: 'POST',
        headers: { 'content-type': 'image/jpeg', origin: t.url },
        body: stream,
        duplex: 'half',
      } as RequestInit);
      expect(chunked.status).toBe(413);
      expect((await list(owner)).uploads).toEqual([]);
    });

    it('refuses a decompression bomb from its header, without decoding it', async () => {
      const owner = await person();
      const bomb = pngBomb(20_000, 20_000);
      expect(bomb.length).toBeLessThan(50_000);
      const answer = await upload(owner, bomb, 'image/png');
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { error: { message: string } }).error.message).toMatch(
        /too many pixels \(at most 50 megapixels/,
      );
      expect((await list(owner)).uploads).toEqual([]);
    });

    it('refuses a tiny AVIF that would decode to gigabytes, before decoding it', async () => {
      // 1.6 KB: 7071x7071 pixels, 12 bits per sample and alpha, about 400 MB once decoded.
      const avif = readFileSync(new URL('../../../test/fixtures/alpha12.avif', import.meta.url));
      const owner = await person();
      const answer = await upload(owner, avif, 'image/avif');
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { error: { message: string } }).error.message).toMatch(
        /too large in pixels.*at most 25 megapixels/,
      );
      expect((await list(owner)).uploads).toEqual([]);
    });

    it('refuses a progressive JPEG of thousands of scans before decoding it', async () => {
      // 2,647 near-empty scans of a 4000x3000 grey image: libjpeg would go over its 190,000
      // blocks of each colour once per scan, seconds of work for 140 KB.
      const bomb = progressiveJpegBomb(4000, 3000);
      expect(bomb.length).toBeLessThan(200_000);
      const owner = await person();
      const answer = await upload(owner, bomb);
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { error: { message: string } }).error.message).toMatch(
        /saved in more than 100 passes/,
      );
      expect((await list(owner)).uploads).toEqual([]);
    });

    it('processes at most two uploads of one person at once; a third is asked to wait', async () => {
      const owner = await person();
      const files = await Promise.all([1000, 1001, 1002].map((w) => phoneJpegWithGps(w, 750)));
      const answers = await Promise.all(files.map((file) => upload(owner, file)));
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([201, 201, 429]);
      const refused = answers.find((answer) => answer.status === 429)!;
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await refused.json()).toMatchObject({
        error: { code: 'uploads_in_progress', message: expect.stringContaining('at most 2') },
      });
      expect((await list(owner)).uploads).toHaveLength(2);
    });

    it('keeps unfinished bodies on disk, not in memory, and refuses a third before reading it', async () => {
      const owner = await person();
      const incoming = path.join(t.config.dataDir, 'incoming');
      const receiving = () =>
        readdirSync(incoming).map((name) => statSync(path.join(incoming, name)).size);
      /** An upload sent by hand: its headers, then `sent` bytes of the `declared` it promises. */
      const unfinished = async (declared: number, sent: number) => {
        const socket = connect(Number(new URL(t.url).port), '127.0.0.1');
        sockets.push(socket);
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
        socket.on('error', () => {});
        await new Promise((resolve) => socket.once('connect', resolve));
        socket.write(
          `POST /api/uploads HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${t.url}\r\n` +
            `Cookie: ${owner.jar.header()}\r\nContent-Type: image/jpeg\r\n` +
            `Content-Length: ${declared}\r\n\r\n`,
        );
        if (sent > 0) socket.write(Buffer.alloc(sent, 7));
        return { socket, answer: () => answer };
      };
      const sockets: Socket[] = [];
      try {
        const megabytes = 1024 * 1024;
        await unfinished(UPLOAD_MAX_BYTES, 10 * megabytes);
        await unfinished(UPLOAD_MAX_BYTES, 10 * megabytes);
        // Each body goes to a file of its own as it arrives.
        await expect
          .poll(() => receiving().filter((size) => size >= 10 * megabytes).length, {
            timeout: 15_000,
          })
          .toBe(2);
        // A third at once is answered without a byte of its body.
        const third = await unfinished(1000, 0);
        await expect.poll(third.answer, { timeout: 10_000 }).toMatch(/^HTTP\/1\.1 429/);
        expect(third.answer()).toContain('uploads_in_progress');
        // And the connection closes: a browser stops sending the file it was refused.
        expect(third.answer()).toMatch(/\r\nconnection: close\r\n/i);
        // Clients gone: their files are removed and their places given back.
        for (const socket of sockets) socket.destroy();
        await expect.poll(() => receiving().length, { timeout: 10_000 }).toBe(0);
        await expect
          .poll(async () => (await upload(owner, images.webp, 'image/webp')).status)
          .toBe(201);
      } finally {
        for (const socket of sockets) socket.destroy();
      }
    });

    it('gives back the place and file of an upload whose client hung up after its whole body', async () => {
      const owner = await person();
      const incoming = path.join(t.config.dataDir, 'incoming');
      const files = await Promise.all([640, 641].map((width) => webpImage(width, 400)));
      for (const file of files) {
        const socket = connect(Number(new URL(t.url).port), '127.0.0.1');
        socket.on('error', () => {});
        await new Promise((resolve) => socket.once('connect', resolve));
        socket.write(
          `POST /api/uploads HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${t.url}\r\n` +
            `Cookie: ${owner.jar.header()}\r\nContent-Type: image/webp\r\n` +
            `Content-Length: ${file.length}\r\n\r\n`,
        );
        await new Promise((resolve) => socket.write(file, resolve));
        socket.destroy();
      }
      // Both places given back: a third upload is taken, and no file is left behind.
      await expect
        .poll(async () => (await upload(owner, images.png, 'image/png')).status, {
          timeout: 30_000,
        })
        .toBe(201);
      await expect.poll(() => readdirSync(incoming).length, { timeout: 10_000 }).toBe(0);
    });

    it('answers an upload without a body 400, naming the file', async () => {
      const owner = await person();
      const answer = await request(owner.jar, `${t.url}/api/uploads`, {
        method: 'POST',
        headers: { origin: t.url },
      });
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ error: { field: 'file' } });
    });

    it('counts uploads in progress against the quota, so parallel uploads cannot pass it', async () => {
      const owner = await person();
      const files = [await incompressiblePng(1000, 700), await incompressiblePng(1000, 700)];
      const answers = await Promise.all(files.map((file) => upload(owner, file, 'image/png')));
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 413]);
      const mine = await list(owner);
      expect(mine.uploads).toHaveLength(1);
      expect(mine.usedBytes).toBeLessThanOrEqual(mine.quotaBytes);
    });

    it('keeps each person within their quota; the same file again costs nothing', async () => {
      const owner = await person();
      const first = await incompressiblePng(1200, 700);
      const second = await incompressiblePng(1200, 700);
      expect(first.length).toBeGreaterThan(2.4 * 1024 * 1024);
      const stored = await uploaded(owner, first);
      // The variants of noise are larger than the PNG: they are what the quota counts.
      expect(stored.bytes).toBeGreaterThan(first.length);
      const again = await upload(owner, first, 'image/png');
      expect(again.status).toBe(200);
      const over = await upload(owner, second, 'image/png');
      expect(over.status).toBe(413);
      const error = ((await over.json()) as { error: { code: string; message: string } }).error;
      expect(error.code).toBe('quota_exceeded');
      expect(error.message).toContain(
        `${Math.round((stored.bytes / (1024 * 1024)) * 10) / 10} MB of your 4 MB`,
      );
      const mine = await list(owner);
      expect(mine.uploads).toHaveLength(1);
      expect(mine).toMatchObject({ usedBytes: stored.bytes, quotaBytes: 4 * 1024 * 1024 });
    });

    it('keeps at most 2,000 uploads per person, however small, and lists them a page at a time', async () => {
      const owner = await person();
      const now = new Date().toISOString();
      const rows = Array.from({ length: UPLOAD_MAX_COUNT }, (_, index) => ({
        user_id: owner.id,
        hash: createHash('sha256').update(`${owner.id}:${index}`).digest('hex'),
        bytes: 10,
        width: 1,
        height: 1,
        created_at: now,
        last_referenced_at: now,
        og_file: null,
      }));
      for (let start = 0; start < rows.length; start += 250) {
        await t.database.db
          .insertInto('uploads')
          .values(rows.slice(start, start + 250))
          .execute();
      }
      const over = await upload(owner, images.webp, 'image/webp');
      expect(over.status).toBe(413);
      const error = ((await over.json()) as { error: { code: string; message: string } }).error;
      expect(error).toMatchObject({ code: 'quota_exceeded' });
      expect(error.message).toContain('2,000 uploaded images');

      // A page of 100 by default, with the totals of them all.
      const first = await list(owner);
      expect(first.uploads).toHaveLength(UPLOAD_LIST_DEFAULT_LIMIT);
      expect(first).toMatchObject({ count: UPLOAD_MAX_COUNT, usedBytes: UPLOAD_MAX_COUNT * 10 });
      expect(first.next).toBe(first.uploads.at(-1)!.hash);
      // Walked to the end at the largest page, every upload comes once, in order (the same
      // moment for all: the hash decides), and the last page says no more follow.
      const seen: string[] = [];
      let page: UploadList | undefined;
      do {
        const after = page?.next ? `&after=${page.next}` : '';
        page = await list(owner, `?limit=${UPLOAD_LIST_MAX_LIMIT}${after}`);
        expect(page.uploads.length).toBeLessThanOrEqual(UPLOAD_LIST_MAX_LIMIT);
        seen.push(...page.uploads.map((upload) => upload.hash));
      } while (page.next);
      expect(seen).toEqual(rows.map((row) => row.hash).sort());

      const refusals: [string, string, string][] = [
        ['?limit=0', 'limit', 'whole number from 1 to 200'],
        [`?limit=${UPLOAD_LIST_MAX_LIMIT + 1}`, 'limit', 'at most 200'],
        ['?limit=ten', 'limit', 'whole number'],
        ['?limit=5&limit=6', 'limit', 'once'],
        ['?after=xyz', 'after', '64 hex digits'],
        [`?after=${'0'.repeat(64)}`, 'after', 'first page again'],
      ];
      for (const [query, field, message] of refusals) {
        const answer = await request(owner.jar, `${t.url}/api/uploads${query}`);
        expect(answer.status, query).toBe(400);
        const refused = ((await answer.json()) as { error: { field: string; message: string } })
          .error;
        expect(refused.field, query).toBe(field);
        expect(refused.message, query).toContain(message);
      }
    });

    it("never lists or deletes another person's upload; shared files outlive one owner", async () => {
      const [owner, other] = [await person(), await person()];
      const file = await incompressiblePng(80, 60);
      const image = await uploaded(owner, file);
      expect((await list(other)).uploads).toEqual([]);
      const refused = await request(other.jar, `${t.url}/api/uploads/${image.hash}`, {
        method: 'DELETE',
        headers: { origin: t.url },
      });
      expect(refused.status).toBe(404);
      expect((await fetchMedia(image.ogUrl)).status).toBe(200);
      expect((await list(owner)).uploads).toHaveLength(1);

      // The other person uploads the same file: one set of files, two owners.
      await uploaded(other, file);
      const removed = await request(owner.jar, `${t.url}/api/uploads/${image.hash}`, {
        method: 'DELETE',
        headers: { origin: t.url },
      });
      expect(removed.status).toBe(204);
      expect((await list(owner)).uploads).toEqual([]);
      expect((await fetchMedia(image.ogUrl)).status).toBe(200);

      // The last owner's removal takes the files with it.
      const last = await request(other.jar, `${t.url}/api/uploads/${image.hash}`, {
        method: 'DELETE',
        headers: { origin: t.url },
      });
      expect(last.status).toBe(204);
      for (const url of [image.ogUrl, image.thumbnailUrl, image.variants[0]!.url]) {
        const gone = await fetchMedia(url);
        expect(gone.status, url).toBe(404);
        expect(gone.headers.get('cache-control')).toBe('no-store');
      }
    });

    it("never leaves an upload without files when its file's last other owner removes it meanwhile", async () => {
      const [owner, other] = [await person(), await person()];
      for (let round = 0; round < 20; round += 1) {
        const file = await incompressiblePng(40 + round, 30);
        const image = await uploaded(owner, file);
        // The other person's upload decides to reuse the stored files while the owner's
        // removal decides they are nobody's any more.
        const [reused, removed] = await Promise.all([
          upload(other, file, 'image/png'),
          request(owner.jar, `${t.url}/api/uploads/${image.hash}`, {
            method: 'DELETE',
            headers: { origin: t.url },
          }),
        ]);
        expect(removed.status).toBe(204);
        expect(reused.status, await reused.clone().text()).toBe(201);
        const kept = (await reused.json()) as UploadedImage;
        for (const url of [kept.ogUrl, kept.thumbnailUrl, kept.variants[0]!.url]) {
          expect((await fetchMedia(url)).status, `round ${round}: ${url}`).toBe(200);
        }
      }
    });

    it('refuses uploads from nobody and from another site', async () => {
      const owner = await person();
      expect((await upload(new CookieJar(), images.png, 'image/png')).status).toBe(401);
      const crossSite = await request(owner.jar, `${t.url}/api/uploads`, {
        method: 'POST',
        headers: { 'content-type': 'image/png', origin: 'https://attacker.example' },
        body: new Uint8Array(images.png),
      });
      expect(crossSite.status).toBe(403);
      expect((await list(owner)).uploads).toEqual([]);
    });

    it('sweeps uploads no draft or portfolio referenced for 30 days, and deleteUploadsOf removes the rest', async () => {
      const owner = await person();
      const stale = await uploaded(owner, await incompressiblePng(60, 40));
      const inDraft = await uploaded(owner, await incompressiblePng(61, 40));
      const published = await uploaded(owner, await incompressiblePng(62, 40));
      const now = Date.now();
      await t.database.db
        .insertInto('portfolios')
        .values({
          id: randomUUID(),
          user_id: owner.id,
          template_id: 'template1',
          data: JSON.stringify({ personalDetails: { profilePicture: published.ref } }),
          paid_until: new Date(now).toISOString(),
          created_at: new Date(now).toISOString(),
          updated_at: new Date(now).toISOString(),
        })
        .execute();

      // A touch with a malformed reference is refused whole and names it.
      const malformed = await request(owner.jar, `${t.url}/api/uploads/touch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: t.url },
        body: JSON.stringify({ refs: [inDraft.ref, 'https://example.com/a.jpg'] }),
      });
      expect(malformed.status).toBe(400);
      expect(await malformed.json()).toMatchObject({ error: { field: 'refs.1' } });

      // 29 days on, nothing is old enough; the draft's touch renews the upload it holds.
      expect(await t.app.jobs.uploadSweeper.runOnce(new Date(now + 29 * DAY_MS))).toBe(0);
      const touch = await request(owner.jar, `${t.url}/api/uploads/touch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: t.url },
        body: JSON.stringify({ refs: [inDraft.ref] }),
      });
      expect((await touch.json()) as TouchUploadsAnswer).toEqual({
        kept: [inDraft.ref],
        missing: [],
      });
      // The touch happened "now"; move the draft's time back as if it were 25 days ago.
      await t.database.db
        .updateTable('uploads')
        .set({ last_referenced_at: new Date(now + 25 * DAY_MS).toISOString() })
        .where('hash', '=', inDraft.hash)
        .execute();

      const swept = await t.app.jobs.uploadSweeper.runOnce(new Date(now + 31 * DAY_MS));
      const left = (await list(owner)).uploads.map((u) => u.hash).sort();
      expect(left).toEqual([inDraft.hash, published.hash].sort());
      // Other tests' uploads, as old as this one, went too.
      expect(swept).toBeGreaterThanOrEqual(1);
      expect((await fetchMedia(stale.ogUrl)).status).toBe(404);
      expect((await fetchMedia(published.ogUrl)).status).toBe(200);

      // A draft still holding the swept image learns it is gone.
      const late = await request(owner.jar, `${t.url}/api/uploads/touch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: t.url },
        body: JSON.stringify({ refs: [stale.ref, inDraft.ref] }),
      });
      expect((await late.json()) as TouchUploadsAnswer).toEqual({
        kept: [inDraft.ref],
        missing: [stale.ref],
      });

      // Account deletion: every upload of the person goes, files included.
      expect(await deleteUploadsOf(t.database.db, t.app.mediaStorage, owner.id)).toBe(2);
      expect((await list(owner)).uploads).toEqual([]);
      expect((await fetchMedia(published.ogUrl)).status).toBe(404);
      expect((await fetchMedia(inDraft.variants[0]!.url)).status).toBe(404);
    });

    it('serves the centred link-preview crop, briefly cached, for a focal crop not made yet', async () => {
      const owner = await person();
      const image = await uploaded(owner, images.png);
      const centred = await fetchMedia(image.ogUrl);
      const standIn = await fetchMedia(image.ogUrl.replace(/og\.jpg$/, 'og-20-30.jpg'));
      expect(standIn.status).toBe(200);
      expect(standIn.headers.get('cache-control')).toBe('public, max-age=300');
      expect(Buffer.from(await standIn.arrayBuffer())).toEqual(
        Buffer.from(await centred.arrayBuffer()),
      );
    });

    it('answers 404 for addresses that are not stored files', async () => {
      for (const path of [
        `/media/${'a'.repeat(64)}/320.jpg`,
        '/media/not-a-hash/320.jpg',
        `/media/${'a'.repeat(64)}/..%2F..%2Fportfolio.db`,
        `/media/${'a'.repeat(64)}/320.svg`,
      ]) {
        expect((await fetch(`${t.url}${path}`)).status, path).toBe(404);
      }
    });
  },
);

describe('uploads on S3 behind a public base URL (a CDN)', () => {
  let t: TestApp;
  let s3: LocalS3;

  beforeAll(async () => {
    s3 = await startLocalS3();
    t = await startTestApp('sqlite', {
      ...s3.env,
      S3_PUBLIC_BASE_URL: `${s3.endpoint}/${s3.bucket}`,
    });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('answers URLs at the public base, whose files carry their type and immutable caching', async () => {
    const jar = await signIn(t.url, { name: 'Cdn Person', email: 'cdn@example.com' });
    const answer = await request(jar, `${t.url}/api/uploads`, {
      method: 'POST',
      headers: { 'content-type': 'image/webp', origin: t.url },
      body: new Uint8Array(await webpImage(400, 300)),
    });
    expect(answer.status).toBe(201);
    const image = (await answer.json()) as UploadedImage;
    expect(image.ogUrl).toBe(`${s3.endpoint}/${s3.bucket}/${image.hash}/og.jpg`);
    for (const variant of image.variants) {
      expect(variant.url.startsWith(`${s3.endpoint}/${s3.bucket}/${image.hash}/`)).toBe(true);
    }
    // What a CDN would fetch from the bucket.
    const fromBucket = await fetch(image.variants.find((v) => v.format === 'avif')!.url);
    expect(fromBucket.status).toBe(200);
    expect(fromBucket.headers.get('content-type')).toBe('image/avif');
    expect(fromBucket.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});

describe('upload rate limit', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('allows a burst of 60 uploads per person, then answers 429 with Retry-After', async () => {
    const jar = await signIn(t.url, { name: 'Busy Person', email: 'busy@example.com' });
    const file = new Uint8Array(await pngWithAlpha(40, 30));
    const upload = () =>
      request(jar, `${t.url}/api/uploads`, {
        method: 'POST',
        headers: { 'content-type': 'image/png', origin: t.url },
        body: file,
      });
    // The same file again is cheap (no processing), but every request counts.
    for (let index = 0; index < 60; index += 1) {
      expect((await upload()).status).toBeLessThan(300);
    }
    const refused = await upload();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({
      error: { code: 'rate_limited', message: expect.stringContaining('Too many uploads') },
    });
  });

  it('limits lists to 30 a minute and removals to 120 per 10 minutes per person', async () => {
    const jar = await signIn(t.url, { name: 'Listing Person', email: 'lists@example.com' });
    const list = () => request(jar, `${t.url}/api/uploads`);
    for (let index = 0; index < 30; index += 1) expect((await list()).status).toBe(200);
    const refused = await list();
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      error: { message: expect.stringContaining('Too many upload lists') },
    });
    const remove = () =>
      request(jar, `${t.url}/api/uploads/${'a'.repeat(64)}`, {
        method: 'DELETE',
        headers: { origin: t.url },
      });
    for (let index = 0; index < 120; index += 1) expect((await remove()).status).toBe(404);
    expect((await remove()).status).toBe(429);
  });
});

/**
 * The request helper's idea of a hang: a busy CI machine answered an upload after more than the
 * 3 s it once allowed, which failed a test while the app was right.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { send } from './http.js';
import { CookieJar } from './signin.js';

/** As long as a loaded two-core machine was seen to take over an image upload, and more. */
const SLOW_ANSWER_MS = 4000;

describe('send', () => {
  let server: Server | undefined;
  afterEach(
    () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  );

  it('waits for a slow answer instead of calling it a hang', async () => {
    server = createServer((request, response) => {
      request.resume();
      request.on('end', () =>
        setTimeout(() => {
          response.writeHead(201, { 'content-type': 'application/json' });
          response.end('{"stored":true}');
        }, SLOW_ANSWER_MS),
      );
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const answer = await send({ url }, new CookieJar(), {
      path: '/api/uploads',
      body: new Uint8Array(1024),
      contentType: 'image/webp',
    });
    expect(answer).toMatchObject({ status: 201, body: { stored: true } });
  });
});

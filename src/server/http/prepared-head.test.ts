import { createServer, type OutgoingHttpHeaders, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareHead, writePreparedHead } from './prepared-head.js';

const BODY = Buffer.from('<!doctype html><title>A page</title><p>Hello</p>');
const HEADERS: OutgoingHttpHeaders = {
  'content-security-policy': "default-src 'self'",
  'x-content-type-options': 'nosniff',
  'cache-control': 'public, max-age=0, must-revalidate',
  etag: '"abc"',
  'content-type': 'text/html; charset=utf-8',
  'content-length': BODY.length,
};
const HEAD = prepareHead(200, HEADERS);

/**
 * A real node:http server answering /prepared with the prepared head and /plain with
 * writeHead, the same headers and body; it records whether each prepared answer was prepared.
 */
function startServer(options: { maxRequestsPerSocket?: number } = {}) {
  const prepared: boolean[] = [];
  const server = createServer((request, response) => {
    const body = request.method === 'HEAD' ? undefined : BODY;
    if (request.url?.startsWith('/prepared')) {
      const took = writePreparedHead(response, HEAD);
      prepared.push(took);
      if (!took) response.writeHead(200, HEADERS);
    } else {
      response.writeHead(200, HEADERS);
    }
    response.end(body);
  });
  server.keepAliveTimeout = 72_000;
  if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
  return { server, prepared };
}

/** Sends `raw` on a new connection and returns every byte received until `done` says so. */
function exchange(
  server: Server,
  raw: string,
  done: (received: string) => boolean,
): Promise<{ received: string; closedByServer: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
    let received = '';
    let finished = false;
    const finish = (closedByServer: boolean) => {
      if (finished) return;
      finished = true;
      socket.destroy();
      resolve({ received, closedByServer });
    };
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      received += chunk;
      if (done(received)) setTimeout(() => finish(false), 50);
    });
    socket.on('end', () => finish(true));
    socket.on('error', reject);
    socket.write(raw);
  });
}

/** How many whole answers (head, then Content-Length bytes unless `headOnly`) `text` holds. */
function answersIn(text: string, headOnly = false): number {
  let count = 0;
  let rest = text;
  for (;;) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) return count;
    const length = headOnly ? 0 : Number(/content-length: (\d+)/i.exec(rest.slice(0, end))?.[1]);
    if (rest.length < end + 4 + length) return count;
    count += 1;
    rest = rest.slice(end + 4 + length);
  }
}

/** The Date line differs by the second a response was written in. */
const withoutDates = (text: string) => text.replace(/\r\nDate: [^\r]+/g, '\r\nDate: (date)');

describe('a prepared head', () => {
  const { server, prepared } = startServer();
  const limited = startServer({ maxRequestsPerSocket: 2 });

  beforeAll(async () => {
    for (const one of [server, limited.server]) {
      await new Promise<void>((resolve) => one.listen(0, '127.0.0.1', resolve));
    }
  });
  afterAll(async () => {
    for (const one of [server, limited.server]) {
      one.closeAllConnections();
      await new Promise((resolve) => one.close(resolve));
    }
  });

  /** The same requests to both paths: the bytes that come back, and who closed. */
  async function both(target: Server, requests: (path: string) => string, answers: number) {
    const [fromPrepared, fromPlain] = await Promise.all(
      ['/prepared', '/plain'].map((path) =>
        exchange(
          target,
          requests(path),
          (text) => answersIn(text, /^HEAD/.test(requests(path))) >= answers,
        ),
      ),
    );
    return { fromPrepared: fromPrepared!, fromPlain: fromPlain! };
  }

  it('is sent on a connection kept open, byte for byte as writeHead sends the same headers', async () => {
    prepared.length = 0;
    const { fromPrepared, fromPlain } = await both(
      server,
      (path) => `GET ${path} HTTP/1.1\r\nHost: a.test\r\n\r\n`,
      1,
    );
    expect(prepared).toEqual([true]);
    expect(fromPrepared.received).toContain(
      '\r\nConnection: keep-alive\r\nKeep-Alive: timeout=72\r\n',
    );
    expect(fromPrepared.received.endsWith(BODY.toString('latin1'))).toBe(true);
    expect(withoutDates(fromPrepared.received.replace('/prepared', '/plain'))).toBe(
      withoutDates(fromPlain.received),
    );
    expect(fromPrepared.closedByServer).toBe(false);
  });

  it('answers HEAD and pipelined requests as writeHead does', async () => {
    prepared.length = 0;
    const head = await both(server, (path) => `HEAD ${path} HTTP/1.1\r\nHost: a.test\r\n\r\n`, 1);
    expect(withoutDates(head.fromPrepared.received)).toBe(withoutDates(head.fromPlain.received));
    expect(head.fromPrepared.received.endsWith('\r\n\r\n')).toBe(true);

    const three = (path: string) => `GET ${path} HTTP/1.1\r\nHost: a.test\r\n\r\n`.repeat(3);
    const pipelined = await both(server, three, 3);
    expect(answersIn(pipelined.fromPrepared.received)).toBe(3);
    expect(withoutDates(pipelined.fromPrepared.received)).toBe(
      withoutDates(pipelined.fromPlain.received),
    );
    expect(prepared).toEqual([true, true, true, true]);
  });

  it('leaves to writeHead a connection that ends with this answer, which then closes', async () => {
    prepared.length = 0;
    const close = await both(
      server,
      (path) => `GET ${path} HTTP/1.1\r\nHost: a.test\r\nConnection: close\r\n\r\n`,
      1,
    );
    const old = await both(server, (path) => `GET ${path} HTTP/1.0\r\n\r\n`, 1);
    expect(prepared).toEqual([false, false]);
    for (const { fromPrepared, fromPlain } of [close, old]) {
      expect(fromPrepared.received).toContain('\r\nConnection: close\r\n');
      expect(withoutDates(fromPrepared.received)).toBe(withoutDates(fromPlain.received));
      expect(fromPrepared.closedByServer).toBe(true);
    }
  });

  it('is sent to an HTTP/1.0 client that asks to keep the connection, as writeHead would', async () => {
    prepared.length = 0;
    const { fromPrepared, fromPlain } = await both(
      server,
      (path) => `GET ${path} HTTP/1.0\r\nConnection: keep-alive\r\n\r\n`,
      1,
    );
    expect(prepared).toEqual([true]);
    expect(withoutDates(fromPrepared.received)).toBe(withoutDates(fromPlain.received));
  });

  it('leaves to writeHead every answer of a server that limits requests per connection', async () => {
    limited.prepared.length = 0;
    const { fromPrepared, fromPlain } = await both(
      limited.server,
      (path) => `GET ${path} HTTP/1.1\r\nHost: a.test\r\n\r\n`.repeat(2),
      2,
    );
    expect(limited.prepared).toEqual([false, false]);
    expect(fromPrepared.received).toContain('\r\nConnection: close\r\n');
    expect(withoutDates(fromPrepared.received)).toBe(withoutDates(fromPlain.received));
  });

  it('checks names and values once, as writeHead would, and leaves answers it cannot end alone', () => {
    expect(() => prepareHead(200, { 'x-bad': 'a\r\nset-cookie: b' })).toThrow(/x-bad/);
    expect(() => prepareHead(200, { 'bad name': 'a' })).toThrow();
    expect(prepareHead(200, { 'content-type': 'text/plain' }).preparable).toBe(false);
    expect(prepareHead(304, { etag: '"a"', 'content-length': 0 }).preparable).toBe(false);
    expect(prepareHead(200, { 'content-length': 1, connection: 'close' }).preparable).toBe(false);
    expect(prepareHead(200, { 'content-length': 1, 'x-a': ['1', '2'] }).lines).toBe(
      'HTTP/1.1 200 OK\r\ncontent-length: 1\r\nx-a: 1\r\nx-a: 2\r\n',
    );
  });
});

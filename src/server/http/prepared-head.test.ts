import {
  createServer,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareHead, writePreparedHead } from './prepared-head.js';

const BODY = Buffer.from('<!doctype html><title>A page</title><p>Hello</p>');
/** What many pages' answers share, then what each has of its own (as public pages are sent). */
const SHARED: OutgoingHttpHeaders = {
  'content-security-policy': "default-src 'self'",
  'x-content-type-options': 'nosniff',
  'cache-control': 'public, max-age=0, must-revalidate',
  'content-type': 'text/html; charset=utf-8',
};
const OWN: OutgoingHttpHeaders = { etag: '"abc"', 'content-length': BODY.length };
const HEADERS: OutgoingHttpHeaders = { ...SHARED, ...OWN };
const HEAD = prepareHead(200, OWN, prepareHead(200, SHARED));

/** What a test's handler does to the response first, named in the query string. */
const BEFORE_THE_HEAD: Record<string, (response: ServerResponse) => void> = {
  set: (response) => response.setHeader('x-extra', '1'),
  removed: (response) => response.removeHeader('connection'),
  strict: (response) => {
    response.strictContentLength = true;
  },
  written: (response) => response.writeHead(200, HEADERS),
};

interface ServerOptions {
  maxRequestsPerSocket?: number;
  keepAliveTimeout?: number;
  /** Hands Expect: 100-continue requests to the handler without answering 100 first. */
  checkContinue?: boolean;
}

/**
 * A real node:http server answering /prepared with the prepared head and /plain with
 * writeHead, the same headers and body, after what the query string asks (BEFORE_THE_HEAD); it
 * records whether each prepared answer was prepared.
 */
function startServer(options: ServerOptions = {}) {
  const prepared: boolean[] = [];
  const handler = (request: IncomingMessage, response: ServerResponse) => {
    BEFORE_THE_HEAD[request.url?.split('?')[1] ?? '']?.(response);
    const headWritten = response.headersSent;
    if (request.url?.startsWith('/prepared')) {
      const took = writePreparedHead(response, HEAD);
      prepared.push(took);
      if (!took && !headWritten) response.writeHead(200, HEADERS);
    } else if (!headWritten) {
      response.writeHead(200, HEADERS);
    }
    response.end(request.method === 'HEAD' ? undefined : BODY);
  };
  const server = createServer(handler);
  server.keepAliveTimeout = options.keepAliveTimeout ?? 72_000;
  if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
  if (options.checkContinue) server.on('checkContinue', handler);
  return { server, prepared };
}

type TestServer = ReturnType<typeof startServer>;

/**
 * Sends `raw` on a new connection and returns every byte received until `done` says so, and
 * whether the server closed the connection within `closeWithinMs` after that: by default long
 * enough to catch a close sent with the answer, where none is expected; a test that expects one
 * waits longer, as a close that comes is seen at once.
 */
function exchange(
  { server }: TestServer,
  raw: string,
  done: (received: string) => boolean,
  closeWithinMs = 50,
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
      if (done(received)) setTimeout(() => finish(false), closeWithinMs);
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

/**
 * The same requests to both paths of `target`: the bytes that came back from each, who closed
 * (see exchange), and whether each prepared answer was prepared.
 */
async function both(
  target: TestServer,
  requests: (path: string) => string,
  answers: number,
  closeWithinMs?: number,
) {
  const from = target.prepared.length;
  const [fromPrepared, fromPlain] = await Promise.all(
    ['/prepared', '/plain'].map((path) =>
      exchange(
        target,
        requests(path),
        (text) => answersIn(text, /^HEAD/.test(requests(path))) >= answers,
        closeWithinMs,
      ),
    ),
  );
  return {
    fromPrepared: fromPrepared!,
    fromPlain: fromPlain!,
    prepared: target.prepared.slice(from),
  };
}

const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: a.test\r\n\r\n`;

describe('a prepared head', () => {
  const servers = {
    plain: startServer(),
    limited: startServer({ maxRequestsPerSocket: 2 }),
    noKeepAlive: startServer({ keepAliveTimeout: 0 }),
    checkContinue: startServer({ checkContinue: true }),
  };

  beforeAll(async () => {
    for (const { server } of Object.values(servers)) {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    }
  });
  afterAll(async () => {
    for (const { server } of Object.values(servers)) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('is sent on a connection kept open, byte for byte as writeHead sends the same headers', async () => {
    const { fromPrepared, fromPlain, prepared } = await both(servers.plain, get, 1);
    expect(prepared).toEqual([true]);
    expect(fromPrepared.received).toContain(
      '\r\nConnection: keep-alive\r\nKeep-Alive: timeout=72\r\n',
    );
    expect(fromPrepared.received.endsWith(BODY.toString('latin1'))).toBe(true);
    expect(withoutDates(fromPrepared.received)).toBe(withoutDates(fromPlain.received));
    expect(fromPrepared.closedByServer).toBe(false);
  });

  it('answers HEAD and pipelined requests as writeHead does', async () => {
    const head = await both(
      servers.plain,
      (path) => `HEAD ${path} HTTP/1.1\r\nHost: a.test\r\n\r\n`,
      1,
    );
    expect(head.prepared).toEqual([true]);
    expect(withoutDates(head.fromPrepared.received)).toBe(withoutDates(head.fromPlain.received));
    expect(head.fromPrepared.received.endsWith('\r\n\r\n')).toBe(true);

    const pipelined = await both(servers.plain, (path) => get(path).repeat(3), 3);
    expect(pipelined.prepared).toEqual([true, true, true]);
    expect(answersIn(pipelined.fromPrepared.received)).toBe(3);
    expect(withoutDates(pipelined.fromPrepared.received)).toBe(
      withoutDates(pipelined.fromPlain.received),
    );
  });

  it('is sent to an HTTP/1.0 client that asks to keep the connection, as writeHead would', async () => {
    const { fromPrepared, fromPlain, prepared } = await both(
      servers.plain,
      (path) => `GET ${path} HTTP/1.0\r\nConnection: keep-alive\r\n\r\n`,
      1,
    );
    expect(prepared).toEqual([true]);
    expect(withoutDates(fromPrepared.received)).toBe(withoutDates(fromPlain.received));
  });

  it('leaves to writeHead a connection that ends with this answer, which then closes', async () => {
    // The close is awaited: it comes right after the answer, but a loaded machine may take a while
    // to deliver it.
    const close = await both(
      servers.plain,
      (path) => `GET ${path} HTTP/1.1\r\nHost: a.test\r\nConnection: close\r\n\r\n`,
      1,
      5000,
    );
    const old = await both(servers.plain, (path) => `GET ${path} HTTP/1.0\r\n\r\n`, 1, 5000);
    for (const { fromPrepared, fromPlain, prepared } of [close, old]) {
      expect(prepared).toEqual([false]);
      expect(fromPrepared.received).toContain('\r\nConnection: close\r\n');
      expect(withoutDates(fromPrepared.received)).toBe(withoutDates(fromPlain.received));
      expect(fromPrepared.closedByServer).toBe(true);
    }
  });

  it.each([
    ['limits requests per connection', 'limited', (path: string) => get(path).repeat(2), 2],
    ['keeps no connection open (keepAliveTimeout 0)', 'noKeepAlive', get, 1],
    [
      'is asked Expect: 100-continue and has not answered 100',
      'checkContinue',
      (path: string) =>
        `POST ${path} HTTP/1.1\r\nHost: a.test\r\nExpect: 100-continue\r\nContent-Length: 0\r\n\r\n`,
      1,
    ],
  ] as const)(
    'leaves to writeHead every answer of a server that %s',
    async (_what, server, requests, answers) => {
      const { fromPrepared, fromPlain, prepared } = await both(servers[server], requests, answers);
      expect(prepared).toEqual(Array(answers).fill(false));
      expect(withoutDates(fromPrepared.received)).toBe(withoutDates(fromPlain.received));
      expect(answersIn(fromPrepared.received)).toBe(answers);
    },
  );

  it.each([
    ['a header set before', 'set', /\r\nx-extra: 1\r\n/],
    // Node then sends no Connection line at all.
    ['the Connection header removed', 'removed', /\r\nDate: [^\r]+\r\n\r\n/],
    ['a strict Content-Length check', 'strict', /\r\nConnection: keep-alive\r\n/],
    ['its head already written', 'written', /\r\nConnection: keep-alive\r\n/],
  ])('leaves to writeHead an answer with %s', async (_what, query, sent) => {
    const { fromPrepared, fromPlain, prepared } = await both(
      servers.plain,
      (path) => get(`${path}?${query}`),
      1,
    );
    expect(prepared).toEqual([false]);
    expect(fromPrepared.received).toMatch(sent);
    expect(withoutDates(fromPrepared.received)).toBe(withoutDates(fromPlain.received));
  });

  it('dates each answer by the clock, also after the clock is set back', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const dateOf = async () => {
        const { received } = await exchange(
          servers.plain,
          get('/prepared'),
          (text) => answersIn(text) >= 1,
        );
        return /\r\nDate: ([^\r]+)/.exec(received)?.[1];
      };
      vi.setSystemTime(new Date('2031-05-06T07:08:09.500Z'));
      expect(await dateOf()).toBe('Tue, 06 May 2031 07:08:09 GMT');
      vi.setSystemTime(new Date('2031-05-06T07:08:10.000Z'));
      expect(await dateOf()).toBe('Tue, 06 May 2031 07:08:10 GMT');
      vi.setSystemTime(new Date('2031-05-06T07:07:00.000Z'));
      expect(await dateOf()).toBe('Tue, 06 May 2031 07:07:00 GMT');
    } finally {
      vi.useRealTimers();
    }
  });

  it('checks names and values once, as writeHead would, and leaves answers it cannot end alone', () => {
    expect(() => prepareHead(200, { 'x-bad': 'a\r\nset-cookie: b' })).toThrow(/x-bad/);
    expect(() => prepareHead(200, { 'bad name': 'a' })).toThrow();
    expect(prepareHead(200, { 'content-type': 'text/plain' }).preparable).toBe(false);
    expect(prepareHead(304, { etag: '"a"', 'content-length': 0 }).preparable).toBe(false);
    expect(prepareHead(200, { 'content-length': 1, connection: 'close' }).preparable).toBe(false);
    expect(prepareHead(200, { 'content-length': 1, 'x-a': ['1', '2'] }).preparable).toBe(false);
    expect(prepareHead(200, { 'content-length': 1, 'x-a': 'b' }).lines).toBe(
      'HTTP/1.1 200 OK\r\ncontent-length: 1\r\nx-a: b\r\n',
    );
  });

  it('continues a shared head with the lines of its own, judged with the shared ones', () => {
    expect(HEAD.lines).toBe(prepareHead(200, HEADERS).lines);
    expect(HEAD.preparable).toBe(true);
    const withLength = prepareHead(200, { 'content-length': 1 });
    expect(prepareHead(200, { etag: '"a"' }, withLength).preparable).toBe(true);
    const closing = prepareHead(200, { connection: 'close' });
    expect(prepareHead(200, { 'content-length': 1 }, closing).preparable).toBe(false);
    expect(() => prepareHead(200, { 'x-bad': 'a\nb' }, withLength)).toThrow(/x-bad/);
    expect(() => prepareHead(304, { etag: '"a"' }, withLength)).toThrow();
  });
});

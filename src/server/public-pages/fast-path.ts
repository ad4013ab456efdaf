import type { IncomingMessage, ServerResponse } from 'node:http';
import { usernameProblem } from '../../shared/domain/username.js';
import { writePreparedHead } from '../http/prepared-head.js';
import {
  matchesIfNoneMatch,
  notModifiedHeaders,
  okHeaders,
  pickEncoding,
  type CachedAnswer,
  type Encoding,
  type PageCache,
} from './page-cache.js';

/** A portfolio address as the full path serves it (lowercase); anything else goes there. */
const PORTFOLIO_PATH = /^\/users\/([a-z0-9-]{1,40})(?:[/?]|$)/;

export type RequestHandler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * Answers views of public pages before Fastify sees them: a page in memory is sent with the
 * exact headers the full path produced for it, until it changes (the stored pages' change check
 * drops it from the cache then, in every process) or its term ends (a clock reading: the term
 * lapses without any write to notice). A page not in memory, past its term or not yet sent in
 * this encoding is read from the store by `readyToSend`, as the full path reads it, and sent
 * with the headers the full path gives every page; when that has nothing to send (no such
 * page, a page offline, a failure, or no page sent by the full path yet), the request goes to
 * `next`, the full path, which answers from what was read without reading again. Every other
 * request goes there at once: it alone decides anything a page answer does not share.
 *
 * Why: the full path costs tens of microseconds per request in hooks and routing; a public
 * page under load should cost little more than writing bytes to a socket. With more pages than
 * memory holds, most views are of a page not in memory. A page in memory is sent without
 * reading the database or starting a timer, and a 200 on a connection kept open without
 * allocating headers (a 304 makes its small header map).
 */
export type PublicPageFastPath = (
  request: IncomingMessage,
  response: ServerResponse,
  next: RequestHandler,
) => void;

export function createPublicPageFastPath({
  cache,
  onView,
  readyToSend,
  closing,
}: {
  cache: PageCache;
  /** Told of each page sent (visitor counts): a few map updates, nothing awaited. */
  onView: (username: string, request: IncomingMessage) => void;
  /** A page not ready in memory, read as the full path reads it; undefined: let it answer. */
  readyToSend: (
    request: IncomingMessage,
    username: string,
    encoding: Encoding,
  ) => Promise<{ answer: CachedAnswer; body: Buffer } | undefined>;
  /** True once the server is closing (a read may end after that began). */
  closing: () => boolean;
}): PublicPageFastPath {
  const send = (
    request: IncomingMessage,
    response: ServerResponse,
    username: string,
    answer: CachedAnswer,
    body: Buffer,
  ) => {
    // Closing waits for open connections: this one ends with its answer.
    if (closing()) response.shouldKeepAlive = false;
    onView(username, request);
    if (matchesIfNoneMatch(request.headers['if-none-match'], answer.etag)) {
      response.writeHead(304, notModifiedHeaders(answer));
      response.end();
      return;
    }
    if (!writePreparedHead(response, answer.okHead)) response.writeHead(200, okHeaders(answer));
    response.end(request.method === 'HEAD' ? undefined : body);
  };

  const readAndSend = async (
    request: IncomingMessage,
    response: ServerResponse,
    next: RequestHandler,
    username: string,
    encoding: Encoding,
  ) => {
    const ready = await readyToSend(request, username, encoding);
    // The visitor left during the read: nothing to send, nor a view to count.
    if (response.destroyed) return;
    if (!ready) return next(request, response);
    send(request, response, username, ready.answer, ready.body);
  };

  return (request, response, next) => {
    const method = request.method;
    const url = request.url;
    if ((method !== 'GET' && method !== 'HEAD') || !url || !url.startsWith('/users/')) {
      return next(request, response);
    }
    const username = PORTFOLIO_PATH.exec(url)?.[1];
    if (!username) return next(request, response);
    const encoding = pickEncoding(request.headers['accept-encoding']);
    const page = cache.get(username);
    const answer = page?.headers[encoding];
    const body = page?.bodies[encoding];
    if (page && page.servedUntil > Date.now() && answer && body) {
      return send(request, response, username, answer, body);
    }
    // A name no portfolio can have is the full path's to answer, without a read.
    if (usernameProblem(username)) return next(request, response);
    readAndSend(request, response, next, username, encoding).catch(() => {
      // Nothing sane is left to send on this connection.
      response.destroy();
    });
  };
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import { matchesIfNoneMatch, pickEncoding, type PageCache } from './page-cache.js';

/** A canonical (lowercase, valid) portfolio address; anything else takes the full path. */
const PORTFOLIO_PATH = /^\/users\/([a-z0-9-]{1,40})(?:[/?]|$)/;

export type RequestHandler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * Answers views of public pages in memory before Fastify sees them: a page sent once by the full
 * path is kept with the exact headers that path produced, and sent again until it changes (the
 * stored pages' change check drops it from the cache then, in every process) or its term ends
 * (a clock reading: the term lapses without any write to notice). Every other request, and a
 * page not in memory, past its term or not yet sent in this encoding, goes to `next`, the full
 * path, which reads the stored page and its term and fills the cache.
 *
 * Why: the full path costs tens of microseconds per request in hooks and routing; a public
 * page under load should cost little more than writing bytes to a socket. Nothing here reads
 * the database, allocates headers or starts a timer.
 */
export type PublicPageFastPath = (
  request: IncomingMessage,
  response: ServerResponse,
  next: RequestHandler,
) => void;

export function createPublicPageFastPath(
  cache: PageCache,
  /** Told of each page sent (visitor counts): a few map updates, nothing awaited. */
  onView: (username: string, request: IncomingMessage) => void,
): PublicPageFastPath {
  return (request, response, next) => {
    const method = request.method;
    const url = request.url;
    if ((method !== 'GET' && method !== 'HEAD') || !url || !url.startsWith('/users/')) {
      return next(request, response);
    }
    const match = PORTFOLIO_PATH.exec(url);
    const username = match?.[1];
    const page = username ? cache.get(username) : undefined;
    if (!page || page.servedUntil <= Date.now()) return next(request, response);
    const encoding = pickEncoding(request.headers['accept-encoding']);
    const answer = page.headers[encoding];
    const body = page.bodies[encoding];
    if (!answer || !body) return next(request, response);
    onView(username!, request);
    if (matchesIfNoneMatch(request.headers['if-none-match'], answer.etag)) {
      response.writeHead(304, answer.notModified);
      response.end();
      return;
    }
    response.writeHead(200, answer.ok);
    response.end(method === 'HEAD' ? undefined : body);
  };
}

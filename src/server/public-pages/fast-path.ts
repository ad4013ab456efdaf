import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PageGenerationGate } from './page-generation.js';
import { matchesIfNoneMatch, pickEncoding, type PageCache } from './page-cache.js';

/** A canonical (lowercase, valid) portfolio address; anything else takes the full path. */
const PORTFOLIO_PATH = /^\/users\/([a-z0-9-]{1,40})(?:[/?]|$)/;

export type RequestHandler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * Answers repeat views of public pages before Fastify sees them: a page rendered and sent once
 * by the full path is kept with the exact headers that path produced, and sent again as long
 * as the store's page generation says nothing published has changed. Every other request, and
 * every case of doubt (not cached, generation moved, database error), goes to `next`, the
 * full path, which renders, checks and fills the cache.
 *
 * Why: the full path costs tens of microseconds per request in hooks and routing; a public
 * page under load should cost little more than writing bytes to a socket.
 */
export type PublicPageFastPath = (
  request: IncomingMessage,
  response: ServerResponse,
  next: RequestHandler,
) => void;

export function createPublicPageFastPath(
  cache: PageCache,
  gate: PageGenerationGate,
): PublicPageFastPath {
  return (request, response, next) => {
    const method = request.method;
    const url = request.url;
    if ((method !== 'GET' && method !== 'HEAD') || !url || !url.startsWith('/users/')) {
      return next(request, response);
    }
    const match = PORTFOLIO_PATH.exec(url);
    const page = match ? cache.get(match[1]!) : undefined;
    const encoding = pickEncoding(request.headers['accept-encoding']);
    const answer = page?.headers[encoding];
    if (!page || !answer) return next(request, response);

    const send = (generation: number) => {
      if (generation !== page.generation) return next(request, response);
      if (matchesIfNoneMatch(request.headers['if-none-match'], answer.etag)) {
        response.writeHead(304, answer.notModified);
        response.end();
        return;
      }
      response.writeHead(200, answer.ok);
      response.end(method === 'HEAD' ? undefined : page.bodies[encoding]);
    };
    let generation: number | Promise<number>;
    try {
      generation = gate.current();
    } catch {
      return next(request, response);
    }
    if (typeof generation === 'number') return send(generation);
    generation.then(send, () => next(request, response));
  };
}

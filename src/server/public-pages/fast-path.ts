import type { IncomingMessage, ServerResponse } from 'node:http';
import { usernameProblem } from '../../shared/domain/username.js';
import { pickEncoding } from '../http/content-encoding.js';
import type { PageAnswers } from './page-answers.js';

/** A portfolio address as the full path serves it (lowercase); anything else goes there. */
const PORTFOLIO_PATH = /^\/users\/([a-z0-9-]{1,40})(?:[/?]|$)/;

export type RequestHandler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * Views of public pages, answered before Fastify sees them, by page-answers.ts as the route
 * answers them. A page in memory is sent without reading the database or starting a timer; one
 * not in memory is read as the route reads it. When there is nothing to send (no such page, a
 * page offline, a failure), the request goes to `next`, Fastify, whose route answers from what
 * was read without reading again. Every other request goes there at once.
 *
 * Why: Fastify's hooks and routing cost tens of microseconds per request; a public page under
 * load should cost little more than writing bytes to a socket (decision 0009).
 */
export type PublicPageFastPath = (
  request: IncomingMessage,
  response: ServerResponse,
  next: RequestHandler,
) => void;

export function createPublicPageFastPath(
  answers: PageAnswers,
  /** True once the server is closing (a read may end after that began). */
  closing: () => boolean,
): PublicPageFastPath {
  const readAndSend = async (
    request: IncomingMessage,
    response: ServerResponse,
    next: RequestHandler,
    username: string,
  ) => {
    const page = await answers.readOrHandOn(
      request,
      username,
      pickEncoding(request.headers['accept-encoding']),
    );
    // The visitor left during the read: nothing to send, nor a view to count.
    if (response.destroyed) return;
    if (!page) return next(request, response);
    // Closing waits for open connections: this one ends with its answer.
    if (closing()) response.shouldKeepAlive = false;
    answers.send(request, response, username, page);
  };

  return (request, response, next) => {
    const method = request.method;
    const url = request.url;
    if ((method !== 'GET' && method !== 'HEAD') || !url || !url.startsWith('/users/')) {
      return next(request, response);
    }
    const username = PORTFOLIO_PATH.exec(url)?.[1];
    if (!username) return next(request, response);
    const page = answers.fromMemory(username, pickEncoding(request.headers['accept-encoding']));
    if (page) {
      if (closing()) response.shouldKeepAlive = false;
      return answers.send(request, response, username, page);
    }
    // A name no portfolio can have is the route's to answer, without a read.
    if (usernameProblem(username)) return next(request, response);
    readAndSend(request, response, next, username).catch(() => {
      // Nothing sane is left to send on this connection.
      response.destroy();
    });
  };
}

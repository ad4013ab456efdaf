import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isStorageFull, STORAGE_FULL_MESSAGE } from './storage-full.js';
import type { ApiErrorBody } from '../../shared/api.js';
import { isDatabaseUnavailable } from '../db/database.js';
import { escapeHtml, smallPage } from '../html.js';

/**
 * The closed set of errors the API answers with on purpose. Anything else is a bug and becomes a
 * generic 500 carrying only the request id.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    /** `cause`: what went wrong underneath; logged for 5xx answers, never shown. */
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export const badRequest = (message: string, field?: string) =>
  new HttpError(400, 'bad_request', message, field);
export const unauthorized = (message = 'Please sign in first.') =>
  new HttpError(401, 'unauthorized', message);
export const forbidden = (message: string) => new HttpError(403, 'forbidden', message);
export const notFound = (message: string) => new HttpError(404, 'not_found', message);
export const conflict = (message: string, field?: string) =>
  new HttpError(409, 'conflict', message, field);

/**
 * Runs a route's work and answers a slice's own refusals over HTTP: services throw their slice's
 * error (OrderError, AccountError, DomainError), and the slice's routes alone decide the status.
 * Anything else passes through untouched.
 */
export function refusalsAsHttp<E extends Error>(
  refusal: new (...args: never[]) => E,
  toHttp: (error: E) => HttpError,
): <T>(work: () => Promise<T>) => Promise<T> {
  return async (work) => {
    try {
      return await work();
    } catch (error) {
      throw error instanceof refusal ? toHttp(error) : error;
    }
  };
}

/** Fastify's own 4xx errors, reworded for people; the codes are Fastify's. */
const frameworkMessages: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'invalid_json',
    message: 'The request body is not valid JSON.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'invalid_json',
    message: 'The request body is empty; JSON was expected.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'body_too_large',
    message: 'The request body is larger than this address accepts.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'unsupported_media_type',
    message: 'Send the request body as application/json.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'bad_request',
    message: 'The Content-Length header does not match the body.',
  },
};

export function errorBody(
  code: string,
  message: string,
  extra: { field?: string; requestId?: string } = {},
): ApiErrorBody {
  return { error: { code, message, ...extra } };
}

export const DATABASE_UNAVAILABLE_MESSAGE =
  'Our database is not answering right now, so this could not be done. Please try again in a minute.';
/** Seconds a client (or a person) should wait before trying again while the database is away. */
export const DATABASE_RETRY_SECONDS = 30;

/**
 * A browser loading a page or following a link (a file from the account page: the website ZIP,
 * a QR code, their data) rather than the app's own fetch calls, which always ask for JSON: an
 * error then shows as a page with words and a way back, not as JSON or as a download that failed
 * without saying why.
 */
const wantsPage = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') &&
  (request.headers.accept ?? '').includes('text/html');

const REFUSAL_TITLES: Record<number, string> = {
  401: 'Not signed in',
  403: 'Not allowed',
  404: 'Not found',
  503: 'Busy right now',
};

/** An error as a page: its title, what happened, an optional way back, and the request id. */
function errorPage(request: FastifyRequest, title: string, message: string, back = ''): string {
  return smallPage({
    title,
    body: `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${back ? `<p>${back}</p>` : ''}<p>Reference: ${escapeHtml(request.id)}</p>`,
  });
}

function refusalPage(request: FastifyRequest, error: HttpError): string {
  const back = request.url.startsWith('/api/account/')
    ? '<a href="/account">Back to your account</a>'
    : '<a href="/">Go to the home page</a>';
  const title = REFUSAL_TITLES[error.statusCode] ?? 'This could not be done';
  return errorPage(request, title, error.message, back);
}

function sendUnavailable(request: FastifyRequest, reply: FastifyReply) {
  reply.status(503).header('retry-after', String(DATABASE_RETRY_SECONDS));
  reply.header('cache-control', 'no-store');
  if (wantsPage(request)) {
    return reply
      .type('text/html; charset=utf-8')
      .send(errorPage(request, 'Temporarily unavailable', DATABASE_UNAVAILABLE_MESSAGE));
  }
  return reply.send(
    errorBody('database_unavailable', DATABASE_UNAVAILABLE_MESSAGE, { requestId: request.id }),
  );
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (isDatabaseUnavailable(error)) {
      // Expected while the database is away: logged without a stack, answered as "try later".
      request.log.warn(
        { err: { code: error.code, message: error.message } },
        'database unavailable',
      );
      return sendUnavailable(request, reply);
    }
    if (isStorageFull(error)) {
      // Said where the operator looks, by its name; the person gets a plain sentence.
      request.log.error({ err: error }, 'storage full (ENOSPC): a write could not be stored');
      reply.status(507).header('cache-control', 'no-store');
      if (wantsPage(request)) {
        return reply
          .type('text/html; charset=utf-8')
          .send(errorPage(request, 'Storage full', STORAGE_FULL_MESSAGE));
      }
      return reply.send(errorBody('storage_full', STORAGE_FULL_MESSAGE, { requestId: request.id }));
    }
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) {
        request.log.warn({ err: error.cause ?? error, code: error.code }, error.message);
      }
      if (wantsPage(request)) {
        return reply
          .status(error.statusCode)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(refusalPage(request, error));
      }
      return reply
        .status(error.statusCode)
        .send(errorBody(error.code, error.message, { field: error.field, requestId: request.id }));
    }
    const known = error.code ? frameworkMessages[error.code] : undefined;
    // The client may still be sending a body we will not read: end the connection after answering.
    if (known?.status === 413) reply.header('connection', 'close');
    if (known) {
      return reply
        .status(known.status)
        .send(errorBody(known.code, known.message, { requestId: request.id }));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's remaining client errors (bad headers, aborted bodies) carry no internals.
      return reply
        .status(status)
        .send(errorBody('bad_request', error.message, { requestId: request.id }));
    }
    if (status === 503) {
      return reply.status(503).send(
        errorBody('unavailable', 'The service is busy or restarting. Please try again shortly.', {
          requestId: request.id,
        }),
      );
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send(
        errorBody(
          'internal',
          'Something went wrong on our side. Please try again; if it keeps happening, contact support with the request id.',
          { requestId: request.id },
        ),
      );
  });
}

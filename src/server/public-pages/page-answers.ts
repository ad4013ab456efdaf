import type { IncomingMessage, ServerResponse } from 'node:http';
import { etagForEncoding, matchesIfNoneMatch, type Encoding } from '../http/content-encoding.js';
import { writePreparedHead } from '../http/prepared-head.js';
import {
  answerShape,
  cachedAnswer,
  notModifiedHeaders,
  okHeaders,
  SharedValues,
  type AnswerShape,
  type CachedAnswer,
  type CachedPage,
  type HeaderMap,
  type PageCache,
  type SentHeaders,
} from './page-cache.js';
import { publicPageCsp } from './page-csp.js';
import type { StoredPages } from './stored-pages.service.js';

/** The stored column of each encoding we send. */
const STORED_COLUMN = { identity: 'html', gzip: 'gzip', br: 'br' } as const;

/** A page ready to send in one encoding: its answer (status line and headers) and its bytes. */
export interface ReadyPage {
  answer: CachedAnswer;
  body: Buffer;
}

/** What reading a page found: one to send, one offline (410), or none at that name (404). */
export type PageFound = ReadyPage | 'unavailable' | undefined;

export interface PageAnswersOptions {
  cache: PageCache;
  stored: StoredPages;
  /** The headers every answer carries (http/security-headers.ts), the same the hooks set. */
  securityHeaders: SentHeaders;
  https: () => boolean;
  /** Told of each page sent to a person (visitor counts): a few map updates, nothing awaited. */
  onView: (username: string, request: IncomingMessage) => void;
}

/**
 * Answers a view of a public page: the one place that decides what a page answer is (its
 * headers, its tag, 200 or 304, what is counted), for both ways a view arrives: the fast path
 * ahead of Fastify (fast-path.ts) and the route (public-pages.routes.ts), which send the same
 * headers because they take them from here. A page is read from memory, kept current by the
 * stored pages' change check, until its term runs out by the clock; otherwise from the store,
 * and kept in memory unless it changed during the read.
 */
export class PageAnswers {
  /** Pages' policies by their image origins: most pages have the same few, each kept once. */
  private readonly policies = new SharedValues<string>();
  private readonly shapes = new SharedValues<AnswerShape>();
  /**
   * What the fast path found for a request it handed on to the route (nothing published there,
   * a page offline, a failure), so that the route answers it without reading again.
   */
  private readonly handedOn = new WeakMap<
    IncomingMessage,
    { found: 'unavailable' | undefined } | { failure: unknown }
  >();

  constructor(private readonly options: PageAnswersOptions) {}

  /** A page in memory, current and already answered once in this encoding: no read, no await. */
  fromMemory(username: string, encoding: Encoding): ReadyPage | undefined {
    const page = this.options.cache.get(username);
    const answer = page?.headers[encoding];
    const body = page?.bodies[encoding];
    if (page && page.servedUntil > Date.now() && answer && body) return { answer, body };
    return undefined;
  }

  /** The page at `username` in `encoding`, from memory or the store. Throws when the store does. */
  async read(username: string, encoding: Encoding): Promise<PageFound> {
    const found = await this.pageToSend(username, encoding);
    if (!found || found === 'unavailable') return found;
    const { cached, body } = found;
    cached.headers[encoding] ??= this.answerFor(cached, encoding, body.length);
    return { answer: cached.headers[encoding], body };
  }

  /**
   * For the fast path: the page to send, or undefined after noting what was found (or how the
   * read failed) for the route, which then answers without reading again.
   */
  async readOrHandOn(
    request: IncomingMessage,
    username: string,
    encoding: Encoding,
  ): Promise<ReadyPage | undefined> {
    let found: PageFound;
    try {
      found = await this.read(username, encoding);
    } catch (failure) {
      this.handedOn.set(request, { failure });
      return undefined;
    }
    if (!found || found === 'unavailable') {
      this.handedOn.set(request, { found });
      return undefined;
    }
    return found;
  }

  /** For the route: what the fast path found for this request, else a read of its own. */
  async readForRoute(
    request: IncomingMessage,
    username: string,
    encoding: Encoding,
  ): Promise<PageFound> {
    const handed = this.handedOn.get(request);
    if (handed && 'failure' in handed) throw handed.failure;
    return handed ? handed.found : this.read(username, encoding);
  }

  /** The answer to this view: a 304 when the visitor holds this version, else a 200. */
  respond(request: IncomingMessage, page: ReadyPage): { status: 200 | 304; headers: HeaderMap } {
    return matchesIfNoneMatch(request.headers['if-none-match'], page.answer.etag)
      ? { status: 304, headers: notModifiedHeaders(page.answer) }
      : { status: 200, headers: okHeaders(page.answer) };
  }

  countView(username: string, request: IncomingMessage): void {
    this.options.onView(username, request);
  }

  /**
   * Sends the page on a raw response (the fast path): a 304 or a 200, no body to HEAD. A 200 on
   * a connection kept open goes out with its head serialized once (http/prepared-head.ts).
   */
  send(request: IncomingMessage, response: ServerResponse, username: string, page: ReadyPage) {
    this.countView(username, request);
    if (!matchesIfNoneMatch(request.headers['if-none-match'], page.answer.etag)) {
      // The common answer: its head prepared once, without building the header map.
      if (writePreparedHead(response, page.answer.okHead)) {
        response.end(request.method === 'HEAD' ? undefined : page.body);
        return;
      }
    }
    const { status, headers } = this.respond(request, page);
    response.writeHead(status, headers);
    response.end(status === 304 || request.method === 'HEAD' ? undefined : page.body);
  }

  /** The page from memory while its term lasts, else from the store (which knows renewals). */
  private async pageToSend(
    username: string,
    encoding: Encoding,
  ): Promise<{ cached: CachedPage; body: Buffer } | 'unavailable' | undefined> {
    const { cache, stored } = this.options;
    const cached = cache.peek(username);
    const body = cached?.bodies[encoding];
    if (cached && body && cached.servedUntil > Date.now()) return { cached, body };
    const epoch = stored.changeEpoch;
    const page = await stored.pageFor(username, STORED_COLUMN[encoding]);
    if (!page) return undefined;
    if (page === 'unavailable') {
      cache.delete(username);
      return 'unavailable';
    }
    const fresh: CachedPage =
      cached && cached.etag === page.etag
        ? {
            ...cached,
            servedUntil: page.servedUntil,
            bodies: { ...cached.bodies, [encoding]: page.body },
            // The tag names the page's version, not its bytes: two renderings of one version
            // (each with its own contact token) differ in length, so this body gets its answer anew.
            headers: { ...cached.headers, [encoding]: undefined },
          }
        : {
            sourceVersion: page.sourceVersion,
            templateVersion: page.templateVersion,
            etag: page.etag,
            servedUntil: page.servedUntil,
            bodies: { [encoding]: page.body },
            headers: {},
            csp: this.policyFor(page.imageOrigins),
          };
    // An unpublish or edit seen by a change check during the read: send, but do not keep.
    if (!stored.changedSince(username, epoch)) cache.set(username, fresh);
    return { cached: fresh, body: page.body };
  }

  private policyFor(imageOrigins: string[] | null): string {
    const https = this.options.https();
    const origins = imageOrigins === null ? 'not kept' : imageOrigins.join(' ');
    return this.policies.get(`${https} ${origins}`, () => publicPageCsp(https, imageOrigins));
  }

  /** A page's answer: the security headers, the page's, and its own tag and length. */
  private answerFor(cached: CachedPage, encoding: Encoding, length: number): CachedAnswer {
    const shape = this.shapes.get(`${encoding} ${cached.csp}`, () =>
      answerShape({ ...this.options.securityHeaders, ...pageHeaders(cached.csp, encoding) }),
    );
    return cachedAnswer(shape, etagForEncoding(cached.etag, encoding), length);
  }
}

/**
 * What a page's answer says of the page but its tag and length (see AnswerShape). A header that
 * differs from page to page must be part of the shape's key in `answerFor`, or be one of the
 * page's own (page-cache.ts).
 */
function pageHeaders(csp: string, encoding: Encoding): SentHeaders {
  return {
    'cache-control': 'public, max-age=0, must-revalidate',
    vary: 'Accept-Encoding',
    'content-security-policy': csp,
    'content-type': 'text/html; charset=utf-8',
    ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
  };
}

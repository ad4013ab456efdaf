import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { normaliseUsername, usernameProblem } from '../../shared/domain/username.js';
import { servedOverHttps } from '../config.js';
import type { Db } from '../db/database.js';
import { errorBody } from '../http/errors.js';
import { escapeHtml, smallPage } from '../html.js';
import { addressText } from '../http/route-rules.js';
import { UNAVAILABLE_PAGE } from '../site/availability.js';
import { createPublicPageFastPath, type PublicPageFastPath } from './fast-path.js';
import {
  acceptsGzip,
  answerShape,
  cachedAnswer,
  etagForEncoding,
  SharedValues,
  matchesIfNoneMatch,
  PageCache,
  pickEncoding,
  type AnswerShape,
  type CachedPage,
  type Encoding,
  type SentHeaders,
} from './page-cache.js';
import { publicPageCsp } from './page-csp.js';
import { PageRenderer } from './page-renderer.js';
import { Sitemaps, sitemapXml, type SitemapFile } from './sitemap.js';
import { StoredPages } from './stored-pages.service.js';

/** The stored column of each encoding we send. */
const STORED_COLUMN = { identity: 'html', gzip: 'gzip', br: 'br' } as const;

declare module 'fastify' {
  interface FastifyInstance {
    /** Rendered public pages (see stored-pages.service.ts): `refresh(username)` re-renders one. */
    storedPages: StoredPages;
  }
}

/**
 * What a page's answer says of the page but its tag and length (see AnswerShape); the hooks'
 * (security headers) come with them. A header that differs from page to page must be part of
 * the shape's key in `answerFor`, or be one of the page's own (page-cache.ts).
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

/**
 * Public pages, robots.txt and the sitemap. Returns the fast path for views of public pages,
 * which the HTTP server runs ahead of Fastify (see fast-path.ts).
 */
export function registerPublicPages(
  app: FastifyInstance,
  ctx: {
    db: Db;
    publicUrl: () => string;
    /** Where uploaded images are fetched from: `/media`, or a CDN's address. */
    mediaBase: string;
    clientDir: string | undefined;
    cacheBytes: number;
    /** Smaller than the protocol's 50,000 only in tests, to make several children. */
    sitemapUrlsPerChild?: number;
    /** The contact form's start token a page is rendered with (contact-token.ts). */
    contactToken?: () => string;
    /** Counts each page sent to a person (visits/visit-counter.ts). */
    onView: (username: string, request: IncomingMessage) => void;
    /** Awaited whenever the page generation moves (the custom domains' directory). */
    onGeneration?: () => Promise<void>;
    /** True once the server is closing: answers end their keep-alive connection. */
    closing: () => boolean;
  },
): PublicPageFastPath {
  const cache = new PageCache(ctx.cacheBytes);
  const https = () => servedOverHttps(ctx.publicUrl());
  const sitemaps = new Sitemaps(ctx.db, ctx.publicUrl, {
    urlsPerChild: ctx.sitemapUrlsPerChild,
    log: app.log,
  });
  const stored = new StoredPages({
    db: ctx.db,
    renderer: new PageRenderer({
      clientDir: ctx.clientDir,
      publicUrl: ctx.publicUrl,
      mediaBase: ctx.mediaBase,
      contactToken: ctx.contactToken,
    }),
    cache,
    log: app.log,
    onChange: () => sitemaps.invalidate(),
    onGeneration: ctx.onGeneration,
  });
  app.decorate('storedPages', stored);
  app.addHook('onReady', async () => {
    await stored.start();
    sitemaps.start();
  });
  app.addHook('onClose', async () => {
    await Promise.all([stored.stop(), sitemaps.stop()]);
  });

  const notFoundPage = (reply: FastifyReply, username: string) =>
    reply
      .status(404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'public, max-age=0, must-revalidate')
      .header('content-security-policy', publicPageCsp(https()))
      .send(
        smallPage({
          title: 'Portfolio not found',
          body: `<h1>Portfolio not found</h1><p>There is no published portfolio at <strong>/users/${escapeHtml(username)}</strong>. The address may be mistyped, or the portfolio may not be published yet.</p><p><a href="/">Build your own portfolio</a></p>`,
        }),
      );

  /**
   * An offline or unpublished portfolio: 410 (gone, as far as search engines go) with nothing of
   * the owner's; not cached, since a renewal or the owner brings it back at once.
   */
  const unavailablePage = (reply: FastifyReply) =>
    reply
      .status(410)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .header('content-security-policy', publicPageCsp(https()))
      .send(UNAVAILABLE_PAGE);

  /** Pages' policies by their image origins: most pages have the same few, each kept once. */
  const policies = new SharedValues<string>();
  const policyFor = (imageOrigins: string[] | null) => {
    const origins = imageOrigins === null ? 'not kept' : imageOrigins.join(' ');
    return policies.get(`${https()} ${origins}`, () => publicPageCsp(https(), imageOrigins));
  };
  const shapes = new SharedValues<AnswerShape>();
  /** The answer the fast path replays for this page: the hooks' headers and the page's. */
  const answerFor = (cached: CachedPage, encoding: Encoding, etag: string, length: number) => {
    const shape = shapes.get(`${encoding} ${cached.csp}`, () =>
      answerShape({ ...hookHeaders, ...pageHeaders(cached.csp, encoding) }),
    );
    return cachedAnswer(shape, etag, length);
  };

  /**
   * The page to send: from memory, kept current by the change check so that no database read is
   * needed, until its term runs out by the clock; otherwise from the store, which also says
   * whether the term was renewed meanwhile, and kept in memory unless it changed during the read.
   */
  const pageToSend = async (
    username: string,
    encoding: Encoding,
  ): Promise<{ cached: CachedPage; body: Buffer } | 'unavailable' | undefined> => {
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
            csp: policyFor(page.imageOrigins),
          };
    // An unpublish or edit seen by a change check during the read: send, but do not keep.
    if (!stored.changedSince(username, epoch)) cache.set(username, fresh);
    return { cached: fresh, body: page.body };
  };

  /**
   * What the hooks put on a page answer (the security headers: the same on every request), as
   * the full path found them: with the page's own headers, every answer the fast path gives.
   */
  let hookHeaders: SentHeaders | undefined;

  /**
   * What the fast path found for a request it handed on (nothing published there, a page
   * offline, a failure), so that the full path answers it without reading the store again.
   */
  const handedOn = new WeakMap<
    IncomingMessage,
    { found: 'unavailable' | undefined } | { failure: unknown }
  >();

  /**
   * For the fast path: the page read as the full path reads it, with the headers the full path
   * gives. Undefined leaves the answer to the full path, which is also the only one to answer
   * until it has sent a page (and so shown what its hooks add).
   */
  const readyToSend = async (request: IncomingMessage, username: string, encoding: Encoding) => {
    if (!hookHeaders) return undefined;
    let found: Awaited<ReturnType<typeof pageToSend>>;
    try {
      found = await pageToSend(username, encoding);
    } catch (failure) {
      handedOn.set(request, { failure });
      return undefined;
    }
    if (!found || found === 'unavailable') {
      handedOn.set(request, { found });
      return undefined;
    }
    const { cached, body } = found;
    const etag = etagForEncoding(cached.etag, encoding);
    cached.headers[encoding] ??= answerFor(cached, encoding, etag, body.length);
    return { answer: cached.headers[encoding], body };
  };

  const servePortfolio = async (
    request: FastifyRequest<{ Params: { username: string } }>,
    reply: FastifyReply,
  ) => {
    const given = request.params.username;
    const username = normaliseUsername(given);
    if (usernameProblem(username)) return notFoundPage(reply, given.slice(0, 60));
    // One address per portfolio: /users/Asha/anything -> /users/asha.
    if (username !== given) return reply.redirect(`/users/${username}`, 301);

    const encoding = pickEncoding(request.headers['accept-encoding']);
    const handed = handedOn.get(request.raw);
    if (handed && 'failure' in handed) throw handed.failure;
    const found = handed ? handed.found : await pageToSend(username, encoding);
    if (!found) return notFoundPage(reply, username);
    if (found === 'unavailable') return unavailablePage(reply);
    const { cached, body } = found;

    const etag = etagForEncoding(cached.etag, encoding);
    hookHeaders ??= reply.getHeaders();
    reply.headers({ ...pageHeaders(cached.csp, encoding), etag, 'content-length': body.length });
    cached.headers[encoding] ??= answerFor(cached, encoding, etag, body.length);
    ctx.onView(username, request.raw);
    if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
      return reply.removeHeader('content-length').status(304).send();
    }
    return reply.send(body);
  };

  app.get('/users/:username', servePortfolio);
  app.get('/users/:username/*', servePortfolio);

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .send(
        [
          'User-agent: *',
          'Allow: /users/',
          'Disallow: /api/',
          'Disallow: /auth/',
          'Disallow: /dev-oidc/',
          'Disallow: /edit',
          'Disallow: /final-preview',
          `Sitemap: ${ctx.publicUrl()}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );

  const sendSitemap = async (request: FastifyRequest, reply: FastifyReply, file: SitemapFile) => {
    // Kept as gzip: a client that names only br (or nothing) gets the XML.
    const gzip = acceptsGzip(request.headers['accept-encoding']);
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .header('vary', 'Accept-Encoding');
    if (gzip) reply.header('content-encoding', 'gzip');
    return reply.send(gzip ? file.gzip : await sitemapXml(file));
  };

  app.get('/sitemap.xml', async (request, reply) => {
    const index = await sitemaps.file(0);
    return sendSitemap(request, reply, index!);
  });

  const sitemapParams = { params: z.object({ file: addressText(40) }) };
  app.get<{ Params: { file: string } }>(
    '/sitemaps/:file',
    { config: sitemapParams },
    async (request, reply) => {
      const number = /^([1-9]\d{0,5})\.xml$/.exec(request.params.file)?.[1];
      const file = number ? await sitemaps.file(Number(number)) : undefined;
      if (!file) {
        return reply
          .status(404)
          .send(errorBody('not_found', 'There is no such sitemap.', { requestId: request.id }));
      }
      return sendSitemap(request, reply, file);
    },
  );

  return createPublicPageFastPath({
    cache,
    onView: ctx.onView,
    readyToSend,
    closing: ctx.closing,
  });
}

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
import { PageAnswers } from './page-answers.js';
import { acceptsGzip, pickEncoding } from '../http/content-encoding.js';
import { PageCache, type SentHeaders } from './page-cache.js';
import { publicPageCsp } from './page-csp.js';
import { PageRenderBusyError } from './page-render-pool.js';
import { PageRenderer } from './page-renderer.js';
import { Sitemaps, sitemapXml, type SitemapFile } from './sitemap.js';
import { StoredPages } from './stored-pages.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Rendered public pages (see stored-pages.service.ts): `refresh(username)` re-renders one. */
    storedPages: StoredPages;
    /** Views of public pages, answered ahead of Fastify (fast-path.ts); the server runs it. */
    publicPageFastPath: PublicPageFastPath;
  }
}

/** When to reload a page refused because the render threads were busy: a second of renders. */
const BUSY_RETRY_SECONDS = 2;

/**
 * Public pages, robots.txt and the sitemap. Views of pages are answered by page-answers.ts, here
 * and on the fast path ahead of Fastify (decorated as publicPageFastPath for the server to run).
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
    /** The headers every answer carries, as the hooks set them (http/security-headers.ts). */
    securityHeaders: SentHeaders;
  },
): void {
  const cache = new PageCache(ctx.cacheBytes);
  const https = () => servedOverHttps(ctx.publicUrl());
  const sitemaps = new Sitemaps(ctx.db, ctx.publicUrl, {
    urlsPerChild: ctx.sitemapUrlsPerChild,
    log: app.log,
  });
  const renderer = new PageRenderer({
    clientDir: ctx.clientDir,
    publicUrl: ctx.publicUrl,
    mediaBase: ctx.mediaBase,
    contactToken: ctx.contactToken,
  });
  const stored = new StoredPages({
    db: ctx.db,
    renderer,
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
    // After the renders under way have been stored (stored.stop waits for them).
    await renderer.close();
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

  /** A page with nothing stored, while the render threads have a full queue: try again soon. */
  const busyPage = (reply: FastifyReply) =>
    reply
      .status(503)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('retry-after', String(BUSY_RETRY_SECONDS))
      .header('content-security-policy', publicPageCsp(https()))
      .send(
        smallPage({
          title: 'Busy right now',
          body: '<h1>This page is being prepared</h1><p>Many pages are being prepared at once. Please reload in a few seconds.</p>',
        }),
      );

  const answers = new PageAnswers({
    cache,
    stored,
    securityHeaders: ctx.securityHeaders,
    https,
    onView: ctx.onView,
  });
  app.decorate('publicPageFastPath', createPublicPageFastPath(answers, ctx.closing));

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
    let found;
    try {
      found = await answers.readForRoute(request.raw, username, encoding);
    } catch (error) {
      if (error instanceof PageRenderBusyError) return busyPage(reply);
      throw error;
    }
    if (!found) return notFoundPage(reply, username);
    if (found === 'unavailable') return unavailablePage(reply);
    answers.countView(username, request.raw);
    const { status, headers } = answers.respond(request.raw, found);
    reply.status(status).headers(headers);
    return status === 304 ? reply.send() : reply.send(found.body);
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
}

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  NOT_FOUND_TITLE,
  PAGE_TITLES,
  PARAMETERISED_PAGES,
  pageTitle,
  templatePreviewed,
} from '../../shared/routes.js';
import { routeModulesOf } from '../../shared/page-modules.js';
import { isStaticRoute, PRERENDERED_ROUTES, prerenderedDocument } from '../../shared/prerender.js';
import { PAYMENTS_MODE_META, type SiteMode } from '../../shared/site-mode.js';
import { errorBody } from './errors.js';
import { escapeHtml } from '../html.js';
import { builderDocument, sendBuilderDocument } from './builder-document.js';
import { appStarterOf, startedAfterFirstScreen } from './app-starter.js';
import { pagePreloads } from './page-preloads.js';

/**
 * Serves the built React app: hashed assets with a year-long cache, every builder route with the
 * app's HTML (its <title> filled in for the direct load), and a 404 page for everything else.
 * Pages that do not depend on the person come already drawn (prerendered by the build), so they
 * paint before their script has loaded; the app then hydrates them, except the static pages,
 * whose documents the build made whole, with their own small script instead of the app. Every
 * document is made and compressed once, at start (builder-document.ts).
 */
export async function registerSpa(
  app: FastifyInstance,
  clientDir: string | undefined,
  mode: SiteMode,
): Promise<void> {
  // The built index.html, and the documents of the pages the build drew, each with the payments
  // mode written in.
  const readPage = (file: string | undefined) =>
    file && existsSync(file)
      ? readFileSync(file, 'utf8').replace(
          '</head>',
          `<meta name="${PAYMENTS_MODE_META}" content="${mode.payments}" /></head>`,
        )
      : undefined;
  const shell = readPage(clientDir && path.join(clientDir, 'index.html'));
  const drawn = new Map<string, string>();
  for (const route of PRERENDERED_ROUTES) {
    const page =
      shell &&
      readPage(clientDir && path.join(clientDir, prerenderedDocument(route, mode.payments)));
    if (page) drawn.set(route, page);
  }
  if (!shell) {
    app.log.warn({ clientDir }, 'the builder is not built; run `npm run build`');
  }

  if (clientDir && shell) {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      wildcard: false,
      cacheControl: false,
      // scripts/precompress.mjs wrote .br and .gz beside each text asset at build time.
      preCompressed: true,
      setHeaders(res, filePath) {
        // Sent in brotli, gzip or plain by what the browser accepts: a shared cache must keep
        // them apart (the static plugin does not say so for precompressed files).
        res.setHeader('vary', 'accept-encoding');
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader(
          'cache-control',
          hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
        );
      },
    });
  }

  const preloadsOf = pagePreloads(clientDir);
  const appStarter = appStarterOf(clientDir);
  const filledIn = (page: string, title: string, preloads: string) =>
    page
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
      .replace('</head>', `${preloads}</head>`);
  const preloadsFor = (route: string | undefined) => {
    const moduleKeys = route ? routeModulesOf(route) : [];
    return moduleKeys.length > 0 ? preloadsOf(moduleKeys) : '';
  };
  /** A route's document: the same bytes for every request, made once, at start. */
  const documentOf = (route: string, title: string) => {
    const page = drawn.get(route);
    if (!page) return filledIn(shell!, title, preloadsFor(route));
    // A static page loads no page of the app. Another drawn page is whole without its code,
    // which only makes it interactive: the code waits until its first screen is painted.
    if (isStaticRoute(route)) return filledIn(page, title, '');
    const whole = filledIn(page, title, preloadsFor(route));
    return appStarter ? startedAfterFirstScreen(whole, appStarter) : whole;
  };
  const notBuilt = (reply: FastifyReply) =>
    reply
      .status(503)
      .type('text/plain; charset=utf-8')
      .send('The builder has not been built yet. Run `npm run build`, then start the server.');
  const notFoundDocument = shell && (await builderDocument(filledIn(shell, NOT_FOUND_TITLE, '')));
  const sendNotFoundPage = (request: FastifyRequest, reply: FastifyReply) =>
    notFoundDocument ? sendBuilderDocument(request, reply, 404, notFoundDocument) : notBuilt(reply);

  for (const [route, title] of Object.entries(PAGE_TITLES)) {
    // The template previews are documents the server draws (template-previews/), not the app's.
    if (templatePreviewed(route)) continue;
    const document = shell && (await builderDocument(documentOf(route, title)));
    app.get(route, (request, reply) =>
      document ? sendBuilderDocument(request, reply, 200, document) : notBuilt(reply),
    );
  }
  // Pages with a value in their address: the same table decides whether the value makes a page.
  for (const page of PARAMETERISED_PAGES) {
    const document = shell && (await builderDocument(documentOf(page.path, page.title)));
    app.get(page.path, (request, reply) => {
      if (!document) return notBuilt(reply);
      return pageTitle(request.url.split('?')[0]!)
        ? sendBuilderDocument(request, reply, 200, document)
        : sendNotFoundPage(request, reply);
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      (request.headers.accept ?? '').includes('text/html');
    if (wantsPage) return sendNotFoundPage(request, reply);
    return reply.status(404).send(
      errorBody(
        'not_found',
        `There is nothing at ${request.method} ${request.url.split('?')[0]}.`,
        {
          requestId: request.id,
        },
      ),
    );
  });
}

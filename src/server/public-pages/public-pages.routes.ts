import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parsePortfolio } from '../../shared/domain/portfolio.js';
import { normaliseUsername, portfolioUrl, usernameProblem } from '../../shared/domain/username.js';
import { isTemplateId, type TemplateId } from '../../shared/routes.js';
import type { Db } from '../db/database.js';
import { escapeHtml, smallPage } from '../http/html.js';
import { createPublicPageFastPath, type PublicPageFastPath } from './fast-path.js';
import {
  cachedAnswer,
  etagForEncoding,
  matchesIfNoneMatch,
  PageCache,
  pickEncoding,
} from './page-cache.js';
import {
  PageGenerationGate,
  pageGenerationReaderSync,
  readPageGeneration,
} from './page-generation.js';
import {
  findPublishedPage,
  listPublishedUsernames,
  type PublishedPage,
} from './public-pages.repository.js';
import { etagFor, renderPortfolioPage } from './render-page.js';
import { templateStylesheets } from './template-assets.js';

/** Public pages run no inline script, load nothing from elsewhere but images, and may be framed only by us. */
export function publicPageCsp(https: boolean): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https: http:",
    "font-src 'self'",
    // Our script makes no requests, but crawlers' page tools (Lighthouse among them) fetch
    // /robots.txt from inside the page; same-origin reads give an injected script nothing new.
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'self'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/**
 * Public pages, robots.txt and the sitemap. Returns the fast path for repeat views of cached
 * pages, which the HTTP server runs ahead of Fastify (see fast-path.ts).
 */
export function registerPublicPages(
  app: FastifyInstance,
  ctx: { db: Db; publicUrl: () => string; clientDir: string | undefined },
): PublicPageFastPath {
  const stylesheets = templateStylesheets(ctx.clientDir);
  const buildId = JSON.stringify(stylesheets);
  const cache = new PageCache();
  const gate = new PageGenerationGate(
    () => readPageGeneration(ctx.db),
    pageGenerationReaderSync(ctx.db),
  );

  const notFoundPage = (reply: FastifyReply, username: string) =>
    reply
      .status(404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'public, max-age=0, must-revalidate')
      .header('content-security-policy', publicPageCsp(ctx.publicUrl().startsWith('https:')))
      .send(
        smallPage({
          title: 'Portfolio not found',
          body: `<h1>Portfolio not found</h1><p>There is no published portfolio at <strong>/users/${escapeHtml(username)}</strong>. The address may be mistyped, or the portfolio may not be published yet.</p><p><a href="/">Build your own portfolio</a></p>`,
        }),
      );

  const render = (username: string, page: PublishedPage & { template_id: TemplateId }) => {
    const parsed = parsePortfolio(JSON.parse(page.data));
    if (!parsed.ok) return parsed;
    const html = renderPortfolioPage({
      username,
      templateId: page.template_id,
      data: parsed.data,
      publicUrl: ctx.publicUrl(),
      stylesheets: stylesheets[page.template_id] ?? [],
    });
    const raw = Buffer.from(html);
    return {
      ok: true as const,
      bodies: {
        identity: raw,
        gzip: gzipSync(raw, { level: 9 }),
        br: brotliCompressSync(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
      },
    };
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

    // The generation first, the page second: a publish between the two leaves the page newer
    // than its stamp, which costs one more check, never a stale page.
    const generation = await gate.current();
    const page = await findPublishedPage(ctx.db, username);
    if (!page || !isTemplateId(page.template_id)) {
      cache.delete(username);
      return notFoundPage(reply, username);
    }
    const version = `${page.updated_at}|${page.template_id}`;
    let cached = cache.get(username);
    if (cached && cached.version === version) {
      cached.generation = generation;
    } else {
      const rendered = render(username, { ...page, template_id: page.template_id });
      if (!rendered.ok) {
        request.log.error(
          { username, problem: rendered.problem },
          'stored portfolio does not pass the schema',
        );
        return notFoundPage(reply, username);
      }
      cached = {
        version,
        generation,
        bodies: rendered.bodies,
        etag: etagFor([username, version, buildId]),
        headers: {},
      };
      cache.set(username, cached);
    }

    const encoding = pickEncoding(request.headers['accept-encoding']);
    const etag = etagForEncoding(cached.etag, encoding);
    const body = cached.bodies[encoding];
    reply.headers({
      'cache-control': 'public, max-age=0, must-revalidate',
      vary: 'Accept-Encoding',
      etag,
      'content-security-policy': publicPageCsp(ctx.publicUrl().startsWith('https:')),
      'content-type': 'text/html; charset=utf-8',
      'content-length': body.length,
      ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
    });
    // Everything the hooks set so far (security headers) is part of the answer the fast path replays.
    cached.headers[encoding] ??= cachedAnswer(etag, reply.getHeaders());
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

  app.get('/sitemap.xml', async (_request, reply) => {
    const rows = await listPublishedUsernames(ctx.db);
    const urls = rows
      .map(
        (row) =>
          `  <url><loc>${escapeHtml(portfolioUrl(ctx.publicUrl(), row.username))}</loc><lastmod>${row.updated_at.slice(0, 10)}</lastmod></url>`,
      )
      .join('\n');
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
      );
  });

  return createPublicPageFastPath(cache, gate);
}

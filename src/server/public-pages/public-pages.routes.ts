import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parsePortfolio } from '../../shared/domain/portfolio.js';
import { normaliseUsername, portfolioUrl, usernameProblem } from '../../shared/domain/username.js';
import { isTemplateId } from '../../shared/routes.js';
import type { Db } from '../db/database.js';
import { escapeHtml, smallPage } from '../http/html.js';
import { findPublishedPage, listPublishedUsernames } from './public-pages.repository.js';
import { etagFor, renderPortfolioPage } from './render-page.js';
import { templateStylesheets } from './template-assets.js';

/** Rendered pages kept in memory, by username, valid while the portfolio's updated_at matches. */
const CACHE_LIMIT = 1000;

interface CachedPage {
  version: string;
  /** The page in each encoding we send, compressed once when rendered. */
  bodies: Record<Encoding, Buffer>;
  etag: string;
}

type Encoding = 'br' | 'gzip' | 'identity';

/** The best encoding the client accepts (q-values are not weighed: browsers do not send 0). */
function pickEncoding(accept: string | undefined): Encoding {
  const offered = (accept ?? '').toLowerCase();
  if (/\bbr\b/.test(offered)) return 'br';
  if (/\bgzip\b/.test(offered)) return 'gzip';
  return 'identity';
}

/** Public pages run no inline script, load nothing from elsewhere but images, and may be framed only by us. */
export function publicPageCsp(https: boolean): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https: http:",
    "font-src 'self'",
    "connect-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'self'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

export function registerPublicPages(
  app: FastifyInstance,
  ctx: { db: Db; publicUrl: () => string; clientDir: string | undefined },
): void {
  const stylesheets = templateStylesheets(ctx.clientDir);
  const cache = new Map<string, CachedPage>();
  const buildId = JSON.stringify(stylesheets);

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

  const servePortfolio = async (
    request: FastifyRequest<{ Params: { username: string } }>,
    reply: FastifyReply,
  ) => {
    const given = request.params.username;
    const username = normaliseUsername(given);
    if (usernameProblem(username)) return notFoundPage(reply, given.slice(0, 60));
    // One address per portfolio: /users/Asha/anything -> /users/asha.
    if (username !== given) return reply.redirect(`/users/${username}`, 301);

    const page = await findPublishedPage(ctx.db, username);
    if (!page || !isTemplateId(page.template_id)) return notFoundPage(reply, username);
    const version = `${page.updated_at}|${page.template_id}`;
    let cached = cache.get(username);
    if (!cached || cached.version !== version) {
      const parsed = parsePortfolio(JSON.parse(page.data));
      if (!parsed.ok) {
        request.log.error(
          { username, problem: parsed.problem },
          'stored portfolio does not pass the schema',
        );
        return notFoundPage(reply, username);
      }
      const html = renderPortfolioPage({
        username,
        templateId: page.template_id,
        data: parsed.data,
        publicUrl: ctx.publicUrl(),
        stylesheets: stylesheets[page.template_id] ?? [],
      });
      const raw = Buffer.from(html);
      cached = {
        version,
        bodies: {
          identity: raw,
          gzip: gzipSync(raw, { level: 9 }),
          br: brotliCompressSync(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        },
        etag: etagFor([username, version, buildId]),
      };
      cache.delete(username);
      cache.set(username, cached);
      if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    }
    const encoding = pickEncoding(request.headers['accept-encoding']);
    // Each representation has its own tag, as HTTP asks of strong validators.
    const etag = encoding === 'identity' ? cached.etag : `${cached.etag.slice(0, -1)}-${encoding}"`;
    reply
      .header('cache-control', 'public, max-age=0, must-revalidate')
      .header('vary', 'Accept-Encoding')
      .header('etag', etag)
      .header('content-security-policy', publicPageCsp(ctx.publicUrl().startsWith('https:')));
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.type('text/html; charset=utf-8').send(cached.bodies[encoding]);
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
}

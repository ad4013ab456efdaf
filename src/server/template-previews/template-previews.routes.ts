import type { FastifyInstance } from 'fastify';
import { templatePreviewPath } from '../../shared/routes.js';
import { TEMPLATE_IDS } from '../../shared/templates/catalog.js';
import { etagForEncoding, matchesIfNoneMatch, pickEncoding } from '../public-pages/page-cache.js';
import { PageRenderBusyError, PageRenderFailedError } from '../public-pages/page-render-pool.js';
import { TemplatePreviews, type TemplatePreviewsOptions } from './template-previews.service.js';

/** The stored column of each encoding, as a document keeps them. */
const BODY = { identity: 'html', gzip: 'gzip', br: 'br' } as const;

/**
 * /template1 ... /template5: each template's preview, a document drawn by the server as the
 * template's published page (template-previews.service.ts), not a page of the builder's app.
 * Answered as a public page is: from memory, in the encoding asked for, with its own tag, so a
 * browser that holds it gets a 304. Any other /templateN is not a page (the SPA's 404).
 */
export function registerTemplatePreviewRoutes(
  app: FastifyInstance,
  options: TemplatePreviewsOptions,
): void {
  const previews = new TemplatePreviews(options);
  app.addHook('onReady', () => previews.start());
  app.addHook('onClose', () => previews.close());

  for (const templateId of TEMPLATE_IDS) {
    app.get(templatePreviewPath(templateId), async (request, reply) => {
      let document;
      try {
        document = await previews.documentFor(templateId);
      } catch (error) {
        if (!(error instanceof PageRenderBusyError || error instanceof PageRenderFailedError)) {
          throw error;
        }
        // The render threads are full or the render failed: nothing half-drawn, try again soon.
        return reply
          .status(503)
          .header('retry-after', '2')
          .header('cache-control', 'no-store')
          .send();
      }
      if (!document) return reply.callNotFound();
      const encoding = pickEncoding(request.headers['accept-encoding']);
      const etag = etagForEncoding(document.etag, encoding);
      reply
        .header('cache-control', 'public, max-age=0, must-revalidate')
        .header('vary', 'Accept-Encoding')
        .header('etag', etag)
        .header('content-security-policy', document.csp);
      if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
        return reply.status(304).send();
      }
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.type('text/html; charset=utf-8').send(document[BODY[encoding]]);
    });
  }
}

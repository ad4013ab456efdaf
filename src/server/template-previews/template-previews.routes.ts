import type { FastifyInstance } from 'fastify';
import { templatePreviewPath } from '../../shared/routes.js';
import { TEMPLATE_IDS } from '../../shared/templates/catalog.js';
import { sendBuilderDocument } from '../http/builder-document.js';
import { renderUnavailable } from '../public-pages/page-render-pool.js';
import { TemplatePreviews, type TemplatePreviewsOptions } from './template-previews.service.js';

/**
 * /template1 ... /template5: each template's preview, a document drawn by the server as the
 * template's published page (template-previews.service.ts), not a page of the builder's app.
 * Answered as the builder's other documents are: from memory, in the encoding asked for, with
 * its own tag, so a browser that holds it gets a 304. Any other /templateN is not a page (the SPA's 404).
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
        if (!renderUnavailable(error)) throw error;
        // The render threads are full or the render failed: nothing half-drawn, try again soon.
        return reply
          .status(503)
          .header('retry-after', '2')
          .header('cache-control', 'no-store')
          .send();
      }
      if (!document) return reply.callNotFound();
      reply.header('content-security-policy', document.csp);
      return sendBuilderDocument(request, reply, 200, document);
    });
  }
}

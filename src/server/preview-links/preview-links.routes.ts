import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { PREVIEW_LINKS_PATH, type PreviewLinksResponse } from '../../shared/preview-links.js';
import { servedOverHttps } from '../config.js';
import { badRequest, HttpError, notFound, refusalsAsHttp } from '../http/errors.js';
import { addressText, PORTFOLIO_BODY_BYTES } from '../http/route-rules.js';
import { publicPageCsp } from '../public-pages/page-csp.js';
import { PreviewLinkError } from './errors.js';
import { readShareRequest } from './preview-links.input.js';
import {
  listPreviewLinks,
  previewPageSource,
  renewPreviewLink,
  revokePreviewLink,
  sharePreview,
  type PreviewLinksContext,
} from './preview-links.service.js';
import { ENDED_PREVIEW_PAGE, PreviewPages, UNKNOWN_PREVIEW_PAGE } from './preview-page.js';
import { renderUnavailable } from '../public-pages/page-render-pool.js';

/** How each refusal of the preview-link rules is answered over HTTP. */
function httpErrorFor(error: PreviewLinkError): HttpError {
  switch (error.refusal) {
    case 'limit':
      return new HttpError(409, 'preview_limit', error.message);
    case 'lifetime':
      return new HttpError(409, 'preview_lifetime', error.message);
    case 'not_found':
      return notFound(error.message);
    case 'foreign_upload':
      return badRequest(error.message, error.field);
  }
}

const answer = refusalsAsHttp(PreviewLinkError, httpErrorFor);

/**
 * Preview links: the signed-in person's API (share, list, renew, revoke) and the page a link
 * opens, /preview/{token}, for anyone who has it.
 */
export function registerPreviewLinkRoutes(
  app: FastifyInstance,
  ctx: PreviewLinksContext & { clientDir: string | undefined; mediaBase: string },
): void {
  const pages = new PreviewPages(ctx);
  app.addHook('onClose', () => pages.close());

  // A snapshot is a whole portfolio document: the publish routes' body limit.
  const shareRules = {
    config: { signedIn: true, rateLimits: ['previewLinksPerIp', 'previewLinksPerUser'] },
    bodyLimit: PORTFOLIO_BODY_BYTES,
  } as const;
  app.post(PREVIEW_LINKS_PATH, shareRules, async (request, reply) => {
    const user = await request.requireUser();
    const input = readShareRequest(request.body);
    const shared = await answer(() => sharePreview(ctx, user.id, input));
    reply.status(shared.created ? 201 : 200).header('cache-control', 'no-store');
    return shared;
  });

  app.get(
    PREVIEW_LINKS_PATH,
    { config: { signedIn: true } },
    async (request, reply): Promise<PreviewLinksResponse> => {
      const user = await request.requireUser();
      reply.header('cache-control', 'no-store');
      return { links: await listPreviewLinks(ctx, user.id) };
    },
  );

  const idRules = {
    signedIn: true,
    rateLimits: ['previewLinksPerUser'],
    params: z.object({ id: addressText(64) }),
  } as const;
  app.post<{ Params: { id: string } }>(
    `${PREVIEW_LINKS_PATH}/:id/renew`,
    { config: idRules },
    async (request, reply) => {
      const user = await request.requireUser();
      const link = await answer(() => renewPreviewLink(ctx, user.id, request.params.id));
      reply.header('cache-control', 'no-store');
      return { link };
    },
  );

  app.delete<{ Params: { id: string } }>(
    `${PREVIEW_LINKS_PATH}/:id`,
    { config: idRules },
    async (request, reply) => {
      const user = await request.requireUser();
      await answer(() => revokePreviewLink(ctx, user.id, request.params.id));
      pages.forget(request.params.id);
      return reply.status(204).send();
    },
  );

  /** An ended or unknown link: a plain page, nothing of anyone's, not kept by anyone. */
  const plainPage = (reply: FastifyReply, status: 404 | 410, html: string) =>
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .header('content-security-policy', publicPageCsp(servedOverHttps(ctx.publicUrl())))
      .send(html);

  app.get<{ Params: { token: string } }>(
    '/preview/:token',
    { config: { rateLimits: ['previewViewsPerIp'], params: z.object({ token: addressText(64) }) } },
    async (request, reply) => {
      const source = await previewPageSource(ctx, request.params.token);
      if (source.status === 'unknown') return plainPage(reply, 404, UNKNOWN_PREVIEW_PAGE);
      if (source.status === 'ended') return plainPage(reply, 410, ENDED_PREVIEW_PAGE);
      let page;
      try {
        page = await pages.pageOf(source.version, source.templateId, source.data);
      } catch (error) {
        if (!renderUnavailable(error)) throw error;
        // The render threads are full or the render failed: nothing half-drawn, try again soon.
        return reply
          .status(503)
          .header('retry-after', '2')
          .header('cache-control', 'no-store')
          .send();
      }
      if (!page) return plainPage(reply, 410, ENDED_PREVIEW_PAGE);
      return (
        reply
          .type('text/html; charset=utf-8')
          // The person may share again or revoke at any moment: never served from a cache.
          .header('cache-control', 'no-store')
          .header('x-robots-tag', 'noindex')
          // The token is in the address: never passed on to the sites the page links to.
          .header('referrer-policy', 'no-referrer')
          .header('content-security-policy', page.csp)
          .send(page.html)
      );
    },
  );
}

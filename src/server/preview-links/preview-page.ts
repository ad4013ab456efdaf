import { LRUCache } from 'lru-cache';
import type { PortfolioData } from '../../shared/domain/portfolio.js';
import type { TemplateId } from '../../shared/templates/catalog.js';
import { servedOverHttps } from '../config.js';
import { smallPage } from '../html.js';
import { imageOriginsOf, publicPageCsp } from '../public-pages/page-csp.js';
import { renderPortfolioPage } from '../public-pages/render-page.js';
import { templateBuild } from '../public-pages/template-assets.js';

/** Rendered previews kept in memory: a page is 10-25 ms of the event loop to render. */
const RENDERED_KEPT_BYTES = 16 * 1024 * 1024;

/**
 * A preview link's page: the public page's own renderer and stylesheets, in its preview form
 * (render-page.tsx: noindex, the strip, the contact form closed, no script). Rendered on the first
 * view of each version of the snapshot and kept in memory by that version, so that views of one
 * link, however many, cost one render; sharing again makes a new version.
 */
export class PreviewPages {
  private readonly build;
  private readonly rendered = new LRUCache<string, { html: string; csp: string }>({
    maxSize: RENDERED_KEPT_BYTES,
    sizeCalculation: (page) => page.html.length + page.csp.length,
  });

  constructor(
    private readonly options: {
      clientDir: string | undefined;
      publicUrl: () => string;
      mediaBase: string;
    },
  ) {
    this.build = templateBuild(options.clientDir);
  }

  /** The page of one version of a snapshot (its link and time), rendered once. */
  pageOf(version: string, templateId: TemplateId, data: PortfolioData) {
    const kept = this.rendered.get(version);
    if (kept) return kept;
    const page = this.render(templateId, data);
    this.rendered.set(version, page);
    return page;
  }

  render(templateId: TemplateId, data: PortfolioData): { html: string; csp: string } {
    const { publicUrl, mediaBase } = this.options;
    const html = renderPortfolioPage({
      username: '',
      templateId,
      data,
      publicUrl: publicUrl(),
      mediaBase,
      stylesheets: this.build.stylesheets[templateId] ?? [],
      preview: true,
    });
    const csp = previewPageCsp(servedOverHttps(publicUrl()), imageOriginsOf(data, mediaBase));
    return { html, csp };
  }
}

/**
 * The public pages' policy with nothing to run and nowhere to send: a preview loads no script
 * and its form is closed, so neither is allowed at all.
 */
export function previewPageCsp(https: boolean, imageOrigins: readonly string[]): string {
  return publicPageCsp(https, imageOrigins)
    .split('; ')
    .map((directive) => {
      if (directive.startsWith('script-src ')) return "script-src 'none'";
      if (directive.startsWith('connect-src ')) return "connect-src 'none'";
      if (directive.startsWith('form-action ')) return "form-action 'none'";
      return directive;
    })
    .join('; ');
}

/** A link that was revoked or ran out (410). */
export const ENDED_PREVIEW_PAGE = smallPage({
  title: 'This preview has ended',
  body: '<h1>This preview has ended</h1><p>The person who shared this link has revoked it, or its 14 days are over. Ask them for a new link, or for the address of their published page.</p><p><a href="/">Build your own portfolio</a></p>',
});

/** An address that never was a preview link (404). */
export const UNKNOWN_PREVIEW_PAGE = smallPage({
  title: 'Preview not found',
  body: '<h1>Preview not found</h1><p>There is no preview at this address. Check that the whole link was copied.</p><p><a href="/">Build your own portfolio</a></p>',
});

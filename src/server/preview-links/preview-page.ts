import { LRUCache } from 'lru-cache';
import type { TemplateId } from '../../shared/templates/catalog.js';
import { servedOverHttps } from '../config.js';
import { smallPage } from '../html.js';
import { publicPageCsp } from '../public-pages/page-csp.js';
import { acquireSharedRenderPool } from '../public-pages/page-render-pool.js';
import { templateBuild } from '../public-pages/template-assets.js';
import type { PreviewVersion } from './preview-links.service.js';

/** Rendered previews kept in memory, by their HTML's bytes. */
const RENDERED_KEPT_BYTES = 16 * 1024 * 1024;

/** A preview's page as sent: its HTML and its policy. */
export interface PreviewPage {
  html: Buffer;
  csp: string;
}

/**
 * A preview link's page: the public page's own renderer and stylesheets, in its preview form
 * (render-page.tsx: noindex, the strip, the contact form closed, no script), rendered by the
 * public pages' render threads (parsing the snapshot included, and capped at the published
 * page's size), never on the event loop. Each version of a snapshot (its link and the digest of
 * its data) is rendered once and kept, so views of one link cost one render; sharing again makes
 * a new version, and revoking forgets the link's.
 */
export class PreviewPages {
  private readonly build;
  private readonly renderThreads = acquireSharedRenderPool();
  private readonly rendered = new LRUCache<string, PreviewPage>({
    maxSize: RENDERED_KEPT_BYTES,
    sizeCalculation: (page) => page.html.byteLength + page.csp.length,
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

  /**
   * The page of one version of a snapshot, or undefined when the stored snapshot cannot be shown.
   * Throws PageRenderBusyError when the render threads are full.
   */
  async pageOf(
    version: PreviewVersion,
    templateId: TemplateId,
    storedData: string,
  ): Promise<PreviewPage | undefined> {
    const key = `${version.linkId}:${version.digest}`;
    const kept = this.rendered.get(key);
    if (kept) return kept;
    const { publicUrl, mediaBase } = this.options;
    const bytes = await this.renderThreads.pool.render({
      username: '',
      templateId,
      data: storedData,
      publicUrl: publicUrl(),
      canonicalUrl: undefined,
      mediaBase,
      stylesheets: this.build.stylesheets[templateId] ?? [],
      contactToken: undefined,
      variant: { kind: 'preview-link' },
    });
    if (!bytes.ok) return undefined;
    const page = {
      html: Buffer.from(bytes.html),
      csp: publicPageCsp(servedOverHttps(publicUrl()), bytes.imageOrigins, { preview: true }),
    };
    this.rendered.set(key, page);
    return page;
  }

  /** Drops a link's rendered versions (it was revoked: nothing of it stays). */
  forget(linkId: string): void {
    for (const key of this.rendered.keys()) {
      if (key.startsWith(`${linkId}:`)) this.rendered.delete(key);
    }
  }

  async close(): Promise<void> {
    this.rendered.clear();
    await this.renderThreads.release();
  }
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

import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { PAGE_TITLES, templatePreviewPath } from '../../shared/routes.js';
import { SITE_DESCRIPTION } from '../../shared/site.js';
import type { TemplateId } from '../../shared/templates/catalog.js';
import { servedOverHttps } from '../config.js';
import type { Db } from '../db/database.js';
import { publicPageCsp } from '../public-pages/page-csp.js';
import { acquireSharedRenderPool } from '../public-pages/page-render-pool.js';
import { stylesheetText, templateBuild } from '../public-pages/template-assets.js';
import {
  templatePreviewSources,
  type TemplatePreviewSource,
} from '../templates/templates.service.js';
import { PREVIEW_BAR_STYLE, previewBar } from './preview-bar.js';
import { sampleFontPreloads } from './preview-fonts.js';

/**
 * How long the templates' prices (and samples) read from the database are used before they are
 * read again: a price an operator sets or clears (npm run admin, in any process) shows on the
 * previews within this, and a view costs no query.
 */
const SOURCES_FRESH_MS = 2000;

/** A preview's document as every view sends it: in each encoding, with its tag and policy. */
/**
 * A preview's document as the route sends it (http/builder-document.ts's shape, which a service
 * does not import): its tag names the sample, whether the template is for sale, the mode and the
 * template build; the page has its own content security policy.
 */
export interface PreviewDocument {
  etag: string;
  csp: string;
  html: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/** The template's sample as read, with a short name for its version. */
interface Source extends TemplatePreviewSource {
  version: string;
}

export interface TemplatePreviewsOptions {
  db: Db;
  clientDir: string | undefined;
  publicUrl: () => string;
  mediaBase: string;
  /** Payments run on the built-in test gateway: the bar carries the test-mode badge. */
  testMode: boolean;
  log: FastifyBaseLogger;
}

const digest = (text: string) => createHash('sha256').update(text).digest('base64url');

/**
 * The template previews, /template1 ... /template5: each template's sample (as GET
 * /api/templates/{id} answers it) drawn by the public pages' renderer in its render threads, as
 * the template's published page with its script, under the builder's bar (preview-bar.ts). The
 * sample changes only with a deploy and the bar only with the template's price, so a document
 * is drawn once per sample and price state and kept: a view sends bytes from memory. The prices
 * are read again in the background once they are a couple of seconds old.
 */
export class TemplatePreviews {
  private readonly renderThreads = acquireSharedRenderPool();
  private readonly build;
  private sources?: Map<TemplateId, Source>;
  private readAt = 0;
  private reading?: Promise<void>;
  private closed = false;
  /** Documents by template, sample version and price state; a failed render is not kept. */
  private readonly documents = new Map<string, Promise<PreviewDocument>>();

  constructor(private readonly options: TemplatePreviewsOptions) {
    this.build = templateBuild(options.clientDir);
  }

  /**
   * The preview of `templateId` as it is now, or undefined for a template the database does not
   * list. Throws PageRenderBusyError or PageRenderFailedError when it could not be drawn.
   */
  async documentFor(
    templateId: TemplateId,
    now = Date.now(),
  ): Promise<PreviewDocument | undefined> {
    if (!this.sources) await this.readSources(now);
    else if (now - this.readAt >= SOURCES_FRESH_MS) {
      // The views meanwhile are answered from what was read last.
      void this.readSources(now).catch((error: unknown) =>
        this.options.log.warn({ err: error }, 'template previews: prices not read again'),
      );
    }
    const source = this.sources?.get(templateId);
    if (!source) return undefined;
    const key = `${templateId} ${source.version} ${source.forSale}`;
    let document = this.documents.get(key);
    if (!document) {
      document = this.draw(source);
      this.documents.set(key, document);
      document.catch(() => this.documents.delete(key));
    }
    return document;
  }

  /**
   * Reads the samples and prices before the server takes requests, so the previews are drawn
   * from memory even while the database is away (a failure is left to the first view), then
   * draws them in the background: the first view after a deploy finds its document ready.
   */
  async start(now = Date.now()): Promise<void> {
    try {
      await this.readSources(now);
    } catch (error) {
      this.options.log.warn({ err: error }, 'template previews: samples and prices not read');
      return;
    }
    void (async () => {
      for (const templateId of this.sources?.keys() ?? []) {
        if (this.closed) return;
        // A failure is the first view's to meet again.
        await this.documentFor(templateId, now).catch(() => {});
      }
    })();
  }

  async close(): Promise<void> {
    // The drawing at start stops after the render under way, which the pool's close awaits.
    this.closed = true;
    await this.reading?.catch(() => {});
    this.documents.clear();
    await this.renderThreads.release();
  }

  /** Reads every template's sample and price, once at a time; keeps the documents still current. */
  private readSources(now: number): Promise<void> {
    this.reading ??= (async () => {
      try {
        const read = await templatePreviewSources(this.options.db);
        const sources = new Map<TemplateId, Source>();
        for (const source of read) {
          const known = this.sources?.get(source.id);
          const version = known?.data === source.data ? known.version : digest(source.data);
          sources.set(source.id, { ...source, version });
        }
        this.sources = sources;
        this.readAt = now;
        for (const key of this.documents.keys()) {
          const [id, version] = key.split(' ');
          if (sources.get(id as TemplateId)?.version !== version) this.documents.delete(key);
        }
      } finally {
        this.reading = undefined;
      }
    })();
    return this.reading;
  }

  private async draw(source: Source): Promise<PreviewDocument> {
    const { publicUrl, mediaBase, testMode } = this.options;
    const path = templatePreviewPath(source.id);
    const css = stylesheetText(this.options.clientDir, this.build.stylesheets[source.id] ?? []);
    const fonts = sampleFontPreloads(source.id, css);
    // A font renamed or dropped from the template: the preview still draws, a little later.
    if (fonts.missing.length > 0) {
      this.options.log.warn(
        { templateId: source.id, missing: fonts.missing },
        'template preview: fonts to preload not found in its CSS',
      );
    }
    const bytes = await this.renderThreads.pool.render({
      username: '',
      templateId: source.id,
      data: source.data,
      publicUrl: publicUrl(),
      canonicalUrl: undefined,
      mediaBase,
      stylesheets: [],
      contactToken: undefined,
      variant: {
        kind: 'template-preview',
        frame: {
          stylesheetText: css,
          fontPreloads: fonts.links,
          title: PAGE_TITLES[path]!,
          description: SITE_DESCRIPTION,
          bar: previewBar({ templateId: source.id, forSale: source.forSale, testMode }),
          style: PREVIEW_BAR_STYLE,
        },
      },
    });
    if (!bytes.ok) throw new Error(`the sample of ${source.id} cannot be shown: ${bytes.problem}`);
    const version = [source.version, source.forSale, testMode, ...this.build.files].join(' ');
    return {
      etag: `"tp-${digest(version).slice(0, 22)}"`,
      csp: publicPageCsp(servedOverHttps(publicUrl()), bytes.imageOrigins, {
        preview: true,
        pageScript: true,
      }),
      html: Buffer.from(bytes.html),
      gzip: Buffer.from(bytes.gzip),
      br: Buffer.from(bytes.br),
    };
  }
}

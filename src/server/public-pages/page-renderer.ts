import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { isTemplateId } from '../../shared/templates/catalog.js';
import { escapeHtml, smallPage } from '../html.js';
import { decodeStoredPortfolio } from '../portfolios/stored-portfolio.js';
import { imageOriginsOf } from './page-csp.js';
import type { PageSourceRow, StoredPage } from './public-pages.repository.js';
import { etagFor, renderPortfolioPage } from './render-page.js';
import { templateBuild } from './template-assets.js';

/**
 * Bump when render-page.tsx changes what it writes around the templates: every stored page is
 * then re-rendered in the background after the deploy (the templates' own changes are seen from
 * the build's file names).
 */
const PAGE_FORMAT_VERSION = '4';

/**
 * The largest page we store and send. A real portfolio is 15-60 KB of HTML; text that swells when
 * escaped (`&<>'` mixes) can make a portfolio of the allowed size render to most of a megabyte,
 * and such a page costs every visitor and every render. Bigger pages are replaced by a notice.
 */
export const MAX_RENDERED_PAGE_BYTES = 512 * 1024;

/** Brotli quality for pages: 6 compresses a typical page about as well as gzip 9 in a few ms. */
const BROTLI_QUALITY = 6;

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** A page rendered for `username`, as every process stores and sends it. */
export interface RenderedPage extends StoredPage {
  username: string;
}

export type RenderResult =
  { ok: true; page: RenderedPage; tooLarge: boolean } | { ok: false; problem: string };

export const sourceVersionOf = (source: { templateId: string; updatedAt: string }) =>
  `${source.updatedAt}|${source.templateId}`;

/**
 * Turns a stored portfolio into the bytes every view sends. The HTML is rendered on the event
 * loop (a few milliseconds for a page of the allowed size); compression runs in libuv's thread
 * pool through zlib's asynchronous API, so a render never holds up other requests for long.
 */
export class PageRenderer {
  private readonly build;
  private version?: { publicUrl: string; value: string };

  constructor(
    private readonly options: {
      clientDir: string | undefined;
      publicUrl: () => string;
      mediaBase: string;
      /** A fresh contact form start token (contact-token.ts); none in the seed command. */
      contactToken?: () => string;
    },
  ) {
    this.build = templateBuild(options.clientDir);
  }

  /**
   * Names the templates, page format and public address that pages are rendered with: a page
   * stored under another version is re-rendered in the background and served as it is meanwhile.
   */
  templateVersion(): string {
    const publicUrl = this.options.publicUrl();
    if (this.version?.publicUrl !== publicUrl) {
      const value = createHash('sha256')
        .update(
          JSON.stringify([
            PAGE_FORMAT_VERSION,
            publicUrl,
            this.options.mediaBase,
            this.build.files,
          ]),
        )
        .digest('base64url')
        .slice(0, 16);
      this.version = { publicUrl, value };
    }
    return this.version.value;
  }

  async render(username: string, source: PageSourceRow): Promise<RenderResult> {
    const templateId = source.templateId;
    if (!isTemplateId(templateId)) return { ok: false, problem: `unknown template ${templateId}` };
    const sourceVersion = sourceVersionOf(source);
    const templateVersion = this.templateVersion();
    let html: Buffer | undefined;
    let imageOrigins: string[] = [];
    // Escaping only ever lengthens text, so data this long cannot fit: skip rendering it at all.
    if (source.data.length <= MAX_RENDERED_PAGE_BYTES) {
      const parsed = decodeStoredPortfolio(source.data);
      if (!parsed.ok) return { ok: false, problem: JSON.stringify(parsed.problem) };
      imageOrigins = imageOriginsOf(parsed.data, this.options.mediaBase);
      html = Buffer.from(
        renderPortfolioPage({
          username,
          templateId,
          data: parsed.data,
          publicUrl: this.options.publicUrl(),
          canonicalUrl: source.canonicalHost ? `https://${source.canonicalHost}/` : undefined,
          mediaBase: this.options.mediaBase,
          stylesheets: this.build.stylesheets[templateId] ?? [],
          contactToken: this.options.contactToken?.(),
        }),
      );
    }
    const tooLarge = !html || html.length > MAX_RENDERED_PAGE_BYTES;
    if (!html || tooLarge) {
      html = Buffer.from(tooLargeNotice(username));
      imageOrigins = [];
    }
    const [gzipped, brotli] = await Promise.all([
      gzipAsync(html, { level: 9 }),
      brotliAsync(html, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: html.length,
        },
      }),
    ]);
    return {
      ok: true,
      tooLarge,
      page: {
        username,
        sourceVersion,
        templateVersion,
        etag: etagFor([username, sourceVersion, templateVersion]),
        imageOrigins,
        html,
        gzip: gzipped,
        br: brotli,
      },
    };
  }
}

function tooLargeNotice(username: string): string {
  return smallPage({
    title: 'Portfolio too large to show',
    body: `<h1>This portfolio is too large to show</h1><p>The portfolio at <strong>/users/${escapeHtml(username)}</strong> renders to more than ${MAX_RENDERED_PAGE_BYTES / 1024} KB. Its owner can shorten it and update it at the same username.</p><p><a href="/">Build your own portfolio</a></p>`,
  });
}

import { createHash } from 'node:crypto';
import { isTemplateId } from '../../shared/templates/catalog.js';
import type { PageBytes } from './page-bytes.js';
import { acquireSharedRenderPool, type PageRenderPool } from './page-render-pool.js';
import type { PageSourceRow, StoredPage } from './public-pages.repository.js';
import { templateBuild } from './template-assets.js';

export { MAX_RENDERED_PAGE_BYTES } from './page-bytes.js';

/**
 * Bump when render-page.tsx changes what it writes around the templates: every stored page is
 * then re-rendered in the background after the deploy (the templates' own changes are seen from
 * the build's file names).
 */
const PAGE_FORMAT_VERSION = '4';

/** A page rendered for `username`, as every process stores and sends it. */
export interface RenderedPage extends StoredPage {
  username: string;
}

export type RenderResult =
  { ok: true; page: RenderedPage; tooLarge: boolean } | { ok: false; problem: string };

export const sourceVersionOf = (source: { templateId: string; updatedAt: string }) =>
  `${source.updatedAt}|${source.templateId}`;

export function etagFor(parts: string[]): string {
  return `"${createHash('sha256').update(parts.join('\n')).digest('base64url').slice(0, 27)}"`;
}

/**
 * Turns a stored portfolio into the bytes every view sends. Parsing, React's render and the
 * compression run in the render threads (page-render-pool.ts); the event loop only names the
 * versions and hands the bytes on. Throws PageRenderBusyError or PageRenderFailedError when the
 * threads cannot render it now.
 */
export class PageRenderer {
  private readonly build;
  private readonly pool: PageRenderPool;
  private readonly release: () => Promise<void>;
  private version?: { publicUrl: string; value: string };

  constructor(
    private readonly options: {
      clientDir: string | undefined;
      publicUrl: () => string;
      mediaBase: string;
      /** A fresh contact form start token (contact-token.ts); none in the seed command. */
      contactToken?: () => string;
      /** The process's shared render threads unless given (a test's crashing ones). */
      pool?: PageRenderPool;
    },
  ) {
    this.build = templateBuild(options.clientDir);
    if (options.pool) {
      this.pool = options.pool;
      this.release = async () => {};
    } else {
      ({ pool: this.pool, release: this.release } = acquireSharedRenderPool());
    }
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
    const bytes: PageBytes = await this.pool.render({
      username,
      templateId,
      data: source.data,
      publicUrl: this.options.publicUrl(),
      canonicalUrl: source.canonicalHost ? `https://${source.canonicalHost}/` : undefined,
      mediaBase: this.options.mediaBase,
      stylesheets: this.build.stylesheets[templateId] ?? [],
      contactToken: this.options.contactToken?.(),
    });
    if (!bytes.ok) return bytes;
    return {
      ok: true,
      tooLarge: bytes.tooLarge,
      page: {
        username,
        sourceVersion,
        templateVersion,
        etag: etagFor([username, sourceVersion, templateVersion]),
        imageOrigins: bytes.imageOrigins,
        html: asBuffer(bytes.html),
        gzip: asBuffer(bytes.gzip),
        br: asBuffer(bytes.br),
      },
    };
  }

  /** Lets go of the shared render threads (when the server closes); the last user ends them. */
  async close(): Promise<void> {
    await this.release();
  }
}

/** Bytes made in a thread arrive as plain Uint8Arrays: viewed as Buffers, not copied. */
const asBuffer = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

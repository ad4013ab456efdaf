import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { TemplateId } from '../../shared/templates/catalog.js';
import { escapeHtml, smallPage } from '../html.js';
import { decodeStoredPortfolio } from '../portfolios/stored-portfolio.js';
import { imageOriginsOf } from './page-csp.js';
import { renderPortfolioPage, type PageVariant } from './render-page.js';

/**
 * The largest page we store and send. A real portfolio is 15-60 KB of HTML; text that swells when
 * escaped (`&<>'` mixes) can make a portfolio of the allowed size render to most of a megabyte,
 * and such a page costs every visitor and every render. Bigger pages are replaced by a notice.
 */
export const MAX_RENDERED_PAGE_BYTES = 512 * 1024;

/** Brotli quality for pages: 6 compresses a typical page about as well as gzip 9 in a few ms. */
const BROTLI_QUALITY = 6;

/** What a render thread is given: the stored portfolio as text and what the page is made with. */
export interface PageBytesJob {
  username: string;
  templateId: TemplateId;
  /** The portfolio as stored (JSON): parsed and checked in the thread, not on the event loop. */
  data: string;
  publicUrl: string;
  canonicalUrl: string | undefined;
  mediaBase: string;
  stylesheets: string[];
  contactToken: string | undefined;
  /** Which document the page is drawn as (render-page.tsx); the published page when not given. */
  variant?: PageVariant;
}

/** A page's bytes as every view sends them, or why the stored portfolio cannot be shown. */
export type PageBytes =
  | {
      ok: true;
      tooLarge: boolean;
      imageOrigins: string[];
      html: Uint8Array;
      gzip: Uint8Array;
      br: Uint8Array;
    }
  | { ok: false; problem: string };

/**
 * Parses the stored portfolio, renders its page with React, and compresses it: all of a page's
 * work but storing it. Synchronous, for a render thread (page-render.worker.ts), where holding
 * the thread is the point.
 */
export function renderPageBytes(job: PageBytesJob): PageBytes {
  let html: Buffer | undefined;
  let imageOrigins: string[] = [];
  // Escaping only ever lengthens text, so data this long cannot fit: skip rendering it at all.
  if (job.data.length <= MAX_RENDERED_PAGE_BYTES) {
    const parsed = decodeStoredPortfolio(job.data);
    if (!parsed.ok) return { ok: false, problem: JSON.stringify(parsed.problem) };
    imageOrigins = imageOriginsOf(parsed.data, job.mediaBase);
    html = Buffer.from(
      renderPortfolioPage({
        username: job.username,
        templateId: job.templateId,
        data: parsed.data,
        publicUrl: job.publicUrl,
        canonicalUrl: job.canonicalUrl,
        mediaBase: job.mediaBase,
        stylesheets: job.stylesheets,
        contactToken: job.contactToken,
        variant: job.variant,
      }),
    );
  }
  const tooLarge = !html || html.length > MAX_RENDERED_PAGE_BYTES;
  if (!html || tooLarge) {
    html = Buffer.from(
      job.variant?.kind === 'preview-link' ? TOO_LARGE_PREVIEW : tooLargeNotice(job.username),
    );
    imageOrigins = [];
  }
  return {
    ok: true,
    tooLarge,
    imageOrigins,
    html,
    gzip: gzipSync(html, { level: 9 }),
    br: brotliCompressSync(html, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: html.length,
      },
    }),
  };
}

const TOO_LARGE_PREVIEW = smallPage({
  title: 'Preview too large to show',
  body: `<h1>This preview is too large to show</h1><p>The draft renders to more than ${MAX_RENDERED_PAGE_BYTES / 1024} KB. The person who shared it can shorten it and share it again.</p>`,
});

function tooLargeNotice(username: string): string {
  return smallPage({
    title: 'Portfolio too large to show',
    body: `<h1>This portfolio is too large to show</h1><p>The portfolio at <strong>/users/${escapeHtml(username)}</strong> renders to more than ${MAX_RENDERED_PAGE_BYTES / 1024} KB. Its owner can shorten it and update it at the same username.</p><p><a href="/">Build your own portfolio</a></p>`,
  });
}

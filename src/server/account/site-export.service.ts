/**
 * "Download as a website": a portfolio as static files in a ZIP (index.html, the template's CSS
 * and fonts, its pictures and uploaded images) that opens from disk and works on any static
 * host. The page is the one the public address serves, rendered by the same code; every address
 * on our own site is copied into the ZIP and made relative. The contact form opens the visitor's
 * mail program, as there is no server behind the files.
 */
import { setImmediate as yieldToOtherRequests } from 'node:timers/promises';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { isTemplateId } from '../../shared/templates/catalog.js';
import { findPortfolioById } from '../portfolios/portfolios.repository.js';
import { requireStoredPortfolio } from '../portfolios/stored-portfolio.js';
import { renderPortfolioPage } from '../public-pages/render-page.js';
import { templateBuild } from '../public-pages/template-assets.js';
import { APP_MEDIA_BASE } from '../../shared/uploads.js';
import { STORAGE_KEY } from '../uploads/storage.js';
import { isHashOwned } from '../uploads/uploads.repository.js';
import { NOT_YOUR_NAME } from '../site/ownership.js';
import { findOwnedName } from '../site/usernames.repository.js';
import type { AccountContext } from './account.service.js';
import { AccountError } from './errors.js';

/** Where uploaded images are looked for in the page; read from the media storage, not the disk. */
const MEDIA_PREFIX = `${APP_MEDIA_BASE}/`;

/** Our own addresses in the page: href, src and every entry of a srcset. */
const PAGE_ADDRESS = /(\s(?:href|src)=")(\/[^"/][^"]*)"|(\ssrcset=")([^"]*)"/g;

/** Already compressed: stored in the ZIP as they are. */
const STORED_AS_IS = /\.(?:woff2?|avif|webp|jpe?g|png|gif)$/;

/** What one export copies at most; addresses past either stay links to the site. */
export interface ExportBudget {
  files: number;
  /** Bytes read from disk or storage, before stylesheets' addresses are rewritten. */
  bytes: number;
}

/**
 * A page names a few dozen files (its stylesheet, fonts and pictures at a few widths), tens of MB
 * for a page full of photos, while links may name any public file, as often as the page has links.
 */
const EXPORT_BUDGET: ExportBudget = { files: 600, bytes: 64 * 1024 * 1024 };
/** Files read at once: enough to hide object storage's latency, few enough to stop at the budget. */
const READS_AT_ONCE = 6;
/** Exports being packed in this process at once; each holds its files and archive in memory. */
const EXPORTS_AT_ONCE = 2;
/** Bytes added to the archive between two yields: a few milliseconds of the event loop. */
const ZIP_STEP_BYTES = 512 * 1024;

const BUSY = 'Websites are being packed for others right now. Please try again in a minute.';
const ALREADY = 'Your website is already being packed or sent. Please wait for that download.';

/** The people whose export is being packed or sent; each holds one of EXPORTS_AT_ONCE places. */
const exporting = new Set<string>();

export interface SiteExport {
  fileName: string;
  /** The archive, in the pieces it was built in (sent as they are, not copied into one). */
  parts: Uint8Array[];
  bytes: number;
  /** Gives the person's place back: call it once the archive is sent, or the sending failed. */
  release: () => void;
}

/**
 * One export per person and EXPORTS_AT_ONCE per process, each place held from packing until the
 * archive is sent (a reader that stops reading keeps it: the route bounds how long); others are
 * refused as busy. The place is taken before anything is awaited.
 */
export function exportSite(
  ctx: AccountContext,
  userId: string,
  username: string,
  budget = EXPORT_BUDGET,
): Promise<SiteExport> {
  if (exporting.has(userId)) return Promise.reject(new AccountError('busy', ALREADY));
  if (exporting.size >= EXPORTS_AT_ONCE) return Promise.reject(new AccountError('busy', BUSY));
  exporting.add(userId);
  const release = () => exporting.delete(userId);
  return packSite(ctx, userId, username, budget).then(
    (packed) => ({ ...packed, release }),
    (error: unknown) => {
      release();
      throw error;
    },
  );
}

async function packSite(
  ctx: AccountContext,
  userId: string,
  username: string,
  budget: ExportBudget,
): Promise<Omit<SiteExport, 'release'>> {
  const owned = await findOwnedName(ctx.db, userId, username);
  const portfolio = owned && (await findPortfolioById(ctx.db, owned.portfolio_id));
  if (!portfolio || !isTemplateId(portfolio.template_id)) {
    throw new AccountError('not_yours', NOT_YOUR_NAME);
  }
  const clientDir = ctx.clientDir;
  if (!clientDir) throw new Error('the site export needs the built client');
  const stored = requireStoredPortfolio(portfolio.data, `portfolio ${portfolio.id}`);
  // No server answers the files' form: it opens the mail program, to the Email field's address.
  const data = {
    ...stored,
    contactDetails: { ...stored.contactDetails, formDelivery: 'mailto' as const },
  };
  const html = renderPortfolioPage({
    username,
    templateId: portfolio.template_id,
    data,
    publicUrl: ctx.publicUrl(),
    mediaBase: MEDIA_PREFIX.slice(0, -1),
    stylesheets: templateBuild(clientDir).stylesheets[portfolio.template_id] ?? [],
  });

  const files = new Map<string, Uint8Array>();
  const reading = new Map<string, Promise<Uint8Array | undefined>>();
  const read = limitConcurrency(READS_AT_ONCE);
  let copiedBytes = 0;
  /**
   * The file in the ZIP for one of our addresses, each file read once however it is spelled; a
   * page of the site (a link), or a file past the budget, stays online.
   */
  const copy = async (address: string): Promise<string> => {
    const file = path.posix.normalize(address.split(/[?#]/)[0]!).replace(/^\/+/, '');
    if (!reading.has(file)) {
      if (reading.size >= budget.files) return `${ctx.publicUrl()}${address}`;
      reading.set(
        file,
        read(async () => {
          if (copiedBytes >= budget.bytes) return undefined;
          const bytes = await readOwnFile(ctx, clientDir, file);
          if (!bytes || copiedBytes + bytes.length > budget.bytes) return undefined;
          copiedBytes += bytes.length;
          return bytes;
        }),
      );
    }
    const bytes = await reading.get(file);
    if (!bytes) return `${ctx.publicUrl()}${address}`;
    files.set(file, bytes);
    return file;
  };
  const page = await replaceAsync(
    await exportedPage(html),
    PAGE_ADDRESS,
    async (_match, attribute, address, srcset, list) => {
      if (address !== undefined) return `${attribute}${await copy(address)}"`;
      const entries = await Promise.all(
        (list ?? '').split(',').map(async (entry) => {
          const [url = '', ...size] = entry.trim().split(/\s+/);
          return [url.startsWith('/') ? await copy(url) : url, ...size].join(' ');
        }),
      );
      return `${srcset}${entries.join(', ')}"`;
    },
  );
  // Stylesheets name their fonts by absolute address too: relative to the stylesheet's folder.
  for (const [file, bytes] of [...files]) {
    if (!file.endsWith('.css')) continue;
    // url(...) in a stylesheet (fonts, background pictures): our addresses made relative.
    const css = await replaceEachAsync(
      Buffer.from(bytes).toString('utf8'),
      'url(',
      ')',
      async (inside) => {
        const quote = /^['"]/.test(inside) ? inside[0]! : '';
        const address = quote ? inside.slice(1, -1) : inside;
        if (!address.startsWith('/')) return `url(${inside})`;
        const target = await copy(address);
        const relative = target.includes('://')
          ? target
          : path.posix.relative(path.posix.dirname(file), target);
        return `url(${quote}${relative}${quote})`;
      },
    );
    files.set(file, Buffer.from(css));
  }
  files.set('index.html', Buffer.from(page));
  const parts = await zipFiles(files);
  const bytes = parts.reduce((sum, part) => sum + part.length, 0);
  return { fileName: `${username}-website.zip`, parts, bytes };
}

/**
 * The page as exported: a <picture>'s AVIF and WebP sources go, leaving its JPEG image and
 * widths, which every browser shows: a third of the files, and no format a static host might
 * serve with the wrong type.
 */
function exportedPage(html: string): Promise<string> {
  return replaceEachAsync(html, '<source ', '>', async (inside) =>
    inside.includes('type="image/avif"') || inside.includes('type="image/webp"')
      ? ''
      : `<source ${inside}>`,
  );
}

/**
 * A file the page refers to: an uploaded image from the media storage, or a file of the build;
 * undefined for anything else (a link to one of the site's pages, a path outside the build).
 */
async function readOwnFile(
  ctx: AccountContext,
  clientDir: string,
  file: string,
): Promise<Uint8Array | undefined> {
  if (`/${file}`.startsWith(MEDIA_PREFIX)) {
    const key = file.slice(MEDIA_PREFIX.length - 1);
    // Only a file someone uploaded is asked of the storage (each miss is a round trip there).
    const known = STORAGE_KEY.test(key) && (await isHashOwned(ctx.db, key.split('/')[0]!));
    const stored = known ? await ctx.storage.get(key) : undefined;
    if (!stored) return undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
  const root = path.resolve(clientDir);
  const full = path.resolve(root, file);
  // Owners may link to any path of the site: only files inside the build are ever read.
  const hidden = file.split('/').some((part) => part.startsWith('.'));
  if (hidden || !full.startsWith(`${root}${path.sep}`) || full.endsWith('.html')) return undefined;
  try {
    return await readFile(full);
  } catch {
    return undefined;
  }
}

/**
 * The archive, built a step at a time with yields in between: pictures stored as they are, text
 * deflated. (fflate's asynchronous zip starts a worker thread for every large file and deflates
 * small ones on the event loop.)
 */
async function zipFiles(files: Map<string, Uint8Array>): Promise<Uint8Array[]> {
  const parts: Uint8Array[] = [];
  let failure: Error | null = null;
  const archive = new Zip((error, data) => {
    if (error) failure = error;
    else parts.push(data);
  });
  for (const [name, bytes] of files) {
    const entry = STORED_AS_IS.test(name) ? new ZipPassThrough(name) : new ZipDeflate(name);
    archive.add(entry);
    // Let go of each file once it is in the archive: the two are never held whole together.
    files.delete(name);
    for (let offset = 0; ; offset += ZIP_STEP_BYTES) {
      const end = Math.min(offset + ZIP_STEP_BYTES, bytes.length);
      entry.push(bytes.subarray(offset, end), end === bytes.length);
      await yieldToOtherRequests();
      if (end === bytes.length) break;
    }
  }
  archive.end();
  if (failure) throw failure;
  return parts;
}

/** Runs at most `limit` of the tasks given to it at once; the others wait their turn. */
function limitConcurrency(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    // A finished task hands its place straight to the next, so `running` never passes `limit`.
    if (running < limit) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

async function replaceAsync(
  text: string,
  pattern: RegExp,
  replace: (...groups: (string | undefined)[]) => Promise<string>,
): Promise<string> {
  const parts: Promise<string>[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    parts.push(Promise.resolve(text.slice(last, match.index)), replace(...match));
    last = match.index + match[0].length;
  }
  parts.push(Promise.resolve(text.slice(last)));
  return (await Promise.all(parts)).join('');
}

/**
 * Every `open ... close` in the text replaced by what `replace` makes of its inside, found with
 * indexOf: linear whatever the text (a pattern search here would be polynomial).
 */
async function replaceEachAsync(
  text: string,
  open: string,
  close: string,
  replace: (inside: string) => Promise<string>,
): Promise<string> {
  const parts: (string | Promise<string>)[] = [];
  let position = 0;
  for (;;) {
    const start = text.indexOf(open, position);
    const end = start === -1 ? -1 : text.indexOf(close, start + open.length);
    if (end === -1) break;
    parts.push(text.slice(position, start), replace(text.slice(start + open.length, end)));
    position = end + close.length;
  }
  parts.push(text.slice(position));
  return (await Promise.all(parts)).join('');
}

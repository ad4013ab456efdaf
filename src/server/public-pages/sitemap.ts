import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { GRACE_DAYS } from '../../shared/domain/term.js';
import { portfolioUrl } from '../../shared/domain/username.js';
import type { Db } from '../db/database.js';
import { escapeHtml } from '../http/html.js';
import {
  countPublishedPages,
  latestPublishedChange,
  listPublishedUsernames,
} from './public-pages.repository.js';

/** The sitemap protocol's limit per file. */
export const SITEMAP_URLS_PER_CHILD = 50_000;
/**
 * Rows read per query while building a child: on SQLite a query blocks the event loop, and
 * 1,000 rows take a few milliseconds.
 */
const ROWS_PER_QUERY = 1_000;

const gzipAsync = promisify(gzip);

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/**
 * Terms end by the clock, with no write to invalidate the files: a kept file is rebuilt once it
 * is this old, so a page that went offline leaves the sitemap within this time.
 */
const MAX_AGE_MS = 10 * 60_000;

const GRACE_MS = GRACE_DAYS * 24 * 60 * 60 * 1000;

const yieldToOtherRequests = () => new Promise((resolve) => setImmediate(resolve));

/** A built sitemap, as sent: the XML and its gzip form. */
export interface SitemapFile {
  xml: Buffer;
  gzip: Buffer;
}

interface Entry {
  file: Promise<SitemapFile | undefined>;
  /** The change count when its build began: older than the current count means stale. */
  version: number;
  /** When its build began (epoch ms): older than MAX_AGE_MS means stale too. */
  builtAt: number;
}

/**
 * `/sitemap.xml` is an index of child sitemaps (`/sitemaps/1.xml`, ...), each listing up to
 * 50,000 published portfolios in username order, so that every portfolio is listed whatever
 * their number. Each file is built on its first request and kept in memory with its gzip form.
 * After a publish the kept file is still sent while a new one is built in the background
 * (crawlers read sitemaps hours apart; a moment late costs nothing), so no request waits on a
 * build except the very first. A build reads 1,000 rows per query and yields in between, so it
 * never holds the event loop for long. Only pages shown now are listed: not those their owner
 * took offline, nor those past their term's grace period.
 */
export class Sitemaps {
  private readonly files = new Map<number, Entry>();
  private readonly rebuilding = new Map<number, Promise<SitemapFile | undefined>>();
  private version = 0;
  /** How many children the last built index lists; only those are built and kept. */
  private childCount = 0;

  constructor(
    private readonly db: Db,
    private readonly publicUrl: () => string,
    private readonly urlsPerChild = SITEMAP_URLS_PER_CHILD,
  ) {}

  /** How many files are kept in memory: never more than the index and its children. */
  get keptFiles(): number {
    return this.files.size;
  }

  /** Something published changed: each kept file is rebuilt on its next request. */
  invalidate(): void {
    this.version += 1;
  }

  /**
   * The index (number 0) or child `number` (from 1); undefined past the last child. A child
   * the index does not list is answered from the index's count, without a query and without
   * keeping anything, so asking for /sitemaps/999999.xml costs nothing and fills no memory.
   */
  async file(number: number): Promise<SitemapFile | undefined> {
    if (number !== 0) {
      await this.file(0);
      if (!Number.isSafeInteger(number) || number < 1 || number > this.childCount) return undefined;
    }
    return this.kept(number);
  }

  private kept(number: number): Promise<SitemapFile | undefined> {
    const entry = this.files.get(number);
    if (!entry) {
      const file = this.build(number);
      const fresh = { file, version: this.version, builtAt: Date.now() };
      this.files.set(number, fresh);
      file.catch(() => {
        if (this.files.get(number) === fresh) this.files.delete(number);
      });
      return file;
    }
    if (entry.version === this.version && Date.now() - entry.builtAt < MAX_AGE_MS) {
      return entry.file;
    }
    let next = this.rebuilding.get(number);
    if (!next) {
      const version = this.version;
      const builtAt = Date.now();
      next = this.build(number);
      this.rebuilding.set(number, next);
      next
        .then(
          (file) => this.files.set(number, { file: Promise.resolve(file), version, builtAt }),
          () => undefined,
        )
        .finally(() => this.rebuilding.delete(number));
    }
    const rebuilt = next;
    // The kept file meanwhile, unless there was none (a child that did not exist) or it failed.
    return entry.file.then(
      (file) => file ?? rebuilt,
      () => rebuilt,
    );
  }

  private async build(number: number): Promise<SitemapFile | undefined> {
    const shownAfter = new Date(Date.now() - GRACE_MS).toISOString();
    const xml =
      number === 0 ? await this.buildIndex(shownAfter) : await this.buildChild(number, shownAfter);
    return xml === undefined ? undefined : { xml: Buffer.from(xml), gzip: await gzipAsync(xml) };
  }

  private async buildIndex(shownAfter: string): Promise<string> {
    const [count, latest] = await Promise.all([
      countPublishedPages(this.db, shownAfter),
      latestPublishedChange(this.db),
    ]);
    // At least one child, so the index is never empty (an empty child is a valid urlset).
    const childCount = Math.max(1, Math.ceil(count / this.urlsPerChild));
    this.childCount = childCount;
    const lastmod = latest ? `<lastmod>${latest.slice(0, 10)}</lastmod>` : '';
    const entries: string[] = [];
    for (let number = 1; number <= childCount; number += 1) {
      const loc = escapeHtml(`${this.publicUrl()}/sitemaps/${number}.xml`);
      entries.push(`  <sitemap><loc>${loc}</loc>${lastmod}</sitemap>`);
    }
    return `${XML_HEAD}<sitemapindex xmlns="${NAMESPACE}">\n${entries.join('\n')}\n</sitemapindex>\n`;
  }

  private async buildChild(number: number, shownAfter: string): Promise<string | undefined> {
    if (!Number.isSafeInteger(number) || number < 1) return undefined;
    const start = (number - 1) * this.urlsPerChild;
    if (number > 1 && start >= (await countPublishedPages(this.db, shownAfter))) return undefined;
    const lines: string[] = [];
    let after: string | undefined;
    for (let offset = 0; offset < this.urlsPerChild; offset += ROWS_PER_QUERY) {
      const limit = Math.min(ROWS_PER_QUERY, this.urlsPerChild - offset);
      const rows = await listPublishedUsernames(
        this.db,
        shownAfter,
        after === undefined ? { offset: start } : { after },
        limit,
      );
      after = rows.at(-1)?.username;
      for (const row of rows) {
        const loc = escapeHtml(
          row.canonicalHost
            ? `https://${row.canonicalHost}/`
            : portfolioUrl(this.publicUrl(), row.username),
        );
        lines.push(
          `  <url><loc>${loc}</loc><lastmod>${row.updated_at.slice(0, 10)}</lastmod></url>`,
        );
      }
      if (rows.length < limit) break;
      await yieldToOtherRequests();
    }
    const body = lines.length ? `${lines.join('\n')}\n` : '';
    return `${XML_HEAD}<urlset xmlns="${NAMESPACE}">\n${body}</urlset>\n`;
  }
}

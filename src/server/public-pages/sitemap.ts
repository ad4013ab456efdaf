import { finished } from 'node:stream/promises';
import { setImmediate as yieldToOtherRequests } from 'node:timers/promises';
import { promisify } from 'node:util';
import { createGzip, gunzip, gzip } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import { portfolioUrl } from '../../shared/domain/username.js';
import { isSqlite, type Db } from '../db/database.js';
import { escapeHtml } from '../html.js';
import { servedUntilOf } from '../site/availability.js';
import { listSitemapSlice } from './public-pages.repository.js';

/** The sitemap protocol's limit per file. */
export const SITEMAP_URLS_PER_CHILD = 50_000;
/**
 * Usernames read per query while building, the event loop held between two yields. On SQLite
 * the query runs on it too, so slices are small: 1,000 rows with the string work on them held
 * it several times as long as 250 do. On PostgreSQL only the string work does, and each query
 * costs a round trip and a plan: slices of 250 made a build markedly slower there
 * (bench/RESULTS.md, Measurements behind design choices in the code).
 */
const ROWS_PER_QUERY = { sqlite: 250, postgres: 1_000 };

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/**
 * Terms end by the clock, with no write to invalidate the files: files this old are rebuilt on
 * their next request, so a page that went offline leaves the sitemap within this time.
 */
const MAX_AGE_MS = 10 * 60_000;
/**
 * The least time between the end of one build and the start of the next, and never less than the
 * last build took: a stream of publishes keeps the builds at most half of the time.
 */
const MIN_BUILD_GAP_MS = 1000;

/**
 * A built sitemap, kept in its gzip form: a child of 50,000 URLs is megabytes of XML and a small
 * fraction of that compressed (bench/RESULTS.md, Measurements behind design choices in the
 * code). Crawlers take gzip; the rare client that does not is sent the XML inflated (sitemapXml).
 */
export interface SitemapFile {
  gzip: Buffer;
  /** The XML, once a client that takes no gzip asked for it; kept until the next build. */
  xml?: Promise<Buffer>;
}

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** The index and its children, built together from one walk, so no portfolio is listed twice. */
interface Built {
  index: SitemapFile;
  children: SitemapFile[];
  /** The change count when the build began: older than the current count means stale. */
  version: number;
  /** When the build began (epoch ms): older than MAX_AGE_MS means stale too. */
  builtAt: number;
  /** The address the URLs were built with (tests learn theirs after start-up). */
  publicUrl: string;
}

class Stopped extends Error {}

export interface SitemapsOptions {
  /** Smaller than the protocol's 50,000 only in tests, to make several children. */
  urlsPerChild?: number;
  /** Smaller only in tests, to walk in several queries. */
  rowsPerQuery?: number;
  log?: FastifyBaseLogger;
}

/**
 * `/sitemap.xml` is an index of child sitemaps (`/sitemaps/1.xml`, ...), each listing up to
 * 50,000 published portfolios in username order, so that every portfolio is listed whatever
 * their number. The index and all its children are built together in the background, at start
 * and after each change, and kept in memory gzip-compressed (SitemapFile); requests are answered from
 * the last complete build meanwhile (crawlers read sitemaps hours apart; a moment late costs
 * nothing), so only a request in the first moments of a process waits for a build. A build
 * walks the usernames a few hundred rows per query and yields in between, so it never holds
 * the event loop for long, and each query costs the same at the end of the walk as at its
 * start. Only pages shown now are listed: not those their owner took offline, nor those past
 * their term's grace period.
 */
export class Sitemaps {
  private built?: Built;
  private building?: Promise<Built>;
  private scheduled?: NodeJS.Timeout;
  private version = 0;
  private lastBuildEnded = 0;
  private lastBuildMs = 0;
  private stopped = false;
  private readonly urlsPerChild: number;
  private readonly rowsPerQuery: number;

  constructor(
    private readonly db: Db,
    private readonly publicUrl: () => string,
    private readonly options: SitemapsOptions = {},
  ) {
    this.urlsPerChild = options.urlsPerChild ?? SITEMAP_URLS_PER_CHILD;
    this.rowsPerQuery =
      options.rowsPerQuery ?? (isSqlite(db) ? ROWS_PER_QUERY.sqlite : ROWS_PER_QUERY.postgres);
  }

  /** Builds the files now, so that the first crawler does not wait. */
  start(): void {
    this.refresh();
  }

  /** Stops building: a build under way ends at its next query. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.scheduled);
    await this.building?.catch(() => undefined);
  }

  /** How many files are kept in memory: the index and its children. */
  get keptFiles(): number {
    return this.built ? 1 + this.built.children.length : 0;
  }

  /** Something published changed: the files are rebuilt in the background. */
  invalidate(): void {
    this.version += 1;
    this.refresh();
  }

  /**
   * The index (number 0) or child `number` (from 1) of the last complete build; undefined past
   * the last child, without a query and without keeping anything.
   */
  async file(number: number): Promise<SitemapFile | undefined> {
    const built = this.built ?? (await this.build());
    if (
      built.version !== this.version ||
      built.publicUrl !== this.publicUrl() ||
      Date.now() - built.builtAt >= MAX_AGE_MS
    ) {
      this.refresh();
    }
    if (number === 0) return built.index;
    if (!Number.isSafeInteger(number) || number < 1) return undefined;
    return built.children[number - 1];
  }

  /** Starts a build unless one is under way (its end looks at the version again) or waiting. */
  private refresh(): void {
    if (this.stopped || this.building || this.scheduled) return;
    const gap = Math.max(MIN_BUILD_GAP_MS, this.lastBuildMs);
    const wait = this.lastBuildEnded ? this.lastBuildEnded + gap - Date.now() : 0;
    const run = () => {
      this.scheduled = undefined;
      this.build().catch((error: unknown) => {
        if (!(error instanceof Stopped))
          this.options.log?.warn({ err: error }, 'sitemap build failed');
      });
    };
    if (wait <= 0) return run();
    this.scheduled = setTimeout(run, wait);
    this.scheduled.unref();
  }

  private build(): Promise<Built> {
    if (this.building) return this.building;
    const version = this.version;
    const builtAt = Date.now();
    const building = this.walk(version, builtAt).finally(() => {
      this.building = undefined;
      this.lastBuildEnded = Date.now();
      this.lastBuildMs = this.lastBuildEnded - builtAt;
      // Changes during the build, or a failed one: another follows after the gap.
      if (this.built?.version !== this.version) this.refresh();
    });
    this.building = building;
    return building;
  }

  private async walk(version: number, builtAt: number): Promise<Built> {
    const publicUrl = this.publicUrl();
    const children: SitemapFile[] = [];
    const lastmods: string[] = [];
    const openChild = () => new CompressedFile(`<urlset xmlns="${NAMESPACE}">\n`);
    let child = openChild();
    let inChild = 0;
    let lastmod = '';
    const closeChild = async (rest: string) => {
      children.push({ gzip: await child.end(`${rest}</urlset>\n`) });
      lastmods.push(lastmod);
    };
    try {
      let after: string | undefined;
      for (;;) {
        if (this.stopped) throw new Stopped();
        const rows = await listSitemapSlice(this.db, after, this.rowsPerQuery);
        let text = '';
        for (const row of rows) {
          // Only pages shown now, by the rule views follow.
          if (servedUntilOf(row) <= builtAt) continue;
          if (inChild === this.urlsPerChild) {
            await closeChild(text);
            child = openChild();
            text = '';
            inChild = 0;
            lastmod = '';
          }
          const loc = escapeHtml(
            row.canonicalHost
              ? `https://${row.canonicalHost}/`
              : portfolioUrl(publicUrl, row.username),
          );
          const date = row.updatedAt.slice(0, 10);
          if (date > lastmod) lastmod = date;
          text += `  <url><loc>${loc}</loc><lastmod>${date}</lastmod></url>\n`;
          inChild += 1;
        }
        // Compressed in the thread pool; the walk waits for it (and yields) before the next slice.
        const written = child.write(text);
        if (rows.length < this.rowsPerQuery) {
          await written;
          break;
        }
        after = rows.at(-1)!.username;
        await Promise.all([written, yieldToOtherRequests()]);
      }
      // At least one child, so the index is never empty (an empty child is a valid urlset).
      if (inChild > 0 || children.length === 0) await closeChild('');
    } finally {
      child.destroy();
    }
    const entries = lastmods.map((date, index) => {
      const loc = escapeHtml(`${publicUrl}/sitemaps/${index + 1}.xml`);
      const modified = date ? `<lastmod>${date}</lastmod>` : '';
      return `  <sitemap><loc>${loc}</loc>${modified}</sitemap>\n`;
    });
    // A line per child: small enough to compress in one go.
    const index = {
      gzip: await gzipAsync(
        `${XML_HEAD}<sitemapindex xmlns="${NAMESPACE}">\n${entries.join('')}</sitemapindex>\n`,
      ),
    };
    const built = { index, children, version, builtAt, publicUrl };
    if (this.stopped) throw new Stopped();
    // A build that began earlier than the kept one never replaces it.
    if (!this.built || this.built.builtAt <= builtAt) this.built = built;
    return built;
  }
}

/**
 * A file gzip-compressed as it is written, in the thread pool (zlib's stream), keeping only the
 * compressed bytes: the XML is never whole in memory. Built at once, the children's XML, its
 * parts and their copies came to many megabytes of buffers at 100,000 portfolios on every
 * rebuild (bench/RESULTS.md, Measurements behind design choices in the code).
 */
class CompressedFile {
  private readonly stream = createGzip();
  private readonly chunks: Buffer[] = [];

  constructor(open: string) {
    this.stream.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    // An error also fails the write or end under way; this only keeps it from going unhandled.
    this.stream.on('error', () => undefined);
    void this.write(XML_HEAD + open).catch(() => undefined);
  }

  /** Settles once `text` has been compressed, so the caller's next text waits its turn. */
  write(text: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.stream.write(text, (error) => (error ? reject(error) : resolve()));
    });
  }

  /** The whole file, compressed, after its last text. */
  async end(close: string): Promise<Buffer> {
    this.stream.end(close);
    await finished(this.stream);
    return Buffer.concat(this.chunks);
  }

  /** Lets go of the compressor (done once ended; a build stopped midway needs it). */
  destroy(): void {
    this.stream.destroy();
  }
}

/**
 * The XML of a kept file, inflated (in the thread pool) on the first request that takes no gzip
 * and kept with the file: inflating it for each such request would let any client keep the
 * thread pool busy, and keeping it costs at most what every file kept before.
 */
export function sitemapXml(file: SitemapFile): Promise<Buffer> {
  file.xml ??= gunzipAsync(file.gzip).catch((error: unknown) => {
    file.xml = undefined;
    throw error;
  });
  return file.xml;
}

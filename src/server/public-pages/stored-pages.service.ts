import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import { servedUntilOf } from '../site/availability.js';
import type { PageCache } from './page-cache.js';
import { readPageChanges } from '../site/page-generation.repository.js';
import { sourceVersionOf, type PageRenderer, type RenderedPage } from './page-renderer.js';
import {
  findPageSource,
  findSweptPageSources,
  findReleasedUsernames,
  findStoredVersion,
  latestTemplateVersion,
  CHANGE_SOURCES,
  changeCursorAfter,
  listChangedPages,
  type ChangeCursor,
  type ChangedPageRow,
  listPagesOfOtherTemplateVersions,
  recordTemplateVersionStart,
  servablePageReader,
  storeRenderedPage,
  storeSweptPages,
  type PageSourceRow,
  type StoredEncoding,
} from './public-pages.repository.js';

/** Cached usernames looked up per query when checking for released names. */
const RELEASED_CHECK_BATCH = 500;

/** What a render request came to: a new page stored, the stored one already current, or no page. */
export type RefreshOutcome = 'rendered' | 'current' | 'missing';

/** One encoding of a page, as a view sends it, and until when it may be shown. */
export interface ServedPage {
  sourceVersion: string;
  templateVersion: string;
  etag: string;
  /** For the page's CSP (page-csp.ts); null for a page stored before they were kept. */
  imageOrigins: string[] | null;
  body: Buffer;
  /** See servedUntilOf in availability.ts. */
  servedUntil: number;
}

/** What a view finds: a page, a portfolio that is not shown now (term over, or taken offline), or nothing. */
export type PageLookup = ServedPage | 'unavailable' | undefined;

/**
 * Changed rows read per query: a short hold of the event loop on SQLite, even at 100,000
 * portfolios (bench/RESULTS.md, Measurements behind design choices in the code).
 */
const CHANGE_ROWS_PER_QUERY = 500;
/** How often each process looks at the page generation for changes made anywhere. */
const CHANGE_CHECK_MS = 100;
/** How many pages' last changes are remembered for views in flight (see changedSince). */
const MAX_DROP_RECORDS = 100_000;
/**
 * Changes are found by their timestamps, written by whichever process made them: look this far
 * behind the latest one seen, for clocks that differ and for transactions that committed late.
 */
const CLOCK_MARGIN_MS = 15_000;
/** How often a process of the latest template version looks for pages rendered by older ones. */
const TEMPLATE_SWEEP_MS = 30_000;
const TEMPLATE_SWEEP_BATCH = 100;
/**
 * Pages of a sweep read in one query and stored in one write: the queries and their building
 * per page were most of what a sweep still did on the event loop, and their garbage most of its
 * collections (bench/RESULTS.md, Template sweep: event loop and publishes).
 */
const TEMPLATE_SWEEP_SLICE = 10;
/** How often the page cache's hit rate is logged (only when there were views). */
const STATS_LOG_MS = 60_000;

export interface StoredPagesOptions {
  db: Db;
  renderer: PageRenderer;
  cache: PageCache;
  log: FastifyBaseLogger;
  /** Called whenever something published changed (the sitemap listens). */
  onChange?: () => void;
  /** Awaited when the page generation moved, before pages are looked at (custom domains). */
  onGeneration?: () => Promise<void>;
  /** Smaller only in tests, to read changes in several slices. */
  changeRowsPerQuery?: number;
}

/**
 * Keeps every public page rendered and stored once, when it changes, rather than on a view:
 *
 * - every process looks at the page generation ten times a second; when it moved, it finds which
 *   portfolios changed (by their timestamps), renders and stores those whose stored page is
 *   older, and drops them from its own memory, so a publish is served by every process within
 *   a fraction of a second without any per-request check;
 * - a view of a page that is not in memory reads the stored page by its primary key, and renders
 *   it only if none is stored for the current portfolio (a process that died before rendering);
 * - after a deploy that changed the templates, the processes of the new version re-render pages
 *   in the background, in small batches, while the stored pages are served as they were.
 *
 * Renders of one page are coalesced: however many changes arrive while one render runs, one more
 * render follows it, from the latest state.
 */
export class StoredPages {
  private generation?: number;
  /** The count of changes that deleted a username, when this process last looked them up. */
  private releases?: number;
  private watermark = new Date(Date.now() - CLOCK_MARGIN_MS).toISOString();
  /** Whether the first check has set where to look for changes from (see catchUp). */
  private caughtUp = false;
  /** The render under way of each page (a sweep's slice holds each of its pages). */
  private readonly running = new Map<string, Promise<unknown>>();
  private readonly followUps = new Map<string, Promise<RefreshOutcome>>();
  private readonly timers: NodeJS.Timeout[] = [];
  private checking?: Promise<void>;
  private recheck?: Promise<void>;
  private sweeping?: Promise<number>;
  private stopped = false;
  private checksSeeingChanges = 0;
  private readonly droppedAt = new Map<string, number>();
  private forgottenBefore = 0;
  /** The check that last saw a page deleted (page_generation.releases moved). */
  private releasedAt = 0;
  /** What the checks last saw of each changed page's term: its served-until instant. */
  private readonly lastSeen = new Map<string, string>();
  /** When this process started, for the template versions' order. */
  private readonly startedAt = new Date();

  private readonly readServable;

  constructor(private readonly options: StoredPagesOptions) {
    this.readServable = servablePageReader(options.db);
  }

  /**
   * A count of change checks that found changes, and for each username the count when a check
   * last dropped it. A page read from the store while a check dropped that page may predate the
   * change: a view keeps its page in memory only if its username was not dropped since its read
   * began (changedSince). Other pages' changes do not stop it.
   */
  get changeEpoch(): number {
    return this.checksSeeingChanges;
  }

  changedSince(username: string, epoch: number): boolean {
    return Math.max(this.droppedAt.get(username) ?? this.forgottenBefore, this.releasedAt) > epoch;
  }

  /** Records that a check dropped this page; the record stays bounded. */
  private markDropped(username: string): void {
    if (this.droppedAt.size >= MAX_DROP_RECORDS) {
      // Forgetting the records is safe: every page then counts as dropped until the next check.
      this.droppedAt.clear();
      this.lastSeen.clear();
      this.forgottenBefore = this.checksSeeingChanges;
    }
    this.droppedAt.set(username, this.checksSeeingChanges);
  }

  /** Catches up (see catchUp) before the server takes requests, then checks on a timer. */
  async start(): Promise<void> {
    await this.checkForChanges();
    const every = (ms: number, task: () => unknown) => {
      const timer = setInterval(task, ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(CHANGE_CHECK_MS, () => this.checkForChanges());
    every(TEMPLATE_SWEEP_MS, () => this.sweepTemplateVersions());
    every(STATS_LOG_MS, () => this.logStats());
    const first = setTimeout(() => this.sweepTemplateVersions(), 1000);
    first.unref();
    this.timers.push(first);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    await Promise.allSettled([
      this.checking,
      this.sweeping,
      ...this.running.values(),
      ...this.followUps.values(),
    ]);
  }

  /**
   * The page to send for `username` in one encoding: the stored one if it was rendered from the
   * portfolio as it is now (by whichever templates), otherwise after a fresh render;
   * 'unavailable' when the portfolio is not shown now (its term is over or its owner took it
   * offline). Undefined when nothing is published there or the stored portfolio cannot be shown.
   */
  async pageFor(username: string, encoding: StoredEncoding, now = Date.now()): Promise<PageLookup> {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const row = await this.readServable(username, encoding);
      if (!row) return undefined;
      const servedUntil = servedUntilOf(row);
      if (servedUntil <= now) return 'unavailable';
      const stored = row.stored;
      if (stored && stored.sourceVersion === sourceVersionOf(row))
        return { ...stored, servedUntil };
      if ((await this.refresh(username)) === 'missing') return undefined;
    }
    return undefined;
  }

  /**
   * Renders and stores `username`'s page from the portfolio as stored now, unless the stored page
   * is already that one, by the current templates. Call it when something a page shows changes
   * without a publish (a term that starts or ends); publishes and updates are found on their own.
   */
  refresh(username: string): Promise<RefreshOutcome> {
    const running = this.running.get(username);
    if (!running) return this.startRender(username);
    let followUp = this.followUps.get(username);
    if (!followUp) {
      followUp = running
        .catch(() => 'missing' as const)
        .then(() => {
          this.followUps.delete(username);
          return this.startRender(username);
        });
      this.followUps.set(username, followUp);
    }
    return followUp;
  }

  /**
   * A refresh whose failure (a render thread that crashed or was busy) is logged and left: the
   * stored page stays as it was, the page is rendered on its next view or the next sweep, and
   * the other pages of the batch go on.
   */
  private async refreshOrLog(username: string): Promise<RefreshOutcome | 'failed'> {
    try {
      return await this.refresh(username);
    } catch (error) {
      this.options.log.warn({ err: error, username }, 'page not rendered');
      return 'failed';
    }
  }

  private startRender(username: string): Promise<RefreshOutcome> {
    const rendering = this.renderAndStore(username).finally(() => {
      if (this.running.get(username) === rendering) this.running.delete(username);
    });
    this.running.set(username, rendering);
    return rendering;
  }

  private async renderAndStore(username: string): Promise<RefreshOutcome> {
    const { db } = this.options;
    const [stored, source] = await Promise.all([
      findStoredVersion(db, username),
      findPageSource(db, username),
    ]);
    if (!source) return 'missing';
    const made = await this.renderIfStale(username, source, stored);
    if (typeof made === 'string') return made;
    // The same portfolio by newer templates (a deploy's sweep) is no change to announce: every
    // process would read the changes of the last seconds again, ten times a second, for as long
    // as the sweep runs. This process drops its own copy; the others drop pages of other
    // templates on their next sweep tick (dropOtherTemplateVersions).
    await storeRenderedPage(db, made.page, new Date(), { announce: !made.templatesOnly });
    if (made.templatesOnly) this.options.cache.delete(username);
    return 'rendered';
  }

  /**
   * Renders a page unless its stored one is already of this portfolio as it is and of these
   * templates; `templatesOnly` when the stored page is of the same portfolio (by older templates).
   */
  private async renderIfStale(
    username: string,
    source: PageSourceRow,
    stored: { sourceVersion: string; templateVersion: string } | undefined,
  ): Promise<{ page: RenderedPage; templatesOnly: boolean } | 'current' | 'missing'> {
    const { renderer, log } = this.options;
    // Another process may have stored this very page while the change was on its way here.
    if (
      stored &&
      stored.sourceVersion === sourceVersionOf(source) &&
      stored.templateVersion === renderer.templateVersion()
    ) {
      return 'current';
    }
    const result = await renderer.render(username, source);
    if (!result.ok) {
      log.error({ username, problem: result.problem }, 'stored portfolio cannot be rendered');
      return 'missing';
    }
    if (result.tooLarge) log.warn({ username }, 'portfolio page too large: stored a notice');
    return {
      page: result.page,
      templatesOnly: stored?.sourceVersion === result.page.sourceVersion,
    };
  }

  /**
   * Looks for changes made by any process, in a check that starts after this call (one already
   * under way may have read the generation too early). Exported so tests need not wait.
   */
  checkForChanges(): Promise<void> {
    if (this.checking) {
      this.recheck ??= this.checking.then(() => {
        this.recheck = undefined;
        return this.checkForChanges();
      });
      return this.recheck;
    }
    const checking = this.findChanges()
      .catch((error: unknown) => this.options.log.warn({ err: error }, 'page change check failed'))
      .finally(() => {
        if (this.checking === checking) this.checking = undefined;
      });
    this.checking = checking;
    return checking;
  }

  private async findChanges(): Promise<void> {
    const { db, cache } = this.options;
    const { generation, releases } = await readPageChanges(db);
    if (generation === this.generation || this.stopped) return;
    this.generation = generation;
    this.checksSeeingChanges += 1;
    try {
      await this.options.onGeneration?.();
    } catch (error) {
      // Not seen yet: the next check (a tenth of a second on) takes this generation again.
      this.generation = undefined;
      throw error;
    }
    if (!this.caughtUp) {
      this.catchUp();
      this.releases = releases;
      return;
    }
    const since = new Date(Date.parse(this.watermark) - CLOCK_MARGIN_MS).toISOString();
    // The tables are read one after another: a change dated after this moment may have come
    // after its table was read, so the next check starts no later than here (less the margin).
    const startedAt = new Date().toISOString();
    const toRender = new Set<string>();
    let latest = this.watermark;
    for await (const row of this.changesSince(since)) {
      if (row.changedAt > latest) latest = row.changedAt;
      // A view reading this page meanwhile may have read its content or term as they were: it
      // must not keep what it read. (A new rendering of the same content changes neither.)
      const state = String(servedUntilOf(row));
      const stale = row.storedSourceVersion !== sourceVersionOf(row);
      if (stale || this.lastSeen.get(row.username) !== state) this.markDropped(row.username);
      this.lastSeen.set(row.username, state);
      const cached = cache.peek(row.username);
      if (row.storedSourceVersion !== sourceVersionOf(row)) {
        toRender.add(row.username);
        if (cached) cache.delete(row.username);
      } else if (
        cached &&
        (cached.etag !== row.storedEtag || cached.servedUntil !== servedUntilOf(row))
      ) {
        // Another rendering, or the owner took the page offline or back (the term's own end
        // needs no change: every view compares servedUntil with the clock).
        cache.delete(row.username);
      }
    }
    if (releases !== this.releases) {
      // A view that began before this check may have read a page deleted since, under a name
      // this process does not hold yet: no view in flight keeps what it read.
      this.releasedAt = this.checksSeeingChanges;
      try {
        await this.dropReleasedPages();
      } catch (error) {
        // Not done: the next check takes this generation again, from the same watermark, so
        // that the pages found to render now are found again.
        this.generation = undefined;
        throw error;
      }
      this.releases = releases;
    }
    this.watermark = latest < startedAt ? latest : startedAt;
    this.options.onChange?.();
    // One at a time: a burst of publishes must not fill the render threads' queue or the
    // connection pool.
    for (const username of toRender) {
      if (this.stopped) return;
      await this.refreshOrLog(username);
    }
  }

  /**
   * Every row changed at or after `since`, read a slice at a time with the event loop let go
   * between slices: after a burst of writes (a bulk import) the window holds thousands of rows,
   * and read in one go on SQLite they held the loop long enough to delay every request, on every
   * check until the burst was older than the clock margin (bench/RESULTS.md, Measurements behind
   * design choices in the code).
   */
  private async *changesSince(since: string): AsyncGenerator<ChangedPageRow> {
    const limit = this.options.changeRowsPerQuery ?? CHANGE_ROWS_PER_QUERY;
    for (const source of CHANGE_SOURCES) {
      let after: ChangeCursor | undefined;
      for (;;) {
        const rows = await listChangedPages(this.options.db, source, since, after, limit);
        yield* rows;
        if (this.stopped) return;
        if (rows.length < limit) break;
        const last = rows.at(-1)!;
        after = changeCursorAfter(source, last);
        await nextTurn();
      }
    }
  }

  /**
   * The first check of a process reads no changes: it holds almost nothing yet, a page it lacks
   * is read (and rendered if need be) on its view, and the changes of the seconds before it
   * started can be many thousands of rows after a burst (a seed, a deploy's sweep on another
   * version), read in one go on the event loop. It drops what it holds, makes every view in
   * flight count as stale, and starts watching from now. It runs before the server takes
   * requests (start), so no publish made through this process comes before it.
   */
  private catchUp(): void {
    this.caughtUp = true;
    this.watermark = new Date().toISOString();
    this.options.cache.deleteWhere(() => true);
    this.droppedAt.clear();
    this.lastSeen.clear();
    this.forgottenBefore = this.checksSeeingChanges;
    this.options.onChange?.();
  }

  /**
   * A username whose row was deleted (its owner deleted the portfolio or the account) leaves no
   * changed row to find: the pages this process holds are looked up by name instead, only after
   * a change that deleted one (the cost grows with the pages held). The event loop is let go
   * between lookups: on SQLite each runs on it, and with a cache of 10,000 pages, run at once
   * after every change, they held it long enough to delay other requests (bench/RESULTS.md,
   * Measurements behind design choices in the code).
   */
  private async dropReleasedPages(): Promise<void> {
    const { db, cache } = this.options;
    const held = cache.usernames();
    for (let start = 0; start < held.length; start += RELEASED_CHECK_BATCH) {
      if (start > 0) await nextTurn();
      const batch = held.slice(start, start + RELEASED_CHECK_BATCH);
      for (const username of await findReleasedUsernames(db, batch)) {
        cache.delete(username);
        this.markDropped(username);
      }
    }
  }

  /**
   * Re-renders pages stored by other template versions, if this process runs the version started
   * last; returns how many it re-rendered. Exported so tests need not wait for the timer.
   */
  sweepTemplateVersions(): Promise<number> {
    this.dropOtherTemplateVersions();
    this.sweeping ??= this.sweep()
      .catch((error: unknown) => {
        this.options.log.warn({ err: error }, 'template version sweep failed');
        return 0;
      })
      .finally(() => {
        this.sweeping = undefined;
      });
    return this.sweeping;
  }

  /**
   * Pages re-rendered by newer templates are stored without telling the other processes: each
   * drops the pages it holds from other templates than its own now and then, and reads them
   * again on their next view (the stored page is the new one, or the old one until the sweep
   * reaches it).
   */
  private dropOtherTemplateVersions(): void {
    const version = this.options.renderer.templateVersion();
    this.options.cache.deleteWhere((page) => page.templateVersion !== version);
  }

  private registeredVersion?: string;

  private async sweep(): Promise<number> {
    const { db, renderer } = this.options;
    const version = renderer.templateVersion();
    if (this.registeredVersion !== version) {
      await recordTemplateVersionStart(db, version, this.startedAt);
      this.registeredVersion = version;
    }
    if ((await latestTemplateVersion(db)) !== version) return 0;
    let rendered = 0;
    // A page that cannot be rendered keeps its old version: try each once per sweep.
    const tried = new Set<string>();
    for (;;) {
      const batch = await listPagesOfOtherTemplateVersions(db, version, TEMPLATE_SWEEP_BATCH);
      const fresh = batch.filter((username) => !tried.has(username));
      for (let at = 0; at < fresh.length; at += TEMPLATE_SWEEP_SLICE) {
        if (this.stopped) return rendered;
        const slice = fresh.slice(at, at + TEMPLATE_SWEEP_SLICE);
        for (const username of slice) tried.add(username);
        rendered += await this.sweepSlice(slice);
      }
      if (batch.length < TEMPLATE_SWEEP_BATCH || fresh.length === 0) return rendered;
    }
  }

  /**
   * Renders a few pages of the sweep again, read in one query and stored in one write. Each
   * counts as a render under way until the write is done: a change to one of them meanwhile is
   * rendered after it (refresh), from the portfolio as it is then. A page a change is rendering
   * already is left to that render and its follow-up.
   */
  private async sweepSlice(usernames: string[]): Promise<number> {
    const claimed = usernames.filter((username) => !this.running.has(username));
    const work = this.renderSliceOnce(claimed);
    // Awaited below, after the pages that were not claimed.
    work.catch(() => {});
    for (const username of claimed) this.running.set(username, work);
    try {
      let rendered = 0;
      for (const username of usernames) {
        if (!claimed.includes(username) && (await this.refreshOrLog(username)) === 'rendered') {
          rendered += 1;
        }
      }
      return rendered + (await work);
    } finally {
      for (const username of claimed) {
        if (this.running.get(username) === work) this.running.delete(username);
      }
    }
  }

  /** The renders and the one write of a sweep's slice; how many pages it stored. */
  private async renderSliceOnce(usernames: string[]): Promise<number> {
    const { db, log, cache } = this.options;
    const sources = await findSweptPageSources(db, usernames);
    const unannounced: RenderedPage[] = [];
    let rendered = 0;
    for (const username of usernames) {
      const source = sources.get(username);
      if (!source || this.stopped) continue;
      try {
        const made = await this.renderIfStale(username, source, source.stored);
        if (typeof made === 'string') continue;
        if (made.templatesOnly) {
          unannounced.push(made.page);
        } else {
          // A portfolio changed and not yet rendered here: the other processes are told now.
          await storeRenderedPage(db, made.page, new Date(), { announce: true });
          rendered += 1;
        }
      } catch (error) {
        log.warn({ err: error, username }, 'page not rendered');
      }
    }
    try {
      await storeSweptPages(db, unannounced, new Date());
    } catch (error) {
      log.warn({ err: error, count: unannounced.length }, 'swept pages not stored');
      return rendered;
    }
    for (const page of unannounced) cache.delete(page.username);
    return rendered + unannounced.length;
  }

  /** The page cache's counters since start, for the metrics. */
  cacheStats() {
    return this.options.cache.totalStats();
  }

  private logStats(): void {
    const stats = this.options.cache.takeStats();
    const views = stats.hits + stats.misses;
    if (views === 0) return;
    this.options.log.info(
      { ...stats, hitRate: Number((stats.hits / views).toFixed(4)) },
      'page cache',
    );
  }
}

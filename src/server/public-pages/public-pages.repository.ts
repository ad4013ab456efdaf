import { sql, type CompiledQuery } from 'kysely';
import { pgPoolOf, sqliteConnectionOf, sqliteWriteThreadOf, type Db } from '../db/database.js';
import { canonicalHostOf } from '../domains/domains.repository.js';
import { usernameWithPortfolio } from '../site/usernames.repository.js';
import { bumpPageGeneration } from '../site/page-generation.repository.js';

/** A published portfolio as a page is rendered from it. */
export interface PageSourceRow {
  templateId: string;
  data: string;
  updatedAt: string;
  /** The portfolio's own domain while one is served: the page's canonical address. */
  canonicalHost: string | null;
}

export function findPageSource(db: Db, username: string): Promise<PageSourceRow | undefined> {
  return usernameWithPortfolio(db, username)
    .select([
      'portfolios.template_id as templateId',
      'portfolios.data as data',
      'portfolios.updated_at as updatedAt',
      canonicalHostOf('usernames.username').as('canonicalHost'),
    ])
    .executeTakeFirst();
}

/** A published portfolio with the versions its stored page was rendered from and by, if any. */
export interface SweptPageSource extends PageSourceRow {
  username: string;
  stored?: { sourceVersion: string; templateVersion: string };
}

/**
 * The sources of several pages and their stored pages' versions, in one query: what a template
 * sweep reads for a few pages at a time (findPageSource and findStoredVersion for each).
 */
export async function findSweptPageSources(
  db: Db,
  usernames: readonly string[],
): Promise<Map<string, SweptPageSource>> {
  if (usernames.length === 0) return new Map();
  const rows = await db
    .selectFrom('usernames')
    .innerJoin('portfolios', 'portfolios.id', 'usernames.portfolio_id')
    .leftJoin('rendered_pages', 'rendered_pages.username', 'usernames.username')
    .select([
      'usernames.username as username',
      'portfolios.template_id as templateId',
      'portfolios.data as data',
      'portfolios.updated_at as updatedAt',
      canonicalHostOf('usernames.username').as('canonicalHost'),
      'rendered_pages.source_version as sourceVersion',
      'rendered_pages.template_version as templateVersion',
    ])
    .where('usernames.username', 'in', [...usernames])
    .execute();
  return new Map(
    rows.map(({ sourceVersion, templateVersion, ...source }) => [
      source.username,
      {
        ...source,
        stored:
          sourceVersion !== null && templateVersion !== null
            ? { sourceVersion, templateVersion }
            : undefined,
      },
    ]),
  );
}

/** A rendered page as stored: its versions, its etag and its bytes in every encoding. */
export interface StoredPage {
  sourceVersion: string;
  templateVersion: string;
  etag: string;
  /** Where the page's images come from besides our origin, for its CSP (page-csp.ts). */
  imageOrigins: string[];
  html: Buffer;
  gzip: Buffer;
  br: Buffer;
}

export type StoredEncoding = 'html' | 'gzip' | 'br';

/**
 * A published portfolio's version, and its stored page in one encoding if a page is stored:
 * primary-key reads, without the portfolio's `data` or the other encodings' bytes.
 */
export interface ServablePageRow {
  templateId: string;
  updatedAt: string;
  /** The term and the owner's switch: whether the page may be shown at all. */
  paidUntil: string;
  unpublishedAt: string | null;
  stored?: {
    sourceVersion: string;
    templateVersion: string;
    etag: string;
    /** Null for a page stored before its image origins were kept. */
    imageOrigins: string[] | null;
    body: Buffer;
  };
}

type ServableRow = {
  templateId: string;
  updatedAt: string;
  paidUntil: string;
  unpublishedAt: string | null;
  sourceVersion: string | null;
  templateVersion: string | null;
  etag: string | null;
  imageOrigins: string | null;
  body: Buffer | null;
};

const servableSelect = (db: Db, encoding: StoredEncoding) =>
  db
    .selectFrom('usernames')
    .innerJoin('portfolios', 'portfolios.id', 'usernames.portfolio_id')
    .leftJoin('rendered_pages', 'rendered_pages.username', 'usernames.username')
    .select([
      'portfolios.template_id as templateId',
      'portfolios.updated_at as updatedAt',
      'portfolios.paid_until as paidUntil',
      'usernames.unpublished_at as unpublishedAt',
      'rendered_pages.source_version as sourceVersion',
      'rendered_pages.template_version as templateVersion',
      'rendered_pages.etag as etag',
      'rendered_pages.image_origins as imageOrigins',
      `rendered_pages.${encoding} as body`,
    ]);

const servableQuery = (db: Db, username: string, encoding: StoredEncoding) =>
  servableSelect(db, encoding).where('usernames.username', '=', username);

/** The same read for several usernames at once (PostgreSQL: one array parameter). */
export const servableBatchQuery = (
  db: Db,
  usernames: readonly string[],
  encoding: StoredEncoding,
) =>
  servableSelect(db, encoding)
    .select('usernames.username as username')
    .where(sql<boolean>`usernames.username = any(${[...usernames]})`);

function toServable(row: ServableRow | undefined): ServablePageRow | undefined {
  if (!row) return undefined;
  const { templateId, updatedAt, paidUntil, unpublishedAt } = row;
  const { sourceVersion, templateVersion, etag, body } = row;
  const imageOrigins = row.imageOrigins === null ? null : splitOrigins(row.imageOrigins);
  const stored =
    sourceVersion !== null && templateVersion !== null && etag !== null && body !== null
      ? { sourceVersion, templateVersion, etag, imageOrigins, body }
      : undefined;
  return { templateId, updatedAt, paidUntil, unpublishedAt, stored };
}

const splitOrigins = (stored: string) => (stored === '' ? [] : stored.split(' '));

/** What a stored page was rendered from and by, without its bytes. */
export function findStoredVersion(
  db: Db,
  username: string,
): Promise<{ sourceVersion: string; templateVersion: string } | undefined> {
  return db
    .selectFrom('rendered_pages')
    .select(['source_version as sourceVersion', 'template_version as templateVersion'])
    .where('username', '=', username)
    .executeTakeFirst();
}

/**
 * SQLite's planner reaches a portfolio by its primary key and then reads the row, whose large
 * `data` column comes before `updated_at` and `paid_until`; this index holds everything views
 * and the sitemap need of a portfolio, so SQLite is told to use it.
 */
const PORTFOLIO_INDEX_HINT = 'indexed by "portfolios_page_term"';
const withPortfolioIndexHint = (query: string) =>
  query.replace('join "portfolios" on', `join "portfolios" ${PORTFOLIO_INDEX_HINT} on`);

/**
 * Reads what a view of a page not in memory needs: the hot path's one query, compiled once per
 * encoding. On SQLite it runs statements prepared once on the connection: Kysely would compile
 * the query and better-sqlite3 prepare it again on every call, which cost more than the read
 * itself. On PostgreSQL it runs as named statements, parsed and planned once per connection:
 * with more pages than the cache holds most views read, and the planning was a good part of it;
 * and the views of one turn of the event loop are read together (batchedPgReader).
 */
export function servablePageReader(
  db: Db,
): (username: string, encoding: StoredEncoding) => Promise<ServablePageRow | undefined> {
  const connection = sqliteConnectionOf(db);
  const pool = pgPoolOf(db);
  if (pool) return batchedPgReader(db, pool);
  if (!connection) {
    return async (username, encoding) =>
      toServable(await servableQuery(db, username, encoding).executeTakeFirst());
  }
  // Prepared on first use: the app is built before the migrations have run.
  const statements = new Map<StoredEncoding, { get(username: string): unknown }>();
  return async (username, encoding) => {
    let statement = statements.get(encoding);
    if (!statement) {
      const query = servableQuery(db, '', encoding).compile().sql;
      statement = connection.prepare(withPortfolioIndexHint(query));
      statements.set(encoding, statement);
    }
    return toServable(statement.get(username) as ServableRow | undefined);
  };
}

/** The most usernames one PostgreSQL read asks for. */
const PG_BATCH_MAX = 64;

interface Waiter {
  resolve: (row: ServablePageRow | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * PostgreSQL: the views that miss the cache during one turn of the event loop are read together,
 * one query per encoding with the usernames as an array, after the turn's requests have been
 * parsed. Under load a turn parses dozens of requests: one round trip, one parse of the result
 * and one slot of the pool serve them all, where one query each queued behind the pool's ten
 * connections. A lone view waits no timer, only the end of its turn. A failed query fails the
 * views it served; the route checks each username's form first, so no view's name can make the
 * read of the others fail.
 */
function batchedPgReader(
  db: Db,
  pool: NonNullable<ReturnType<typeof pgPoolOf>>,
): (username: string, encoding: StoredEncoding) => Promise<ServablePageRow | undefined> {
  const texts = new Map<StoredEncoding, string>();
  /** Per encoding, the views waiting for the end of this turn, by username. */
  const pending = new Map<StoredEncoding, Map<string, Waiter[]>>();

  const run = async (encoding: StoredEncoding, usernames: string[]) => {
    let text = texts.get(encoding);
    if (!text) {
      text = servableBatchQuery(db, [], encoding).compile().sql;
      texts.set(encoding, text);
    }
    const result = await pool.query<ServableRow & { username: string }>({
      name: `servable-pages-${encoding}`,
      text,
      values: [usernames],
    });
    return new Map(result.rows.map((row) => [row.username, toServable(row)]));
  };

  const flush = (encoding: StoredEncoding) => {
    const waiting = pending.get(encoding)!;
    pending.delete(encoding);
    const usernames = [...waiting.keys()];
    for (let start = 0; start < usernames.length; start += PG_BATCH_MAX) {
      const slice = usernames.slice(start, start + PG_BATCH_MAX);
      const settle = (answer: (waiter: Waiter, username: string) => void) => {
        for (const username of slice) {
          for (const waiter of waiting.get(username)!) answer(waiter, username);
        }
      };
      run(encoding, slice).then(
        (rows) => settle((waiter, username) => waiter.resolve(rows.get(username))),
        (error: unknown) => settle((waiter) => waiter.reject(error)),
      );
    }
  };

  return (username, encoding) =>
    new Promise((resolve, reject) => {
      let waiting = pending.get(encoding);
      if (!waiting) {
        pending.set(encoding, (waiting = new Map()));
        setImmediate(flush, encoding);
      }
      const waiters = waiting.get(username);
      if (waiters) waiters.push({ resolve, reject });
      else waiting.set(username, [{ resolve, reject }]);
    });
}

/**
 * Stores a rendered page for every process, unless a page rendered from a newer version of the
 * portfolio is stored already (two renders racing), and bumps the page generation so that other
 * processes drop their copy in memory.
 */
export async function storeRenderedPage(
  db: Db,
  page: StoredPage & { username: string },
  now: Date,
  /**
   * Whether other processes are told (the page generation moves, and the change is dated now):
   * not for the same portfolio rendered again by newer templates (see StoredPages).
   */
  { announce }: { announce: boolean } = { announce: true },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await storePagesQuery(trx, [renderedPageRow(page, now)], announce).execute();
    if (announce) await bumpPageGeneration(trx);
  });
}

const renderedPageRow = (page: StoredPage & { username: string }, now: Date) => ({
  username: page.username,
  source_version: page.sourceVersion,
  template_version: page.templateVersion,
  etag: page.etag,
  image_origins: page.imageOrigins.join(' '),
  html: page.html,
  gzip: page.gzip,
  br: page.br,
  rendered_at: now.toISOString(),
});

type RenderedPageRow = ReturnType<typeof renderedPageRow>;

/**
 * The upsert of rendered pages, unless a page rendered from a newer version of the portfolio is
 * stored already. Unannounced, a page keeps the date it was last rendered at (see StoredPages).
 */
const storePagesQuery = (db: Db, rows: RenderedPageRow[], announce: boolean) =>
  db
    .insertInto('rendered_pages')
    .values(rows)
    .onConflict((conflict) =>
      conflict
        .column('username')
        .doUpdateSet({
          source_version: (eb) => eb.ref('excluded.source_version'),
          template_version: (eb) => eb.ref('excluded.template_version'),
          etag: (eb) => eb.ref('excluded.etag'),
          image_origins: (eb) => eb.ref('excluded.image_origins'),
          html: (eb) => eb.ref('excluded.html'),
          gzip: (eb) => eb.ref('excluded.gzip'),
          br: (eb) => eb.ref('excluded.br'),
          rendered_at: (eb) =>
            announce ? eb.ref('excluded.rendered_at') : eb.ref('rendered_pages.rendered_at'),
        })
        // The version starts with the portfolio's ISO-8601 updated_at, so it sorts by time.
        .where('rendered_pages.source_version', '<=', (eb) => eb.ref('excluded.source_version')),
    );

/**
 * Stores several pages rendered again by newer templates from the same portfolios, without
 * telling the other processes (storeRenderedPage with `announce: false`), in one transaction.
 * On SQLite the write runs in the bulk-write thread (sqlite-write-thread.ts): tens of KB of
 * bytes a page, written on the event loop, held it for each page of a sweep. The rows go in
 * key order: two processes sweeping the same pages at once lock them in the same order.
 */
export async function storeSweptPages(
  db: Db,
  pages: readonly (StoredPage & { username: string })[],
  now: Date,
): Promise<void> {
  if (pages.length === 0) return;
  const rows = pages
    .map((page) => renderedPageRow(page, now))
    .sort((a, b) => (a.username < b.username ? -1 : a.username > b.username ? 1 : 0));
  const thread = sqliteWriteThreadOf(db);
  if (!thread) {
    await storePagesQuery(db, rows, false).execute();
    return;
  }
  // One statement run once per row, its parameters in the order of the row's columns.
  const columns = Object.keys(rows[0]!) as (keyof RenderedPageRow)[];
  let text = sweptPageUpserts.get(db);
  if (!text) {
    const compiled = storePagesQuery(db, [rows[0]!], false).compile();
    if (compiled.parameters.length !== columns.length) {
      throw new Error('the page upsert takes parameters other than its columns');
    }
    text = compiled.sql;
    sweptPageUpserts.set(db, text);
  }
  await thread.runEach(
    text,
    rows.map((row) => columns.map((column) => row[column])),
  );
}

/** The one-row upsert of storeSweptPages on each SQLite database, compiled once. */
const sweptPageUpserts = new WeakMap<Db, string>();

/** What changed at or after `since`: portfolios, their usernames, and stored pages. */
export interface ChangedPageRow {
  username: string;
  templateId: string;
  updatedAt: string;
  paidUntil: string;
  unpublishedAt: string | null;
  storedSourceVersion: string | null;
  storedEtag: string | null;
  changedAt: string;
  /** The row's key in its table's order of changes (see ChangeCursor). */
  changeKey: string;
}

/** The columns of a ChangedPageRow but changedAt, which each query takes from its own table. */
const CHANGED_PAGE_COLUMNS = [
  'usernames.username as username',
  'portfolios.template_id as templateId',
  'portfolios.updated_at as updatedAt',
  'portfolios.paid_until as paidUntil',
  'usernames.unpublished_at as unpublishedAt',
  'rendered_pages.source_version as storedSourceVersion',
  'rendered_pages.etag as storedEtag',
] as const;

/** Where each table's changes are dated: a portfolio, its username, its stored page. */
export const CHANGE_SOURCES = ['portfolios', 'usernames', 'rendered_pages'] as const;
export type ChangeSource = (typeof CHANGE_SOURCES)[number];

/**
 * Where the next slice of one table's changes starts: the values of the last row read, in the
 * columns that order the slices (CHANGE_ORDER).
 */
export type ChangeCursor = readonly string[];

/**
 * The columns each table's changes are read in order of: the date of change, then a key that
 * orders rows of one instant. A portfolio served under several names gives a row per name, so
 * its order ends with the name.
 */
const CHANGE_ORDER = {
  portfolios: ['portfolios.updated_at', 'portfolios.id', 'usernames.username'],
  usernames: ['usernames.updated_at', 'usernames.username'],
  rendered_pages: ['rendered_pages.rendered_at', 'rendered_pages.username'],
} as const;

/** The cursor after `row`, a row of `source`'s changes. */
export function changeCursorAfter(source: ChangeSource, row: ChangedPageRow): ChangeCursor {
  return source === 'portfolios'
    ? [row.changedAt, row.changeKey, row.username]
    : [row.changedAt, row.changeKey];
}

/**
 * One slice of what changed at or after `since` in one table: up to `limit` rows in the table's
 * order of changes, after `after` when given. Each table's own index on (date, key) serves it
 * (one query per table rather than one OR that no index serves): a slice seeks to its cursor
 * and costs the same wherever it starts, even inside a burst stamped with one instant, so a
 * burst of changes is read a slice at a time.
 */
export async function listChangedPages(
  db: Db,
  source: ChangeSource,
  since: string,
  after: ChangeCursor | undefined,
  limit: number,
): Promise<ChangedPageRow[]> {
  // The date and key come from the table the slice is of, where neither is null; the left join
  // of stored pages makes their types nullable.
  return (await changedPagesQuery(db, source, since, after, limit).execute()) as ChangedPageRow[];
}

/** The query of listChangedPages, for its plan. */
export function changedPagesQuery(
  db: Db,
  source: ChangeSource,
  since: string,
  after: ChangeCursor | undefined,
  limit: number,
) {
  const order = CHANGE_ORDER[source];
  const [changedAt, key] = order;
  const joined =
    source === 'rendered_pages'
      ? db
          .selectFrom('rendered_pages')
          .innerJoin('usernames', 'usernames.username', 'rendered_pages.username')
          .innerJoin('portfolios', 'portfolios.id', 'usernames.portfolio_id')
      : db
          .selectFrom('usernames')
          .innerJoin('portfolios', 'portfolios.id', 'usernames.portfolio_id')
          .leftJoin('rendered_pages', 'rendered_pages.username', 'usernames.username');
  let query = joined
    .select(CHANGED_PAGE_COLUMNS)
    .select(`${changedAt} as changedAt`)
    .select(`${key} as changeKey`)
    .limit(limit);
  for (const column of order) query = query.orderBy(column);
  if (!after) return query.where(changedAt, '>=', since);
  const row = (columns: readonly string[]) => sql.join(columns.map((column) => sql.ref(column)));
  return (
    query
      // The (date, key) index's own columns bound its scan: PostgreSQL takes a comparison that
      // spans two tables (the portfolios' order ends with the name) as a filter of the join.
      .where(sql<boolean>`(${row(order.slice(0, 2))}) >= (${sql.join(after.slice(0, 2))})`)
      .where(sql<boolean>`(${row(order)}) > (${sql.join([...after])})`)
  );
}

/**
 * Usernames whose stored page was rendered by other templates than `version`. Asked as the two
 * ranges either side of it, which the template_version index answers at once: `<>` read the
 * whole table instead, pages and all, holding the event loop on SQLite long at 100,000 pages
 * and far longer from disk, every sweep, even with nothing to find (bench/RESULTS.md,
 * Measurements behind design choices in the code).
 */
export async function listPagesOfOtherTemplateVersions(
  db: Db,
  version: string,
  limit: number,
): Promise<string[]> {
  const rows = await pagesOfOtherTemplateVersions(db, version, limit).execute();
  return rows.map((row) => row.username);
}

/** The query of listPagesOfOtherTemplateVersions, for its query-plan test. */
export function pagesOfOtherTemplateVersions(db: Db, version: string, limit: number) {
  return db
    .selectFrom('rendered_pages')
    .select('username')
    .where((eb) =>
      eb.or([eb('template_version', '<', version), eb('template_version', '>', version)]),
    )
    .limit(limit);
}

/** Records that a process running `version` started at `startedAt` (later starts win). */
export async function recordTemplateVersionStart(
  db: Db,
  version: string,
  startedAt: Date,
): Promise<void> {
  await db
    .insertInto('template_versions')
    .values({ version, started_at: startedAt.toISOString() })
    .onConflict((conflict) =>
      conflict
        .column('version')
        .doUpdateSet({ started_at: (eb) => eb.ref('excluded.started_at') })
        .where('template_versions.started_at', '<', (eb) => eb.ref('excluded.started_at')),
    )
    .execute();
}

/** The template version most recently started by any process. */
export async function latestTemplateVersion(db: Db): Promise<string | undefined> {
  const row = await db
    .selectFrom('template_versions')
    .select('version')
    .orderBy('started_at', 'desc')
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.version;
}

/** Runs a query with the portfolio index hint on SQLite (see PORTFOLIO_INDEX_HINT). */
async function hinted<Row>(
  db: Db,
  query: { compile(): CompiledQuery<Row>; execute(): Promise<Row[]> },
): Promise<Row[]> {
  if (!sqliteConnectionOf(db)) return query.execute();
  const compiled = query.compile();
  return (await db.executeQuery<Row>({ ...compiled, sql: withPortfolioIndexHint(compiled.sql) }))
    .rows;
}

/** A username the sitemap walk read, with what decides whether its page is shown now. */
export interface SitemapSliceRow {
  username: string;
  updatedAt: string;
  paidUntil: string;
  unpublishedAt: string | null;
  /** The portfolio's own domain while one is served: listed instead of /users/{username}. */
  canonicalHost: string | null;
}

/**
 * One slice of the sitemap walk: the next `limit` usernames after `after` (from the first when
 * undefined), in username order, whether their page is shown or not; the caller filters, and
 * goes on after the last row. The limit applies to the usernames alone, before the join, so the
 * plan is a walk of the primary key that stops after `limit` entries, as fast at the end as at
 * the start, whatever the statistics say: with the filters in the query, PostgreSQL without
 * fresh statistics (a bulk load, autovacuum off) guesses that few rows match, reads and sorts
 * the whole table for every slice instead, and a build grows with the square of the portfolios.
 * Each portfolio is then one primary-key read (on SQLite its index, so `data` is never read).
 */
export async function listSitemapSlice(
  db: Db,
  after: string | undefined,
  limit: number,
): Promise<SitemapSliceRow[]> {
  let slice = db
    .selectFrom('usernames')
    .select(['username', 'portfolio_id', 'unpublished_at'])
    .orderBy('username')
    .limit(limit);
  if (after !== undefined) slice = slice.where('username', '>', after);
  const query = db
    .selectFrom(slice.as('slice'))
    .innerJoin('portfolios', 'portfolios.id', 'slice.portfolio_id')
    .select([
      'slice.username as username',
      'portfolios.updated_at as updatedAt',
      'portfolios.paid_until as paidUntil',
      'slice.unpublished_at as unpublishedAt',
      // A served domain is listed instead: its robots.txt (ours) names this sitemap, which is
      // what lets a sitemap list another host's addresses.
      canonicalHostOf('slice.username').as('canonicalHost'),
    ])
    .orderBy('slice.username');
  return hinted(db, query);
}

/** Which of these usernames have no row any more (released or deleted by their owner). */
export async function findReleasedUsernames(db: Db, usernames: string[]): Promise<string[]> {
  if (usernames.length === 0) return [];
  const rows = await db
    .selectFrom('usernames')
    .select('username')
    .where('username', 'in', usernames)
    .execute();
  const present = new Set(rows.map((row) => row.username));
  return usernames.filter((username) => !present.has(username));
}

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_DIR, useTestApp } from '../../../test/app.js';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../../test/database.js';
import { publishDirectly, updateDirectly } from '../../../test/publish-directly.js';
import { SAMPLE_DATA } from '../../shared/templates/registry.js';
import type { PortfolioData } from '../../shared/domain/portfolio.js';
import type { TemplateId } from '../../shared/templates/catalog.js';
import { buildApp } from '../app.js';
import { openDatabase, pgPoolOf, type Db } from '../db/database.js';
import { readPageGeneration } from '../site/page-generation.repository.js';
import { PageCache } from './page-cache.js';
import { PageRenderPool } from './page-render-pool.js';
import { MAX_RENDERED_PAGE_BYTES, PageRenderer } from './page-renderer.js';
import {
  deletePortfolio,
  setPublication,
  type AccountContext,
} from '../account/account.service.js';
import { Sitemaps, sitemapXml } from './sitemap.js';
import { servablePageReader } from './public-pages.repository.js';
import { StoredPages, type StoredPagesOptions } from './stored-pages.service.js';

const storedRow = (db: Db, username: string) =>
  db.selectFrom('rendered_pages').selectAll().where('username', '=', username).executeTakeFirst();

const withName = (data: PortfolioData, name: string): PortfolioData => {
  const changed = structuredClone(data);
  changed.personalDetails.name = name;
  return changed;
};

/**
 * Stored pages on `db` as a process keeps them, with no timers (a test runs the checks itself),
 * rendering with the built client in `clientDir`.
 */
const storedPagesOn = (
  db: Db,
  { clientDir = CLIENT_DIR, ...options }: Partial<StoredPagesOptions> & { clientDir?: string } = {},
) =>
  new StoredPages({
    db,
    renderer: new PageRenderer({
      clientDir,
      publicUrl: () => 'http://localhost',
      mediaBase: '/media',
    }),
    cache: new PageCache(1024 * 1024),
    log: pino({ level: 'silent' }),
    ...options,
  });

/** A client build whose template files have other names: what a deploy that changed them looks like. */
function changedTemplateBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pb-client-'));
  cpSync(path.join(CLIENT_DIR, '.vite'), path.join(dir, '.vite'), { recursive: true });
  const manifestFile = path.join(dir, '.vite', 'manifest.json');
  const manifest = readFileSync(manifestFile, 'utf8').replace(
    /(assets\/[^"]+)\.css"/g,
    '$1-next.css"',
  );
  writeFileSync(manifestFile, manifest);
  return dir;
}

describe.each(TEST_DIALECTS)('pages rendered when they change, on %s', (dialect) => {
  const t = useTestApp(dialect);

  /** Published straight into the store (the template's sample by default), its page stored. */
  const publishStored = async (
    username: string,
    templateId: TemplateId,
    data: PortfolioData = SAMPLE_DATA[templateId],
  ) => {
    await publishDirectly(t.database.db, { username, templateId, data });
    await t.app.storedPages.refresh(username);
  };

  it('renders and stores a page at publish, before anyone views it, and again on update', async () => {
    const { portfolioId } = await publishDirectly(t.database.db, {
      username: 'stored-at-publish',
      templateId: 'template2',
      data: withName(SAMPLE_DATA.template2, 'Published Name'),
    });
    // The process's own change check renders it: no request for the page is made. Within 100 ms
    // and a render; the timeout is a loaded machine's patience.
    await expect
      .poll(() => storedRow(t.database.db, 'stored-at-publish'), { timeout: 10_000 })
      .toBeTruthy();
    const first = (await storedRow(t.database.db, 'stored-at-publish'))!;
    expect(first.html.toString()).toContain('<title>Published Name</title>');
    expect(gunzipSync(first.gzip).equals(first.html)).toBe(true);
    expect(brotliDecompressSync(first.br).equals(first.html)).toBe(true);

    await updateDirectly(
      t.database.db,
      portfolioId,
      withName(SAMPLE_DATA.template2, 'Updated Name'),
    );
    await t.app.storedPages.checkForChanges();
    const second = (await storedRow(t.database.db, 'stored-at-publish'))!;
    expect(second.html.toString()).toContain('<title>Updated Name</title>');
    expect(second.etag).not.toBe(first.etag);

    const view = await fetch(`${t.url}/users/stored-at-publish`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(view.headers.get('etag')).toBe(second.etag);
    expect(Buffer.from(await view.arrayBuffer()).equals(second.html)).toBe(true);
  });

  it('reads the views that miss in one turn together, each answered with its own page', async () => {
    for (const [username, name] of [
      ['turn-one', 'First Person'],
      ['turn-two', 'Second Person'],
    ]) {
      await publishStored(username!, 'template3', withName(SAMPLE_DATA.template3, name!));
    }
    // PostgreSQL: a pool of the reader's own, so that only its queries take connections.
    const { databaseUrl } = t.database;
    const db = databaseUrl ? openDatabase({ databaseUrl }).db : t.database.db;
    const read = servablePageReader(db);
    const pool = pgPoolOf(db);
    let connectionsTaken = 0;
    const taken = () => (connectionsTaken += 1);
    pool?.on('acquire', taken);
    try {
      const rows = await Promise.all(
        ['turn-one', 'turn-two', 'no-such-person', 'turn-one'].map((name) => read(name, 'br')),
      );
      const titles = rows.map(
        (row) =>
          row &&
          /<title>([^<]*)<\/title>/.exec(brotliDecompressSync(row.stored!.body).toString())?.[1],
      );
      expect(titles).toEqual(['First Person', 'Second Person', undefined, 'First Person']);
      // PostgreSQL: the four reads were one query on one connection.
      if (pool) expect(connectionsTaken).toBe(1);
      await expect(read('turn-two', 'gzip')).resolves.toMatchObject({ templateId: 'template3' });
    } finally {
      if (databaseUrl) await db.destroy();
    }
  });

  /**
   * Views `username` and holds the view after it has read the page, while `meanwhile` runs and a
   * change check follows; then lets it finish and answers with the status of the next view.
   */
  const viewHeldAcross = async (username: string, meanwhile: () => Promise<void>) => {
    const stored = t.app.storedPages;
    await stored.checkForChanges();
    const pageFor = stored.pageFor.bind(stored);
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let read = false;
    stored.pageFor = async (...args) => {
      const page = await pageFor(...args);
      read = true;
      await gate;
      return page;
    };
    try {
      const view = fetch(`${t.url}/users/${username}`);
      // A request's time, which on a loaded machine can pass a second (the default).
      await expect.poll(() => read, { timeout: 10_000 }).toBe(true);
      await meanwhile();
      await stored.checkForChanges();
      release();
      // The held view answers with what it read.
      expect((await view).status).toBe(200);
    } finally {
      stored.pageFor = pageFor;
    }
    const after = await fetch(`${t.url}/users/${username}`);
    await after.arrayBuffer();
    return after.status;
  };
  /** What the owner's account actions need here: the database and the clock. */
  const ownerContext = () => ({ db: t.database.db, now: () => new Date() }) as AccountContext;

  it('does not keep a page read before an unpublish that a change check saw meanwhile', async () => {
    const username = 'unpublished-during-read';
    const { userId } = await publishDirectly(t.database.db, {
      username,
      templateId: 'template2',
      data: SAMPLE_DATA.template2,
    });
    const status = await viewHeldAcross(username, () =>
      setPublication(ownerContext(), userId, username, true),
    );
    expect(status).toBe(410);
  });

  it('does not keep a page read before its portfolio was deleted, under a name it did not hold', async () => {
    // The process holds nothing under the name when the change check looks for deleted names.
    const username = 'deleted-during-read';
    const { userId } = await publishDirectly(t.database.db, {
      username,
      templateId: 'template4',
      data: SAMPLE_DATA.template4,
    });
    const status = await viewHeldAcross(username, () =>
      deletePortfolio(ownerContext(), userId, username),
    );
    expect(status).toBe(404);
  });

  it('re-renders on request when the portfolio changed with no generation bump to announce it', async () => {
    await publishStored('term-change', 'template3');
    // A change that bumps nothing: only an explicit refresh can pick it up.
    await t.database.db
      .updateTable('portfolios')
      .set({
        data: JSON.stringify(withName(SAMPLE_DATA.template3, 'Term Name')),
        updated_at: new Date(Date.now() + 5).toISOString(),
      })
      .where('id', '=', (eb) =>
        eb.selectFrom('usernames').select('portfolio_id').where('username', '=', 'term-change'),
      )
      .execute();
    await t.app.storedPages.refresh('term-change');
    expect((await storedRow(t.database.db, 'term-change'))!.html.toString()).toContain(
      '<title>Term Name</title>',
    );
  });

  it('a term that ends or starts again, or the owner switch, needs no render: a view reads them', async () => {
    const username = 'term-change-only';
    await publishStored(username, 'template1');
    const rendered = (await storedRow(t.database.db, username))!;
    // Written with no bump and no updated_at, as no process announces a term running out: the
    // page is not in memory, so the view reads the term with the stored page.
    const setTerm = (values: { paid_until?: string; unpublished_at?: string | null }) =>
      Promise.all([
        values.paid_until &&
          t.database.db
            .updateTable('portfolios')
            .set({ paid_until: values.paid_until })
            .where('id', '=', (eb) =>
              eb.selectFrom('usernames').select('portfolio_id').where('username', '=', username),
            )
            .execute(),
        values.unpublished_at !== undefined &&
          t.database.db
            .updateTable('usernames')
            .set({ unpublished_at: values.unpublished_at })
            .where('username', '=', username)
            .execute(),
      ]);
    const status = async () => {
      const response = await fetch(`${t.url}/users/${username}`);
      await response.arrayBuffer();
      return response.status;
    };

    await setTerm({ paid_until: '2001-01-01T00:00:00.000Z' });
    expect(await status()).toBe(410);
    expect(await t.app.storedPages.refresh(username)).toBe('current');

    // Renewed while its owner has it offline: still not shown.
    await setTerm({ unpublished_at: new Date().toISOString() });
    const renewed = new Date(Date.now() + 365 * 24 * 60 * 60 * 1000).toISOString();
    await setTerm({ paid_until: renewed });
    expect(await status()).toBe(410);

    await setTerm({ unpublished_at: null });
    expect(await status()).toBe(200);
    expect(await t.app.storedPages.refresh(username)).toBe('current');

    // The same stored page throughout: nothing the page shows changed.
    expect((await storedRow(t.database.db, username))!.etag).toBe(rendered.etag);
  });

  it('stores a short notice instead of a page that renders beyond the size limit', async () => {
    // Each apostrophe is written as `&#x27;`: six bytes of page per byte of portfolio.
    const swelling = "'".repeat(2000);
    const data = structuredClone(SAMPLE_DATA.template1);
    for (const key of ['section', 'section2', 'section3'] as const) {
      const section = data[key] ?? data.section!;
      data[key] = {
        ...structuredClone(section),
        type: key,
        sectionTiles: Array.from({ length: 24 }, (_, index) => ({
          ...section.sectionTiles[0]!,
          title: `Tile ${index}`,
          desc: swelling,
        })),
      };
    }
    await publishStored('too-large', 'template1', data);
    const row = (await storedRow(t.database.db, 'too-large'))!;
    expect(row.html.length).toBeLessThan(MAX_RENDERED_PAGE_BYTES);
    expect(row.html.toString()).toContain('too large to show');
    const view = await fetch(`${t.url}/users/too-large`);
    expect(view.status).toBe(200);
    expect(await view.text()).toContain('too large to show');
  });

  it('after a template change, serves stored pages as they were, then re-renders them in the background', async () => {
    await publishStored('template-change', 'template4');
    const old = (await storedRow(t.database.db, 'template-change'))!;
    expect(old.html.toString()).not.toContain('-next.css');

    const nextBuild = changedTemplateBuild();
    const next = await buildApp({
      config: t.config,
      db: t.database.db,
      dialect,
      clientDir: nextBuild,
      logger: false,
    });
    await next.listen({ port: 0, host: '127.0.0.1' });
    const address = next.server.address();
    const nextUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    try {
      // Meanwhile: the page as stored.
      const meanwhile = await fetch(`${nextUrl}/users/template-change`);
      expect(meanwhile.headers.get('etag')).toContain(old.etag.slice(1, -1));
      expect(await meanwhile.text()).not.toContain('-next.css');

      expect(await next.storedPages.sweepTemplateVersions()).toBeGreaterThanOrEqual(1);
      const renewed = (await storedRow(t.database.db, 'template-change'))!;
      expect(renewed.template_version).not.toBe(old.template_version);
      expect(renewed.html.toString()).toContain('-next.css');
      // The older version, still running, leaves the newer pages alone.
      expect(await t.app.storedPages.sweepTemplateVersions()).toBe(0);
      expect((await storedRow(t.database.db, 'template-change'))!.etag).toBe(renewed.etag);

      await next.storedPages.checkForChanges();
      const after = await fetch(`${nextUrl}/users/template-change`);
      expect(await after.text()).toContain('-next.css');
    } finally {
      next.server.closeAllConnections();
      await next.storedPages.stop();
      await new Promise((resolve) => next.server.close(resolve));
      rmSync(nextBuild, { recursive: true, force: true });
    }
  });
});

describe.each(TEST_DIALECTS)('renders of one page on %s', (dialect) => {
  let database: TestDatabase;
  let pages: StoredPages;
  beforeAll(async () => {
    // No app and no change check running: every store in the database is one of this test's.
    database = await createTestDatabase(dialect);
    pages = storedPagesOn(database.db);
  });
  afterAll(async () => {
    await pages.stop();
    await database.destroy();
  });

  it('starts without reading the changes made before it, and serves them current on their view', async () => {
    // A process that starts just after a burst (a seed, another version's sweep) does not read
    // the burst on its event loop: its first check only sets where to watch from.
    const usernames = ['burst-1', 'burst-2', 'burst-3'];
    for (const username of usernames) {
      await publishDirectly(database.db, {
        username,
        templateId: 'template2',
        data: withName(SAMPLE_DATA.template2, username),
      });
    }
    await pages.checkForChanges();
    for (const username of usernames) {
      expect(await storedRow(database.db, username)).toBeUndefined();
    }
    const page = await pages.pageFor('burst-2', 'html');
    expect(page && page !== 'unavailable' && page.body.toString()).toContain(
      '<title>burst-2</title>',
    );
    expect(await storedRow(database.db, 'burst-2')).toBeDefined();

    // From then on, changes are found and rendered by the checks.
    const { portfolioId } = await publishDirectly(database.db, {
      username: 'after-start',
      templateId: 'template2',
      data: SAMPLE_DATA.template2,
    });
    await updateDirectly(database.db, portfolioId, withName(SAMPLE_DATA.template2, 'Changed'));
    await pages.checkForChanges();
    expect((await storedRow(database.db, 'after-start'))!.html.toString()).toContain(
      '<title>Changed</title>',
    );
  });

  it('reads a burst of changes a few rows at a time and misses none, even at one instant', async () => {
    const sliced = storedPagesOn(database.db, { changeRowsPerQuery: 2 });
    try {
      await sliced.checkForChanges();
      // Five portfolios changed at the same instant: slices of two must go on by name there.
      const usernames = ['slice-a', 'slice-b', 'slice-c', 'slice-d', 'slice-e'];
      const ids: string[] = [];
      for (const username of usernames) {
        const { portfolioId } = await publishDirectly(database.db, {
          username,
          templateId: 'template1',
          data: withName(SAMPLE_DATA.template1, username),
        });
        ids.push(portfolioId);
      }
      const instant = new Date().toISOString();
      await database.db
        .updateTable('portfolios')
        .set({ updated_at: instant })
        .where('id', 'in', ids)
        .execute();
      await database.db
        .updateTable('usernames')
        .set({ updated_at: instant })
        .where('username', 'in', usernames)
        .execute();
      await sliced.checkForChanges();
      for (const username of usernames) {
        expect((await storedRow(database.db, username))?.html.toString()).toContain(
          `<title>${username}</title>`,
        );
      }
    } finally {
      await sliced.stop();
    }
  });

  it('reads every name of a portfolio served under several, a slice boundary between them', async () => {
    const sliced = storedPagesOn(database.db, { changeRowsPerQuery: 1 });
    try {
      await sliced.checkForChanges();
      const ids: string[] = [];
      for (const username of ['names-a', 'names-c']) {
        const { portfolioId } = await publishDirectly(database.db, {
          username,
          templateId: 'template1',
          data: withName(SAMPLE_DATA.template1, 'Before'),
        });
        ids.push(portfolioId);
      }
      // names-b serves the same portfolio as names-a.
      const first = await database.db
        .selectFrom('usernames')
        .selectAll()
        .where('username', '=', 'names-a')
        .executeTakeFirstOrThrow();
      await database.db
        .insertInto('usernames')
        .values({ ...first, username: 'names-b' })
        .execute();
      for (const username of ['names-a', 'names-b', 'names-c']) await sliced.refresh(username);
      // Only the portfolios change, at one instant: the names are found through them alone
      // (their names and stored pages are dated well before the check's margin).
      const earlier = new Date(Date.now() - 3_600_000).toISOString();
      await database.db.updateTable('usernames').set({ updated_at: earlier }).execute();
      await database.db.updateTable('rendered_pages').set({ rendered_at: earlier }).execute();
      const instant = new Date(Date.now() + 1000).toISOString();
      await database.db
        .updateTable('portfolios')
        .set({
          data: JSON.stringify(withName(SAMPLE_DATA.template1, 'After')),
          updated_at: instant,
        })
        .where('id', 'in', ids)
        .execute();
      await database.db
        .updateTable('page_generation')
        .set((eb) => ({ value: eb('value', '+', 1) }))
        .execute();
      await sliced.checkForChanges();
      for (const username of ['names-a', 'names-b', 'names-c']) {
        expect((await storedRow(database.db, username))?.html.toString()).toContain(
          '<title>After</title>',
        );
      }
    } finally {
      await sliced.stop();
    }
  });

  it('coalesces rapid updates into few renders, ending on the latest', async () => {
    const { portfolioId } = await publishDirectly(database.db, {
      username: 'rapid-updates',
      templateId: 'template1',
      data: SAMPLE_DATA.template1,
    });
    await pages.refresh('rapid-updates');
    const before = await readPageGeneration(database.db);
    const refreshes: Promise<unknown>[] = [];
    for (let update = 1; update <= 6; update += 1) {
      await updateDirectly(
        database.db,
        portfolioId,
        withName(SAMPLE_DATA.template1, `Name ${update}`),
      );
      refreshes.push(pages.refresh('rapid-updates'));
    }
    await Promise.all(refreshes);
    // Every store bumps the generation once, like every update: six updates, and fewer renders
    // than updates (one running, one following it, whatever came in meanwhile).
    const stores = (await readPageGeneration(database.db)) - before - 6;
    expect(stores).toBeGreaterThanOrEqual(1);
    expect(stores).toBeLessThan(6);
    expect((await storedRow(database.db, 'rapid-updates'))!.html.toString()).toContain(
      '<title>Name 6</title>',
    );
  });

  it('re-renders pages for newer templates without telling every process, and each drops the older pages it holds', async () => {
    await publishDirectly(database.db, {
      username: 'new-templates',
      templateId: 'template2',
      data: SAMPLE_DATA.template2,
    });
    await pages.refresh('new-templates');
    const old = (await storedRow(database.db, 'new-templates'))!;
    const nextBuild = changedTemplateBuild();
    // Two processes of the new deploy, not started (no timers): one sweeps, one only serves.
    const processOfNext = () => {
      const cache = new PageCache(1024 * 1024);
      const stored = storedPagesOn(database.db, { clientDir: nextBuild, cache });
      // Each holds the page as it was stored before the deploy, as after a view.
      cache.set('new-templates', {
        sourceVersion: old.source_version,
        templateVersion: old.template_version,
        etag: old.etag,
        servedUntil: Number.MAX_SAFE_INTEGER,
        bodies: { br: old.br },
        headers: {},
        csp: '',
      });
      return { cache, stored };
    };
    const sweeper = processOfNext();
    const peer = processOfNext();
    try {
      const generation = await readPageGeneration(database.db);
      expect(await sweeper.stored.sweepTemplateVersions()).toBeGreaterThanOrEqual(1);
      const renewed = (await storedRow(database.db, 'new-templates'))!;
      expect(renewed.html.toString()).toContain('-next.css');
      // Nobody was told: no process reads the changes again for a page that looks the same.
      expect(await readPageGeneration(database.db)).toBe(generation);
      expect(renewed.rendered_at).toBe(old.rendered_at);
      expect(sweeper.cache.peek('new-templates')).toBeUndefined();

      // The other process drops its older copy on its own sweep tick and keeps current ones.
      const current = {
        ...peer.cache.peek('new-templates')!,
        templateVersion: renewed.template_version,
      };
      peer.cache.set('current-page', current);
      expect(await peer.stored.sweepTemplateVersions()).toBe(0);
      expect(peer.cache.peek('new-templates')).toBeUndefined();
      expect(peer.cache.peek('current-page')).toBeDefined();
    } finally {
      await Promise.all([sweeper.stored.stop(), peer.stored.stop()]);
      rmSync(nextBuild, { recursive: true, force: true });
    }
  });

  it('sweeps a slice of pages at a time, renders each once, and a change made meanwhile wins', async () => {
    const db = database.db;
    const portfolios = new Map<string, string>();
    for (let i = 0; i < 40; i += 1) {
      const username = `swept-${i}`;
      const data = withName(SAMPLE_DATA.template3, `Swept ${i}`);
      const { portfolioId } = await publishDirectly(db, {
        username,
        templateId: 'template3',
        data,
      });
      portfolios.set(username, portfolioId);
      await pages.refresh(username);
    }
    const nextBuild = changedTemplateBuild();
    // Threads of its own, to count this process's renders.
    const pool = new PageRenderPool({ threads: 1 });
    const renderer = new PageRenderer({
      clientDir: nextBuild,
      publicUrl: () => 'http://localhost',
      mediaBase: '/media',
      pool,
    });
    const sweeper = storedPagesOn(db, { renderer });
    const version = renderer.templateVersion();
    const pagesOf = (templateVersion: string) =>
      db
        .selectFrom('rendered_pages')
        .select('username')
        .where('template_version', templateVersion === version ? '=' : '<>', version)
        .execute();
    try {
      await sweeper.checkForChanges();
      const toSweep = (await pagesOf('older')).length;
      let finished = false;
      const sweeping = sweeper.sweepTemplateVersions().finally(() => (finished = true));
      await expect
        .poll(async () => (await pagesOf(version)).length, { interval: 5 })
        .toBeGreaterThan(0);
      // A page the sweep has not stored yet changes, and another is published.
      const changed = (await pagesOf('older')).find((row) => row.username.startsWith('swept-'))!;
      await updateDirectly(
        db,
        portfolios.get(changed.username)!,
        withName(SAMPLE_DATA.template3, 'Changed Meanwhile'),
      );
      await publishDirectly(db, {
        username: 'published-meanwhile',
        templateId: 'template1',
        data: withName(SAMPLE_DATA.template1, 'Published Meanwhile'),
      });
      await sweeper.checkForChanges();
      expect(finished).toBe(false);
      const swept = await sweeping;

      expect(await pagesOf('older')).toEqual([]);
      const changedRow = (await storedRow(db, changed.username))!;
      expect(changedRow.html.toString()).toContain('<title>Changed Meanwhile</title>');
      const published = (await storedRow(db, 'published-meanwhile'))!;
      expect(published.html.toString()).toContain('<title>Published Meanwhile</title>');
      expect(published.template_version).toBe(version);
      // Every page once: the changed one is rendered from its change by the sweep or by the
      // change check, and at most once more by the other (finding it current costs no render).
      expect(swept).toBeGreaterThanOrEqual(toSweep - 1);
      expect(pool.stats().completed).toBeGreaterThanOrEqual(toSweep + 1);
      expect(pool.stats().completed).toBeLessThanOrEqual(toSweep + 2);
    } finally {
      await sweeper.stop();
      await pool.close();
      rmSync(nextBuild, { recursive: true, force: true });
    }
  });
});

describe.each(TEST_DIALECTS)('the sitemap index on %s', (dialect) => {
  const t = useTestApp(dialect, {}, { sitemapUrlsPerChild: 3 });

  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
  const NAMES = Array.from({ length: 8 }, (_, index) => `sitemap-${index}`);

  /** Publishes those of `names` not published yet, so that each test also runs on its own. */
  async function publishMissing(names: readonly string[]): Promise<void> {
    const rows = await t.database.db
      .selectFrom('usernames')
      .select('username')
      .where('username', 'in', names)
      .execute();
    const published = new Set(rows.map((row) => row.username));
    for (const username of names) {
      if (published.has(username)) continue;
      await publishDirectly(t.database.db, {
        username,
        templateId: 'template1',
        data: SAMPLE_DATA.template1,
      });
    }
  }

  async function listed(): Promise<string[]> {
    const index = await fetch(`${t.url}/sitemap.xml`);
    expect(index.headers.get('content-type')).toContain('application/xml');
    const indexXml = await index.text();
    expect(indexXml).toContain('<sitemapindex');
    const usernames: string[] = [];
    for (const child of locs(indexXml)) {
      const response = await fetch(child.replace(t.config.publicUrl, t.url));
      expect(response.status).toBe(200);
      const urls = locs(await response.text());
      expect(urls.length).toBeLessThanOrEqual(3);
      usernames.push(...urls.map((url) => url.split('/users/')[1]!));
    }
    return usernames;
  }

  it('lists every published portfolio exactly once across its children', async () => {
    await publishMissing(NAMES.slice(0, 7));
    // Built in the background after the change check sees the publishes (at least a second after
    // the last build; more on a loaded machine).
    await expect
      .poll(async () => (await listed()).sort(), { timeout: 10_000, interval: 50 })
      .toEqual(NAMES.slice(0, 7).sort());

    // A publish refreshes the index and its children (the kept ones are sent meanwhile).
    await publishDirectly(t.database.db, {
      username: NAMES[7]!,
      templateId: 'template2',
      data: SAMPLE_DATA.template2,
    });
    await expect
      .poll(async () => (await listed()).sort(), { timeout: 10_000, interval: 50 })
      .toEqual([...NAMES].sort());
    const second = await listed();
    expect(new Set(second).size).toBe(second.length);

    expect((await fetch(`${t.url}/sitemaps/4.xml`)).status).toBe(404);
    expect((await fetch(`${t.url}/sitemaps/0.xml`)).status).toBe(404);
    expect((await fetch(`${t.url}/sitemaps/x.xml`)).status).toBe(404);
  });

  it('walks the usernames in several queries, past pages not shown, filling each child', async () => {
    await publishMissing(NAMES);
    // Taken offline by its owner: read by the walk, not listed, and the child fills on.
    const offline = (at: string | null) =>
      t.database.db
        .updateTable('usernames')
        .set({ unpublished_at: at })
        .where('username', '=', 'sitemap-2')
        .execute();
    await offline(new Date().toISOString());
    const sitemaps = new Sitemaps(t.database.db, () => t.config.publicUrl, {
      urlsPerChild: 3,
      rowsPerQuery: 2,
    });
    try {
      const children: string[][] = [];
      for (let number = 1; ; number += 1) {
        const child = await sitemaps.file(number);
        if (!child) break;
        children.push(
          locs(gunzipSync(child.gzip).toString()).map((url) => url.split('/users/')[1]!),
        );
      }
      expect(children).toEqual([
        ['sitemap-0', 'sitemap-1', 'sitemap-3'],
        ['sitemap-4', 'sitemap-5', 'sitemap-6'],
        ['sitemap-7'],
      ]);
    } finally {
      await offline(null);
      await sitemaps.stop();
    }
  });

  it('keeps nothing for children the index does not list', async () => {
    await publishMissing(NAMES);
    const sitemaps = new Sitemaps(t.database.db, () => t.config.publicUrl, { urlsPerChild: 3 });
    for (let number = 1; number <= 400; number += 1) await sitemaps.file(number);
    // 8 portfolios at 3 a child: the index and its 3 children, not 400 entries.
    expect(sitemaps.keptFiles).toBe(4);
    expect(await sitemaps.file(4)).toBeUndefined();
    const third = (await sitemaps.file(3))!;
    // Its XML, for a client that takes no gzip: inflated once, then kept with the file.
    const xml = sitemapXml(third);
    expect(sitemapXml(third)).toBe(xml);
    expect((await xml).equals(gunzipSync(third.gzip))).toBe(true);
    await sitemaps.stop();
  });

  it('answers from the last build while the next one runs, then from the next', async () => {
    // Every query of these sitemaps waits for the gate while it is shut.
    let gate = Promise.resolve();
    let waited = false;
    const gated = t.database.db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        waited = true;
        await gate;
        return args.result;
      },
    });
    await publishMissing(NAMES);
    const sitemaps = new Sitemaps(gated, () => t.config.publicUrl, { urlsPerChild: 3 });
    const firstChild = async () => locs(gunzipSync((await sitemaps.file(1))!.gzip).toString());
    let open = () => {};
    try {
      const before = await firstChild();
      expect(before).toHaveLength(3);

      // Sorts into the first child: sitemap-0, sitemap-00, sitemap-1.
      await publishDirectly(t.database.db, {
        username: 'sitemap-00',
        templateId: 'template1',
        data: SAMPLE_DATA.template1,
      });
      gate = new Promise((resolve) => (open = resolve));
      waited = false;
      sitemaps.invalidate();
      // At least a second after the last build (more on a loaded machine).
      await expect.poll(() => waited, { timeout: 10_000 }).toBe(true);

      // The rebuild is stuck at its first query: the request does not wait for it.
      const during = await Promise.race([
        firstChild(),
        new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 500)),
      ]);
      expect(during).toEqual(before);
      expect(await sitemaps.file(0)).toBeDefined();

      open();
      await expect
        .poll(firstChild, { timeout: 10_000, interval: 50 })
        .toContain(`${t.config.publicUrl}/users/sitemap-00`);
      expect(await firstChild()).toHaveLength(3);
    } finally {
      open();
      await sitemaps.stop();
    }
  });
});

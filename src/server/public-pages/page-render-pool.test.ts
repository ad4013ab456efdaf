import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { CLIENT_DIR, useTestApp } from '../../../test/app.js';
import { createTestDatabase } from '../../../test/database.js';
import { publishDirectly, updateDirectly } from '../../../test/publish-directly.js';
import { CRASHING_NAME } from '../../../test/crashing-page-render.worker.js';
import type { PortfolioData } from '../../shared/domain/portfolio.js';
import { SAMPLE_DATA } from '../../shared/templates/registry.js';
import type { Db } from '../db/database.js';
import { workerFile } from '../worker-file.js';
import { PageCache } from './page-cache.js';
import {
  acquireSharedRenderPool,
  PageRenderBusyError,
  PageRenderFailedError,
  PageRenderPool,
} from './page-render-pool.js';
import { PageRenderer } from './page-renderer.js';
import { renderPortfolioPage } from './render-page.js';
import { StoredPages } from './stored-pages.service.js';

const storedRow = (db: Db, username: string) =>
  db.selectFrom('rendered_pages').selectAll().where('username', '=', username).executeTakeFirst();

const named = (name: string): PortfolioData => {
  const data = structuredClone(SAMPLE_DATA.template1);
  data.personalDetails.name = name;
  return data;
};

/** A pool whose threads end mid-render on a portfolio named CRASHING_NAME. */
const crashingPool = () =>
  new PageRenderPool({
    threads: 1,
    worker: workerFile(import.meta.url, '../../../test/crashing-page-render.worker.ts', ''),
  });

describe('public pages rendered in worker threads', () => {
  const t = useTestApp('sqlite');

  it('renders a published page in a thread of the pool, not on the event loop', async () => {
    const shared = acquireSharedRenderPool();
    try {
      const before = shared.pool.stats().completed;
      await publishDirectly(t.database.db, {
        username: 'in-a-thread',
        templateId: 'template1',
        data: named('Rendered Elsewhere'),
      });
      await expect
        .poll(() => storedRow(t.database.db, 'in-a-thread'), { timeout: 10_000 })
        .toBeTruthy();
      const stats = shared.pool.stats();
      expect(stats.completed).toBeGreaterThan(before);
      expect(stats.threadIds.length).toBeGreaterThan(0);
      expect(stats.threadIds).not.toContain(stats.mainThreadId);
    } finally {
      await shared.release();
    }
  });

  it('stores the same bytes the page renders to on the event loop', async () => {
    const data = named('Same Bytes');
    await publishDirectly(t.database.db, { username: 'same-bytes', templateId: 'template1', data });
    await t.app.storedPages.refresh('same-bytes');
    const row = (await storedRow(t.database.db, 'same-bytes'))!;
    const onTheLoop = renderPortfolioPage({
      username: 'same-bytes',
      templateId: 'template1',
      data,
      publicUrl: t.config.publicUrl,
      mediaBase: '/media',
      stylesheets: [...row.html.toString().matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map(
        (match) => match[1]!,
      ),
      // The contact form's start token is fresh per render: take the stored one.
      contactToken: /name="started" value="([^"]+)"/.exec(row.html.toString())![1],
    });
    expect(Buffer.from(row.html).equals(Buffer.from(onTheLoop))).toBe(true);
    expect(gunzipSync(row.gzip).equals(row.html)).toBe(true);
    expect(brotliDecompressSync(row.br).equals(row.html)).toBe(true);
  });

  it('a thread that crashes fails its page alone, stores nothing of it, and is replaced', async () => {
    // A database of its own: the test app's change check would render these pages itself.
    const database = await createTestDatabase('sqlite');
    const db = database.db;
    const pool = crashingPool();
    const pages = new StoredPages({
      db,
      renderer: new PageRenderer({
        clientDir: CLIENT_DIR,
        publicUrl: () => 'http://localhost',
        mediaBase: '/media',
        pool,
      }),
      cache: new PageCache(1024 * 1024),
      log: pino({ level: 'silent' }),
    });
    try {
      await pages.checkForChanges();
      const { portfolioId } = await publishDirectly(db, {
        username: 'crash-later',
        templateId: 'template1',
        data: named('Fine At First'),
      });
      await pages.checkForChanges();
      const first = (await storedRow(db, 'crash-later'))!;
      expect(first.html.toString()).toContain('<title>Fine At First</title>');

      // An update whose render crashes the thread, and a publish in the same change check.
      await updateDirectly(db, portfolioId, named(CRASHING_NAME));
      await publishDirectly(db, {
        username: 'after-the-crash',
        templateId: 'template1',
        data: named('After The Crash'),
      });
      await pages.checkForChanges();
      const kept = (await storedRow(db, 'crash-later'))!;
      expect(kept.etag).toBe(first.etag);
      expect(Buffer.from(kept.html).equals(Buffer.from(first.html))).toBe(true);
      const next = (await storedRow(db, 'after-the-crash'))!;
      expect(next.html.toString()).toContain('<title>After The Crash</title>');

      // Asked again, the page fails as a render failure, not as a missing page.
      await expect(pages.refresh('crash-later')).rejects.toBeInstanceOf(PageRenderFailedError);
      expect(pool.stats().completed).toBeGreaterThan(0);
    } finally {
      await pages.stop();
      await pool.close();
      await database.destroy();
    }
  });

  it('refuses renders past its queue as busy, and renders the others', async () => {
    const pool = new PageRenderPool({ threads: 1 });
    const job = {
      username: 'queued',
      templateId: 'template1' as const,
      data: JSON.stringify(SAMPLE_DATA.template1),
      publicUrl: 'http://localhost',
      canonicalUrl: undefined,
      mediaBase: '/media',
      stylesheets: [],
      contactToken: undefined,
    };
    try {
      const outcomes = await Promise.allSettled(Array.from({ length: 70 }, () => pool.render(job)));
      const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
      const rendered = outcomes.filter((outcome) => outcome.status === 'fulfilled');
      expect(refused.length).toBeGreaterThan(0);
      for (const outcome of refused) expect(outcome.reason).toBeInstanceOf(PageRenderBusyError);
      expect(rendered.length).toBeGreaterThanOrEqual(64);
    } finally {
      await pool.close();
    }
  });

  it('hands a page back in one buffer of its exact size, moved rather than copied', async () => {
    const pool = new PageRenderPool({ threads: 1 });
    try {
      const bytes = await pool.render({
        username: 'moved',
        templateId: 'template1',
        data: JSON.stringify(SAMPLE_DATA.template1),
        publicUrl: 'http://localhost',
        canonicalUrl: undefined,
        mediaBase: '/media',
        stylesheets: [],
        contactToken: undefined,
      });
      if (!bytes.ok) throw new Error(bytes.problem);
      const { html, gzip, br } = bytes;
      expect(html.buffer).toBe(gzip.buffer);
      expect(br.buffer).toBe(html.buffer);
      expect(html.buffer.byteLength).toBe(html.length + gzip.length + br.length);
      expect(gunzipSync(gzip).equals(Buffer.from(html))).toBe(true);
      expect(brotliDecompressSync(br).equals(Buffer.from(html))).toBe(true);
    } finally {
      await pool.close();
    }
  });

  it('shares one set of threads among the renderers of a process; letting go twice counts once', async () => {
    const first = acquireSharedRenderPool();
    const second = acquireSharedRenderPool();
    expect(second.pool).toBe(first.pool);
    await second.release();
    await second.release();
    const job = {
      username: 'shared',
      templateId: 'template1' as const,
      data: JSON.stringify(SAMPLE_DATA.template1),
      publicUrl: 'http://localhost',
      canonicalUrl: undefined,
      mediaBase: '/media',
      stylesheets: [],
      contactToken: undefined,
    };
    expect((await first.pool.render(job)).ok).toBe(true);
    await first.release();
    // The app of this file still holds them: a new acquisition gets the same threads.
    const again = acquireSharedRenderPool();
    expect(again.pool).toBe(first.pool);
    await again.release();
  });
});

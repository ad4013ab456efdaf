import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CLIENT_DIR, useTestApp } from '../../../test/app.js';
import { TEST_DIALECTS } from '../../../test/database.js';
import { PageRenderer } from '../public-pages/page-renderer.js';
import { seedPortfolios } from './seed-portfolios.js';

describe.each(TEST_DIALECTS)('seeding published portfolios on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('leaves the rows a publish leaves, pages included, and continues after earlier seeds', async () => {
    const renderer = new PageRenderer({
      clientDir: CLIENT_DIR,
      publicUrl: () => t.config.publicUrl,
      mediaBase: '/media',
    });
    const seed = (count: number) =>
      seedPortfolios(t.database.db, renderer, { count, publicUrl: t.config.publicUrl });
    expect(await seed(5)).toEqual({ first: 1, last: 5 });
    expect(await seed(2)).toEqual({ first: 6, last: 7 });

    const db = t.database.db;
    const orders = await db.selectFrom('orders').select(['username', 'status']).execute();
    expect(orders).toHaveLength(7);
    expect(orders.every((order) => order.status === 'paid')).toBe(true);
    expect(await db.selectFrom('username_holds').selectAll().execute()).toHaveLength(0);
    const stored = await db
      .selectFrom('rendered_pages')
      .select(['username', 'etag'])
      .where('username', '=', 'seed-7')
      .executeTakeFirstOrThrow();

    // The server sends the stored page as it is: nothing is rendered again.
    const view = await fetch(`${t.url}/users/seed-7`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(view.status).toBe(200);
    expect(view.headers.get('etag')).toBe(stored.etag);
    expect(await view.text()).toContain('<title>Seed Person 7</title>');
    expect(await t.app.storedPages.sweepTemplateVersions()).toBe(0);
  });
});

describe('the seed command', () => {
  it('refuses to run in production', () => {
    const run = spawnSync(process.execPath, ['dist/server/seed.js', '--portfolios', '3'], {
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('never runs with NODE_ENV=production');
  });
});

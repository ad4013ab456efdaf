/**
 * Visitor counts through the real server and database: views of people counted on the full path
 * and the fast path, bots and HEAD skipped, no cookie, visitors by salted hash, referrers by host,
 * the day rolled up into numbers once whatever the number of processes, and only the owner reads.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.js';
import { TEST_DIALECTS } from '../../../test/database.js';
import { send } from '../../../test/http.js';
import { publishAs, uniqueName } from '../../../test/orders.js';
import { signIn, type CookieJar } from '../../../test/signin.js';
import { indiaDay, indiaDayStart, type VisitStats } from '../../shared/visits.js';
import { VisitCounter } from './visit-counter.js';
import { addVisits, type VisitBatch } from './visits.repository.js';
import { DAY_MS } from '../../shared/domain/time.js';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe.each(TEST_DIALECTS)('visitor counts on %s', (dialect) => {
  let owner: CookieJar;
  let other: CookieJar;
  const username = uniqueName('vis');

  const t = useTestApp(dialect);
  beforeAll(async () => {
    owner = await signIn(t.url, { name: 'Vidya Rao', email: `vidya-${randomUUID()}@example.com` });
    other = await signIn(t.url, { name: 'Other', email: `other-${randomUUID()}@example.com` });
    await publishAs(t, owner, username);
  });

  const view = async (agent: string, init: RequestInit = {}) => {
    const answer = await fetch(`${t.url}/users/${username}`, {
      ...init,
      headers: { 'user-agent': agent, ...init.headers },
    });
    await answer.arrayBuffer();
    return answer;
  };
  /**
   * A second counter on the same database, as another process would be, seeing `address` (or
   * the address it gives for each view).
   */
  const counterAt = (address: string | (() => string)) =>
    new VisitCounter(
      t.database.db,
      t.app.log,
      typeof address === 'string' ? () => address : address,
      () => 'x',
      'pepper',
    );
  /** A view of `page` through `counter` by a browser named `agent`, maybe sent from `referer`. */
  const viewsOfPage = (counter: VisitCounter, page: string) => (agent: string, referer?: string) =>
    counter.count(page, {
      method: 'GET',
      headers: { 'user-agent': `Mozilla/5.0 ${agent}`, ...(referer ? { referer } : {}) },
    } as IncomingMessage);
  /** A page's views stored for its days so far, together. */
  const viewsOf = async (username: string) => {
    const row = await t.database.db
      .selectFrom('page_views')
      .select((eb) => eb.fn.sum<number>('views').as('views'))
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    return Number(row.views);
  };
  /** Visitor hashes stored for a page and not rolled up yet. */
  const visitorsOf = async (username: string) => {
    const row = await t.database.db
      .selectFrom('page_visitors')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };
  const stats = async (jar: CookieJar) =>
    send(t, jar, { path: `/api/account/portfolios/${username}/visits` });

  it('counts people on both paths, skips bots and HEAD, sets no cookie, and only the owner sees it', async () => {
    const first = await view(FIREFOX, { headers: { referer: 'https://www.instagram.com/p/x' } });
    expect(first.status).toBe(200);
    expect(first.headers.get('set-cookie')).toBeNull();
    // The second and later views are answered from memory, ahead of Fastify.
    for (let index = 0; index < 3; index += 1) await view(FIREFOX);
    const etag = first.headers.get('etag')!;
    expect((await view(SAFARI, { headers: { 'if-none-match': etag } })).status).toBe(304);
    await view(SAFARI, { headers: { referer: 'https://instagram.com/stories' } });
    await view(SAFARI, { headers: { referer: `${t.config.publicUrl}/account` } });
    await view(GOOGLEBOT);
    await view('curl/8.5.0');
    await view(FIREFOX, { method: 'HEAD' });

    const answer = await stats(owner);
    expect(answer.status).toBe(200);
    const body = answer.body as VisitStats;
    expect(body.days).toHaveLength(30);
    expect(body.days.at(-1)).toEqual({ day: indiaDay(Date.now()), views: 7, visitors: 2 });
    expect(body.days.slice(0, -1).every((day) => day.views === 0)).toBe(true);
    expect(body.referrers).toEqual([{ host: 'instagram.com', views: 2 }]);
    // Nothing in the store can be turned back into an address or a browser.
    const stored = JSON.stringify(
      await t.database.db.selectFrom('page_visitors').selectAll().execute(),
    );
    expect(stored).not.toContain('127.0.0.1');
    expect(stored).not.toContain('Firefox');

    expect((await stats(other)).status).toBe(404);
  });

  it("does not count the owner's own views: every builder page marks their browser", async () => {
    const own = uniqueName('own');
    await publishAs(t, owner, own);
    const account = await fetch(`${t.url}/api/me`, {
      headers: { cookie: owner.header(), origin: t.url },
    });
    const marker = account.headers.get('set-cookie') ?? '';
    expect(marker).toMatch(new RegExp(`^own_pages=[^;]*\\b${own}\\b`));
    expect(marker).toContain('Path=/users');
    expect(marker).toContain('HttpOnly');
    const cookie = marker.split(';')[0]!;
    const viewOwn = async (cookieHeader?: string) => {
      const answer = await fetch(`${t.url}/users/${own}`, {
        headers: { 'user-agent': FIREFOX, ...(cookieHeader ? { cookie: cookieHeader } : {}) },
      });
      await answer.arrayBuffer();
      expect(answer.status).toBe(200);
    };
    await viewOwn(cookie);
    await viewOwn(`theme=dark; ${cookie}`);
    await viewOwn(`not_own_pages=1; ${cookie}`);
    // Another page's marker, or a cookie that merely ends in the name, is someone else.
    await viewOwn('own_pages=someone-else');
    await viewOwn(`not_own_pages=${own}`);
    await viewOwn();
    const answer = await send(t, owner, { path: `/api/account/portfolios/${own}/visits` });
    expect((answer.body as VisitStats).days.at(-1)).toMatchObject({ views: 3 });
    // Signing out takes the marker away.
    const leaving = await signIn(t.url, {
      name: 'Leaving',
      email: `l-${randomUUID()}@example.com`,
    });
    const out = await fetch(`${t.url}/auth/logout`, {
      method: 'POST',
      headers: { cookie: `${leaving.header()}; ${cookie}`, origin: t.url },
    });
    expect(out.headers.getSetCookie().some((c) => c.startsWith('own_pages=;'))).toBe(true);
  });

  it("shows the owner their page's latest views without writing every other page's first", async () => {
    const mine = uniqueName('mine');
    await publishAs(t, owner, mine);
    const viewMine = async () => {
      const answer = await fetch(`${t.url}/users/${mine}`, { headers: { 'user-agent': FIREFOX } });
      await answer.arrayBuffer();
    };
    const ownStats = async () => {
      const answer = await send(t, owner, { path: `/api/account/portfolios/${mine}/visits` });
      return (answer.body as VisitStats).days.at(-1);
    };
    // Other pages viewed meanwhile in this process: at scale, tens of thousands.
    const viewOthers = (count: number) => {
      const others = Array.from({ length: count }, () => uniqueName('other'));
      for (const other of others) {
        t.app.visits.count(other, {
          method: 'GET',
          headers: { 'user-agent': SAFARI },
          socket: { remoteAddress: '192.0.2.8' },
        } as unknown as IncomingMessage);
      }
      return others;
    };
    const first = viewOthers(3);
    await viewMine();
    expect(await ownStats()).toMatchObject({ views: 1, visitors: 1 });
    expect(await Promise.all(first.map(viewsOf))).toEqual([0, 0, 0]);

    // A flush under way that holds some of the page's views is waited for, though it writes
    // the page's row last, after many statements.
    const many = viewOthers(2_000);
    await viewMine();
    const underWay = t.app.visits.flush();
    await viewMine();
    expect(await ownStats()).toMatchObject({ views: 3, visitors: 1 });
    await underWay;
    expect(await viewsOf(many.at(-1)!)).toBe(1);
  });

  it('rolls a finished day up into numbers once, however many processes do it, and forgets its salt', async () => {
    const day = indiaDay(Date.now());
    const before = ((await stats(owner)).body as VisitStats).days.at(-1)!;
    const second = counterAt('127.0.0.1');
    const tomorrow = Date.now() + DAY_MS;
    await Promise.all([t.app.visits.flush(tomorrow), second.flush(tomorrow)]);
    const rows = await t.database.db
      .selectFrom('page_visitors')
      .select('visitor')
      .where('day', '=', day)
      .execute();
    expect(rows).toEqual([]);
    const salts = await t.database.db
      .selectFrom('visit_salts')
      .select('day')
      .where('day', '=', day)
      .execute();
    expect(salts).toEqual([]);
    expect(((await stats(owner)).body as VisitStats).days.at(-1)).toEqual(before);
  });
  it("rolls up each page's day on its own, counting every visitor hash of it", async () => {
    const pages = [uniqueName('ra'), uniqueName('rb'), uniqueName('rc')];
    const day = '2026-01-05';
    const rows = pages.flatMap((username, index) =>
      Array.from({ length: 5 - index * 2 }, (_, visitor) => ({
        username,
        day,
        visitor: `${username}-${visitor}`,
      })),
    );
    await t.database.db.insertInto('page_visitors').values(rows).execute();
    await t.database.db
      .insertInto('page_views')
      .values({ username: pages[0]!, day, views: 9, visitors: 1 })
      .execute();
    const counter = counterAt('10.0.0.5');
    await counter.flush();
    const counted = await t.database.db
      .selectFrom('page_views')
      .select(['username', 'views', 'visitors'])
      .where('username', 'in', pages)
      .orderBy('username')
      .execute();
    expect(counted).toEqual(
      [
        { username: pages[0]!, views: 9, visitors: 6 },
        { username: pages[1]!, views: 0, visitors: 3 },
        { username: pages[2]!, views: 0, visitors: 1 },
      ].sort((a, b) => (a.username < b.username ? -1 : 1)),
    );
    const left = await t.database.db
      .selectFrom('page_visitors')
      .select('visitor')
      .where('day', '<', indiaDay(Date.now()))
      .execute();
    expect(left).toEqual([]);
  });

  it("counts a view on India's day, also across midnight there", async () => {
    const late = uniqueName('late');
    const counter = counterAt('10.0.0.2');
    const view = (at: number) =>
      counter.count(
        late,
        { method: 'GET', headers: { 'user-agent': FIREFOX } } as IncomingMessage,
        at,
      );
    // Midnight in India is 18:30 UTC the day before.
    const midnight = indiaDayStart('2026-03-10');
    expect(new Date(midnight).toISOString()).toBe('2026-03-09T18:30:00.000Z');
    view(midnight - 1);
    view(midnight);
    view(midnight + DAY_MS - 1);
    view(midnight - 2);
    await counter.flush(midnight);
    const rows = await t.database.db
      .selectFrom('page_views')
      .select(['day', 'views'])
      .where('username', '=', late)
      .orderBy('day')
      .execute();
    expect(rows).toEqual([
      { day: '2026-03-09', views: 2 },
      { day: '2026-03-10', views: 2 },
    ]);
  });

  it("keeps only the start of a browser's string: long ones that differ past it are one visitor", async () => {
    const page = uniqueName('long');
    const counter = counterAt('10.0.0.3');
    const start = `${FIREFOX} ${'x'.repeat(600)}`;
    for (const agent of [`${start} a`, `${start} b`, `${start} ${'c'.repeat(15_000)}`, SAFARI]) {
      counter.count(page, { method: 'GET', headers: { 'user-agent': agent } } as IncomingMessage);
    }
    await counter.flush();
    expect(await visitorsOf(page)).toBe(2);
    expect(await viewsOf(page)).toBe(4);
  });

  it('writes the views counted while a flush was under way when flushed again', async () => {
    const page = uniqueName('during');
    const counter = counterAt('10.0.0.4');
    const view = () =>
      counter.count(page, { method: 'GET', headers: { 'user-agent': FIREFOX } } as IncomingMessage);
    view();
    const first = counter.flush();
    view();
    view();
    await counter.flush();
    await first;
    expect(await viewsOf(page)).toBe(3);
  });

  it('stores a flood of made-up browsers and referrers in bounded, chunked writes without losing the views', async () => {
    const flooded = uniqueName('flood');
    // From 120 addresses: one alone may add only a few of a page's visitors (next test).
    let viewed = 0;
    const counter = counterAt(() => `10.1.0.${viewed++ % 120}`);
    const visit = viewsOfPage(counter, flooded);
    for (let index = 0; index < 12_000; index += 1) {
      visit(`Browser ${index}`, `https://site-${index % 500}.example/`);
    }
    await counter.flush();
    const day = indiaDay(Date.now());
    const views = await t.database.db
      .selectFrom('page_views')
      .select('views')
      .where('username', '=', flooded)
      .where('day', '=', day)
      .executeTakeFirstOrThrow();
    expect(views.views).toBe(12_000);
    expect(await visitorsOf(flooded)).toBe(12_000);
    const referrers = await t.database.db
      .selectFrom('page_referrers')
      .select('host')
      .where('username', '=', flooded)
      .execute();
    expect(referrers).toHaveLength(100);
  });

  it('writes a flush of many pages a statement of a few hundred rows at a time, other work running between', async () => {
    const prefix = uniqueName('many');
    const day = indiaDay(Date.now());
    const batches: VisitBatch[] = Array.from({ length: 3_000 }, (_, index) => ({
      username: `${prefix}-${index}`,
      day,
      views: 2,
      visitors: [`hash-${index}`],
      referrers: new Map([['site.example', 2]]),
    }));
    const rowsLike = async (table: 'page_views' | 'page_visitors' | 'page_referrers') => {
      const row = await t.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('username', 'like', `${prefix}-%`)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    };
    const stored = async () =>
      (await rowsLike('page_views')) +
      (await rowsLike('page_visitors')) +
      (await rowsLike('page_referrers'));
    // What each stretch between two yields wrote: never more than one statement's rows.
    const stretches: number[] = [];
    let before = 0;
    const between = async () => {
      const now = await stored();
      stretches.push(now - before);
      before = now;
    };
    await addVisits(t.database.db, batches, between);
    // 9,000 rows in statements of 500: 18 statements, 17 stretches between them.
    expect(stretches).toHaveLength(17);
    expect(Math.max(...stretches)).toBeLessThanOrEqual(500);
    expect(await stored()).toBe(9_000);
    // Again: views and referrers add up, each visitor stays one.
    await addVisits(t.database.db, batches, between);
    expect(Math.max(...stretches)).toBeLessThanOrEqual(500);
    expect(await stored()).toBe(9_000);
    const summed = await t.database.db
      .selectFrom('page_views')
      .innerJoin('page_referrers', (join) =>
        join
          .onRef('page_referrers.username', '=', 'page_views.username')
          .onRef('page_referrers.day', '=', 'page_views.day'),
      )
      .select(['page_views.views as views', 'page_referrers.views as referred'])
      .where('page_views.username', 'like', `${prefix}-%`)
      .execute();
    expect(summed).toHaveLength(3_000);
    expect(summed.every((row) => row.views === 4 && row.referred === 4)).toBe(true);
  });

  it('lets other work run while a flush looks through many pages that give a pass no row', async () => {
    const prefix = uniqueName('sparse');
    const day = indiaDay(Date.now());
    // Viewed, but with no visitor kept and no referrer (unset, as the counter leaves them): the
    // visitor and referrer passes find no row in any of them.
    const batches: VisitBatch[] = Array.from({ length: 12_000 }, (_, index) => ({
      username: `${prefix}-${index}`,
      day,
      views: 1,
    }));
    let yields = 0;
    await addVisits(t.database.db, batches, async () => {
      yields += 1;
    });
    // 24 writes of views, 23 turns between them; then each empty pass lets go after 5,000
    // pages looked at and after 10,000 (the last 2,000 end the pass).
    expect(yields).toBe(23 + 2 + 2);
    const stored = await t.database.db
      .selectFrom('page_views')
      .select((eb) => eb.fn.sum<number>('views').as('views'))
      .where('username', 'like', `${prefix}-%`)
      .executeTakeFirstOrThrow();
    expect(Number(stored.views)).toBe(12_000);
  });

  it("lets one network add only its share of a page's visitors and referring sites in a day", async () => {
    const page = uniqueName('net');
    let address = '198.51.100.7';
    const counter = counterAt(() => address);
    const visit = viewsOfPage(counter, page);
    for (let index = 0; index < 500; index += 1) {
      visit(`Browser ${index}`, `https://site-${index}.example/`);
    }
    await counter.flush();
    expect(await visitorsOf(page)).toBe(200);
    expect(await viewsOf(page)).toBe(500);
    const referrers = () =>
      t.database.db
        .selectFrom('page_referrers')
        .select('host')
        .where('username', '=', page)
        .execute();
    expect(await referrers()).toHaveLength(10);

    // The network's visitors already counted still count after the flush (their views, and
    // their referring sites already known); a new one of this network does not, nor does one
    // of its browsers from another address of it, nor the same address spelled otherwise.
    visit('Browser 3', 'https://site-3.example/');
    visit('Browser 9999');
    for (const spelling of ['::ffff:198.51.100.7', '::FFFF:c633:6407']) {
      address = spelling;
      visit('Browser 3');
      visit('Browser 10000');
    }
    // Addresses in one IPv6 /48 share its part: first fill it from one...
    address = '2001:db8:0:1::1';
    for (let index = 0; index < 250; index += 1) visit(`Phone ${index}`);
    // ...then nothing more from another, whether a new browser or one already counted, while
    // an address of another /48 still counts.
    address = '2001:DB8:0:ff::2';
    visit('Phone 9999');
    visit('Phone 1');
    address = '2001:db8:1::1';
    visit('Phone 9999');
    await counter.flush();
    expect(await visitorsOf(page)).toBe(200 + 200 + 1);
    expect(await viewsOf(page)).toBe(500 + 2 + 4 + 250 + 2 + 1);
    expect(await referrers()).toHaveLength(10);
  });

  it('keeps each network to its share whatever the order of views and flushes', async () => {
    // One flooding network and one ordinary one on a shared page, the flood alone on another;
    // flushes fall between views at moments of a fixed random sequence, some still writing
    // while more views arrive, and browsers come back across flushes.
    const shared = uniqueName('mixed');
    const alone = uniqueName('alone');
    let address = '198.51.100.20';
    const counter = counterAt(() => address);
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const writing: Promise<void>[] = [];
    // The ordinary network's readers: each its own visitor, all within its share.
    const readers = new Set<number>();
    for (let step = 0; step < 3000; step += 1) {
      const roll = random();
      if (roll < 0.01) {
        writing.push(counter.flush());
      } else if (roll < 0.02) {
        await counter.flush();
      } else if (roll < 0.1) {
        address = '203.0.113.60';
        const reader = Math.floor(random() * 80);
        readers.add(reader);
        viewsOfPage(counter, shared)(`Reader ${reader}`);
      } else {
        address = '198.51.100.20';
        const browser = `Flood ${Math.floor(random() * 1500)}`;
        viewsOfPage(counter, random() < 0.5 ? shared : alone)(browser);
      }
    }
    writing.push(counter.flush());
    await Promise.all(writing);
    expect(await visitorsOf(alone)).toBe(200);
    expect(await visitorsOf(shared)).toBe(200 + readers.size);
  });

  it('does not let a network past its share use up the visitors others may add before a flush', async () => {
    const flooded = uniqueName('flooded');
    const quiet = uniqueName('quiet');
    let address = '198.51.100.9';
    const counter = counterAt(() => address);
    // More browsers from one address than this process holds visitors for between flushes.
    const flood = viewsOfPage(counter, flooded);
    for (let index = 0; index < 50_001; index += 1) flood(`Browser ${index}`);
    address = '203.0.113.50';
    viewsOfPage(counter, quiet)('Browser 1');
    await counter.flush();
    expect(await visitorsOf(flooded)).toBe(200);
    expect(await visitorsOf(quiet)).toBe(1);
  });
});

describe('visitor addresses behind a trusted proxy', () => {
  const t = useTestApp('sqlite', { TRUST_PROXY: '127.0.0.1' });

  it('counts each address the proxy passes on, and any other text as the socket address', async () => {
    const owner = await signIn(t.url, {
      name: 'Proxy Owner',
      email: `p-${randomUUID()}@example.com`,
    });
    const page = uniqueName('proxy');
    await publishAs(t, owner, page);
    const view = async (forwardedFor?: string) => {
      const answer = await fetch(`${t.url}/users/${page}`, {
        headers: {
          'user-agent': FIREFOX,
          ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
        },
      });
      await answer.arrayBuffer();
      expect(answer.status).toBe(200);
    };
    await view('203.0.113.5');
    await view('203.0.113.6');
    await view('203.0.113.6');
    // Not addresses: both are this socket's visitor, the same one as a view sent without the header.
    await view('not-an-address');
    await view('x'.repeat(8_000));
    // An IPv6 address with an endless zone is an address to isIP, but no visitor's.
    await view(`fe80::1%${'z'.repeat(8_000)}`);
    await view();
    await t.app.visits.flush();
    const row = await t.database.db
      .selectFrom('page_visitors')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('username', '=', page)
      .executeTakeFirstOrThrow();
    expect(Number(row.count)).toBe(3);
  });
});

import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.js';
import { TEST_DIALECTS } from '../../../test/database.js';
import { send } from '../../../test/http.js';
import { orderBody, publishAs, uniqueName } from '../../../test/orders.js';
import { publishDirectly } from '../../../test/publish-directly.js';
import { signIn, type CookieJar } from '../../../test/signin.js';
import { usernameRow } from '../../../test/store.js';
import { GRACE_DAYS, RESERVED_DAYS } from '../../shared/domain/term.js';
import { USERNAME_TAKEN_MESSAGE } from '../../shared/orders.js';
import { SAMPLE_DATA } from '../../shared/templates/registry.js';
import { inTransaction } from '../db/database.js';
import { bumpPageGeneration } from '../site/page-generation.repository.js';
import { DAY_MS } from '../../shared/domain/time.js';

const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

/** Template 1's sample person: only a served page shows this name. */
const OWNER_NAME = SAMPLE_DATA.template1.personalDetails.name;

describe.each(TEST_DIALECTS)('the yearly term on %s', (dialect) => {
  const names = {
    live: uniqueName('live'),
    grace: uniqueName('grace'),
    offline: uniqueName('offline'),
    unpublished: uniqueName('unpub'),
  };
  const portfolios: Record<string, string> = {};

  const publish = async (username: string, paidUntil: string) => {
    const { portfolioId } = await publishDirectly(t.database.db, {
      username,
      templateId: 'template1',
      data: SAMPLE_DATA.template1,
      paidUntil,
    });
    portfolios[username] = portfolioId;
    // Settled before any view: a view that overlaps the page's change is not kept in memory.
    await t.app.storedPages.checkForChanges();
    return portfolioId;
  };

  /** What a writer changing the term or the switch does: the row, its updated_at, the generation. */
  const changeTerm = async (
    username: string,
    change: { paidUntil?: string; unpublishedAt?: string | null },
  ) => {
    const stamp = new Date().toISOString();
    await inTransaction(t.database.db, async (trx) => {
      if (change.paidUntil !== undefined) {
        await trx
          .updateTable('portfolios')
          .set({ paid_until: change.paidUntil })
          .where('id', '=', portfolios[username]!)
          .execute();
      }
      if (change.unpublishedAt !== undefined) {
        await trx
          .updateTable('usernames')
          .set({ unpublished_at: change.unpublishedAt, updated_at: stamp })
          .where('username', '=', username)
          .execute();
      }
      await bumpPageGeneration(trx);
    });
    await t.app.storedPages.checkForChanges();
  };

  const view = (username: string) => fetch(`${t.url}/users/${username}`);

  const t = useTestApp(dialect);
  beforeAll(async () => {
    await publish(names.live, daysFromNow(200));
    await publish(names.grace, daysFromNow(-3));
    await publish(names.offline, daysFromNow(-(GRACE_DAYS + 1)));
    await publish(names.unpublished, daysFromNow(200));
    await changeTerm(names.unpublished, { unpublishedAt: new Date().toISOString() });
  });

  it('lists only pages shown now in the sitemap', async () => {
    const index = await (await fetch(`${t.url}/sitemap.xml`)).text();
    expect(index).toContain('/sitemaps/1.xml');
    // Rebuilt in the background: one listing a portfolio published after every change above
    // was built after them too.
    const canary = uniqueName('canary');
    await publish(canary, daysFromNow(200));
    const child = async () => (await fetch(`${t.url}/sitemaps/1.xml`)).text();
    // At least a second after the last build; more on a loaded machine.
    await expect.poll(child, { timeout: 10_000, interval: 50 }).toContain(`/users/${canary}<`);
    const sitemap = await child();
    expect(sitemap).toContain(`/users/${names.grace}<`);
    expect(sitemap).not.toContain(names.offline);
    expect(sitemap).not.toContain(names.unpublished);
  });

  it('serves a live page and a page in its grace period', async () => {
    for (const username of [names.live, names.grace]) {
      const response = await view(username);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(OWNER_NAME);
    }
  });

  it.each(['offline', 'unpublished'] as const)(
    'answers 410 for an %s page, with noindex and nothing of the owner',
    async (state) => {
      for (const encoding of ['br', 'identity']) {
        const response = await fetch(`${t.url}/users/${names[state]}`, {
          headers: { 'accept-encoding': encoding },
        });
        expect(response.status).toBe(410);
        expect(response.headers.get('x-robots-tag')).toBe('noindex');
        expect(response.headers.get('cache-control')).toBe('no-store');
        expect(response.headers.get('content-type')).toContain('text/html');
        const html = await response.text();
        expect(html).toContain('<meta name="robots" content="noindex">');
        expect(html).toContain('This portfolio is not available');
        expect(html).not.toContain(OWNER_NAME);
        expect(html).not.toContain(names[state]);
      }
    },
  );

  it('brings a renewed page back at once, with the same content', async () => {
    expect((await view(names.offline)).status).toBe(410);
    await changeTerm(names.offline, { paidUntil: daysFromNow(365) });
    const response = await view(names.offline);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(OWNER_NAME);
  });

  it('takes a cached page offline when its owner does, and back when they publish it again', async () => {
    const username = uniqueName('switch');
    await publish(username, daysFromNow(100));
    await view(username);
    const cached = await view(username);
    expect(cached.status).toBe(200);
    expect(cached.headers.get('x-request-id')).toBeNull();
    await changeTerm(username, { unpublishedAt: new Date().toISOString() });
    expect((await view(username)).status).toBe(410);
    await changeTerm(username, { unpublishedAt: null });
    expect((await view(username)).status).toBe(200);
  });

  it('answers 410 for a page cached while live once its grace period ends, with no write', async () => {
    const username = uniqueName('lapse');
    // Offline 5 s from now: time for the publish and two views before, on a loaded machine too.
    const offlineAt = Date.now() + 5000;
    await publish(username, new Date(offlineAt - GRACE_DAYS * DAY_MS).toISOString());
    expect((await view(username)).status).toBe(200);
    const fromMemory = await view(username);
    expect(fromMemory.status).toBe(200);
    // Answered by the fast path: only the full path stamps a request id.
    expect(fromMemory.headers.get('x-request-id')).toBeNull();
    await sleep(offlineAt - Date.now() + 50);
    const lapsed = await view(username);
    expect(lapsed.status).toBe(410);
    expect(await lapsed.text()).not.toContain(OWNER_NAME);
    expect((await view(username)).status).toBe(410);
  });
});

describe.each(TEST_DIALECTS)('usernames after the term on %s', (dialect) => {
  const t = useTestApp(dialect);

  const person = (label: string): Promise<CookieJar> =>
    signIn(t.url, { name: `Person ${label}`, email: `${uniqueName(label)}@example.com` });
  const claim = (jar: CookieJar, username: string, templateId: 'template1' | 'template2') =>
    send(t, jar, {
      path: '/api/claims',
      body: { username, templateId, data: SAMPLE_DATA[templateId] },
    });
  const heldName = (username: string) => usernameRow(t.database.db, username);
  const setPaidUntil = async (username: string, paidUntil: string) => {
    const row = await heldName(username);
    await t.database.db
      .updateTable('portfolios')
      .set({ paid_until: paidUntil })
      .where('id', '=', row!.portfolio_id)
      .execute();
  };
  const RELEASED_AFTER_DAYS = GRACE_DAYS + RESERVED_DAYS;

  it('lets another person claim and buy a released name; the old portfolio stays', async () => {
    const username = uniqueName('released');
    const old = await publishDirectly(t.database.db, {
      username,
      templateId: 'template1',
      data: SAMPLE_DATA.template1,
      paidUntil: daysFromNow(-(RELEASED_AFTER_DAYS + 1)),
    });
    const buyer = await person('buyer');
    const claimed = await claim(buyer, username, 'template2');
    expect(claimed.status).toBe(200);
    expect(claimed.body).toMatchObject({ status: 'free', username });
    await publishAs(t, buyer, username, 'template2');

    const row = await heldName(username);
    expect(row!.user_id).not.toBe(old.userId);
    expect(row!.portfolio_id).not.toBe(old.portfolioId);
    const page = await fetch(`${t.url}/users/${username}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(SAMPLE_DATA.template2.personalDetails.name);
    expect(html).not.toContain(SAMPLE_DATA.template1.personalDetails.name);
    const oldPortfolio = await t.database.db
      .selectFrom('portfolios')
      .select('id')
      .where('id', '=', old.portfolioId)
      .executeTakeFirst();
    expect(oldPortfolio).toBeDefined();
  });

  it('keeps a name reserved to its owner during the 90 days after grace', async () => {
    const username = uniqueName('reserved');
    await publishDirectly(t.database.db, {
      username,
      templateId: 'template1',
      data: SAMPLE_DATA.template1,
      paidUntil: daysFromNow(-(RELEASED_AFTER_DAYS - 1)),
    });
    const other = await person('other');
    const refused = await claim(other, username, 'template2');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: { message: USERNAME_TAKEN_MESSAGE } });
    const order = await send(t, other, { path: '/create-order', body: orderBody(username) });
    expect(order.status).toBe(409);
  });

  it('sweeps released names in every process, idempotently, and keeps the others', async () => {
    const released = [uniqueName('gone'), uniqueName('gone')];
    const kept = uniqueName('kept');
    for (const username of released) {
      await publishDirectly(t.database.db, {
        username,
        templateId: 'template1',
        data: SAMPLE_DATA.template1,
        paidUntil: daysFromNow(-(RELEASED_AFTER_DAYS + 2)),
      });
      expect((await fetch(`${t.url}/users/${username}`)).status).toBe(410);
    }
    await publishDirectly(t.database.db, {
      username: kept,
      templateId: 'template1',
      data: SAMPLE_DATA.template1,
      paidUntil: daysFromNow(-(RELEASED_AFTER_DAYS - 2)),
    });
    const [first, second] = await Promise.all([
      t.app.jobs.termSchedule.runOnce(),
      t.app.jobs.termSchedule.runOnce(),
    ]);
    // One pass joined by the second call.
    expect(first).toBe(second);
    expect(first.released).toBeGreaterThanOrEqual(2);
    for (const username of released) {
      expect(await heldName(username)).toBeUndefined();
      expect((await fetch(`${t.url}/users/${username}`)).status).toBe(404);
    }
    expect(await heldName(kept)).toBeDefined();
    expect((await t.app.jobs.termSchedule.runOnce()).released).toBe(0);
  });

  it('allows free updates in grace, refuses them after it with a sentence, and sells a renewal then', async () => {
    const owner = await person('owner');
    const username = uniqueName('mine');
    await publishAs(t, owner, username, 'template2');

    await setPaidUntil(username, daysFromNow(-(GRACE_DAYS - 1)));
    const inGrace = await claim(owner, username, 'template2');
    expect(inGrace.status).toBe(200);
    expect(inGrace.body).toMatchObject({ status: 'updated' });

    await setPaidUntil(username, daysFromNow(-(GRACE_DAYS + 1)));
    const ended = await claim(owner, username, 'template2');
    expect(ended.status).toBe(409);
    expect(ended.body).toMatchObject({
      error: {
        code: 'term_ended',
        field: 'username',
        message: expect.stringMatching(
          new RegExp(`^The yearly term of /users/${username} ended on \\d{1,2} \\w{3} \\d{4}`),
        ) as unknown,
      },
    });
    expect((ended.body as { error: { message: string } }).error.message).toContain(
      'Make Payment renews it for a year',
    );

    // Buying it again is the renewal: the page is back, paid a year from now.
    const order = await send(t, owner, { path: '/create-order', body: orderBody(username) });
    expect(order.status).toBe(200);
    const paid = await send(t, owner, {
      path: '/test-gateway/pay',
      body: { order_id: (order.body as { order_id: string }).order_id },
    });
    const verified = await send(t, owner, { path: '/verify-payment', body: paid.body });
    expect(verified.body).toMatchObject({ status: 'published' });
    const row = await heldName(username);
    const portfolio = await t.database.db
      .selectFrom('portfolios')
      .select('paid_until')
      .where('id', '=', row!.portfolio_id)
      .executeTakeFirstOrThrow();
    expect(Date.parse(portfolio.paid_until)).toBeGreaterThan(Date.now() + 364 * DAY_MS);
    expect((await fetch(`${t.url}/users/${username}`)).status).toBe(200);
  });
});

/**
 * Custom domains through the real app, database and a DNS server on loopback: adding (with its
 * validation), the records to create, Check now and the periodic re-check, serving the portfolio
 * on its domain with that canonical address, Caddy's ask endpoint, the redirect from /users/{name},
 * DNS that changes, unpublishing, removal, rate limits and account deletion.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { TEST_DIALECTS } from '../../../test/database.js';
import { TestDnsServer } from '../../../test/dns-server.js';
import { requestWithHost } from '../../../test/host-request.js';
import { ContactTokens } from '../contact/contact-token.js';
import { send } from '../../../test/http.js';
import { publishAs, uniqueName } from '../../../test/orders.js';
import { CookieJar, signIn } from '../../../test/signin.js';
import type { DomainsResponse, DomainView } from '../../shared/domains.js';
import { bumpPageGeneration } from '../site/page-generation.repository.js';
import { DAY_MS } from '../../shared/domain/time.js';

const TARGET = 'domains.portfolio-test.example';
const ADDRESS = '192.0.2.10';

describe.each(TEST_DIALECTS)('custom domains (%s)', (dialect) => {
  let t: TestApp;
  let dns: TestDnsServer;
  let owner: CookieJar;
  let other: CookieJar;
  const ownerName = 'Priya Raman';
  const username = uniqueName('dom');
  const www = `www.${username}.example`;
  const apex = `${username}.example`;

  /** What every process does ten times a second: here at once. */
  const settle = () => t.app.storedPages.checkForChanges();
  const add = (jar: CookieJar, hostname: unknown, name = username) =>
    send(t, jar, { path: `/api/account/portfolios/${name}/domains`, body: { hostname } });
  const check = (jar: CookieJar, hostname: string) =>
    send(t, jar, { path: `/api/account/domains/${hostname}/check`, body: {} });
  const listed = async (jar: CookieJar) =>
    ((await send(t, jar, { path: '/api/account/domains' })).body as DomainsResponse).domains;
  const pointAtUs = (view: DomainView) => {
    for (const record of view.records) {
      dns.set(record.name, [
        ...(dns.zone.get(record.name) ?? []),
        { type: record.type, value: record.value },
      ]);
    }
  };

  beforeAll(async () => {
    dns = new TestDnsServer();
    const server = await dns.start();
    dns.set(TARGET, [{ type: 'A', value: ADDRESS }]);
    t = await startTestApp(dialect, {
      CUSTOM_DOMAIN_TARGET: TARGET,
      CUSTOM_DOMAIN_ADDRESSES: ADDRESS,
      DNS_SERVERS: server,
    });
    owner = await signIn(t.url, { name: ownerName, email: `dom-${dialect}@example.com` });
    other = await signIn(t.url, { name: 'Someone Else', email: `dom2-${dialect}@example.com` });
    await publishAs(t, owner, username, 'template2', { name: ownerName });
  });
  afterAll(async () => {
    await t.close();
    await dns.stop();
  });

  it('refuses names that cannot be a portfolio domain, naming the field, storing nothing', async () => {
    for (const bad of [
      '',
      'localhost',
      '127.0.0.1',
      'http://[::1]/',
      'example',
      '-bad-.example',
      `${'a'.repeat(64)}.example`,
      `${'abcdefghi.'.repeat(26)}example`,
      TARGET,
      `shop.${TARGET}`,
      42,
    ]) {
      const answer = await add(owner, bad);
      expect(answer.status, String(bad)).toBe(400);
      expect(answer.body).toMatchObject({ error: { field: 'hostname' } });
    }
    expect(await listed(owner)).toEqual([]);
    // Someone else's username: as if it did not exist.
    expect((await add(other, 'elsewhere.example')).status).toBe(404);
  });

  it('adds a domain in its lower-case punycode form and shows the records to create', async () => {
    const international = await add(owner, `  HTTPS://Bücher-${username}.Example/path `);
    expect(international.status).toBe(201);
    const idn = international.body as DomainView;
    expect(idn.hostname).toMatch(/^xn--b.*\.example$/);
    // An apex domain cannot have a CNAME: the A record is shown.
    expect(idn.records).toEqual([
      {
        type: 'TXT',
        name: `_portfolio-verify.${idn.hostname}`,
        host: '_portfolio-verify',
        value: expect.stringMatching(/^portfolio-verify=[\w-]{24}$/),
      },
      { type: 'A', name: idn.hostname, host: '@', value: ADDRESS },
    ]);
    expect(
      (await send(t, owner, { method: 'DELETE', path: `/api/account/domains/${idn.hostname}` }))
        .status,
    ).toBe(204);

    const added = await add(owner, www);
    expect(added.status).toBe(201);
    const view = added.body as DomainView;
    expect(view).toMatchObject({ hostname: www, username, state: 'pending', checkedAt: null });
    // Named as providers' Host field wants them: relative to the domain bought.
    expect(view.records.map((r) => [r.type, r.name, r.host])).toEqual([
      ['TXT', `_portfolio-verify.${www}`, '_portfolio-verify.www'],
      ['CNAME', www, 'www'],
    ]);
    expect(view.records[1]!.value).toBe(TARGET);
    expect((await add(owner, apex)).status).toBe(201);
    // At most two per portfolio; one name belongs to one portfolio.
    const third = await add(owner, `blog.${username}.example`);
    expect(third.status).toBe(400);
    expect(third.body).toMatchObject({ error: { field: 'hostname' } });
    expect((await listed(owner)).map((d) => d.hostname).sort()).toEqual([apex, www].sort());
    expect(await listed(other)).toEqual([]);
  });

  it('lets nobody else check or remove a domain', async () => {
    // However often: someone else's tries do not use up the owner's checks of the domain.
    for (let i = 0; i < 20; i += 1) expect((await check(other, www)).status).toBe(404);
    const removal = await send(t, other, { method: 'DELETE', path: `/api/account/domains/${www}` });
    expect(removal.status).toBe(404);
    expect((await send(t, new CookieJar(), { path: '/api/account/domains' })).status).toBe(401);
  });

  it('waits for DNS, then verifies on Check now once the TXT and CNAME records exist', async () => {
    const waiting = await check(owner, www);
    expect(waiting.status).toBe(200);
    expect(waiting.body).toMatchObject({ state: 'pending' });
    expect((waiting.body as DomainView).checkProblem).toContain(`_portfolio-verify.${www}`);
    // The token alone is not enough: the name must point at us.
    const view = (await listed(owner)).find((d) => d.hostname === www)!;
    dns.set(view.records[0]!.name, [{ type: 'TXT', value: view.records[0]!.value }]);
    const notPointing = await check(owner, www);
    expect(notPointing.body).toMatchObject({ state: 'pending' });
    expect((notPointing.body as DomainView).checkProblem).toContain(TARGET);
    // A provider's parking address: the problem says what the name points at now.
    dns.set(www, [{ type: 'A', value: '203.0.113.99' }]);
    const parked = await check(owner, www);
    expect((parked.body as DomainView).checkProblem).toContain('It points at 203.0.113.99 now');
    dns.clear(www);
    dns.clear(view.records[0]!.name);
    pointAtUs(view);
    const verified = await check(owner, www);
    expect(verified.body).toMatchObject({ state: 'verified', checkProblem: null });
  });

  it('re-checks waiting domains on its own', async () => {
    const view = (await listed(owner)).find((d) => d.hostname === apex)!;
    pointAtUs(view);
    // A pass picks up domains never checked.
    expect(await t.app.jobs.domainChecks.runOnce()).toBeGreaterThanOrEqual(1);
    expect((await listed(owner)).find((d) => d.hostname === apex)!.state).toBe('verified');
  });

  it('serves the portfolio on its domain, with the domain as its canonical address', async () => {
    await settle();
    const page = await requestWithHost(t.url, www, '/');
    expect(page.status).toBe(200);
    expect(page.body).toContain(ownerName);
    expect(page.body).toContain(`<link rel="canonical" href="https://${www}/">`);
    expect(page.body).toContain(`<meta property="og:url" content="https://${www}/">`);
    expect(page.body).toContain(`"url":"https://${www}/"`);
    expect(page.headers.etag).toBeTruthy();
    // Repeat views come from the fast path with the same ETag; a sub-path is the same page.
    const again = await requestWithHost(t.url, www, '/', {
      headers: { 'if-none-match': String(page.headers.etag) },
    });
    expect(again.status).toBe(304);
    const sub = await requestWithHost(t.url, www, '/about');
    expect(sub.status).toBe(200);
    expect(sub.body).toContain(ownerName);
    // The other verified domain serves the same page, claiming the first as canonical.
    const second = await requestWithHost(t.url, apex, '/');
    expect(second.body).toContain(`<link rel="canonical" href="https://${www}/">`);
    // Its stylesheets load from the same host.
    const stylesheet = /<link rel="stylesheet" href="([^"]+)"/.exec(page.body)?.[1];
    expect(stylesheet).toMatch(/^\/assets\//);
    expect((await requestWithHost(t.url, www, stylesheet!)).status).toBe(200);
    expect((await requestWithHost(t.url, www, '/favicon.svg')).status).toBe(200);
    // The builder and the API are not there.
    for (const path of [
      '/api/account',
      '/edit',
      '/choose',
      '/auth/login',
      '/internal/tls-ask?domain=x',
      `/users/${username}`,
    ]) {
      const answer = await requestWithHost(t.url, www, path);
      expect(answer.status, path).toBe(404);
      expect(answer.body).not.toContain(ownerName);
    }
    // The sitemap lists the domain, once rebuilt in the background after the change (at least a
    // second after the last build; more on a loaded machine).
    const sitemap = async () =>
      (
        await fetch(`${t.url}/sitemaps/1.xml`, { headers: { 'accept-encoding': 'identity' } })
      ).text();
    await expect
      .poll(sitemap, { timeout: 10_000, interval: 50 })
      .toContain(`<loc>https://${www}/</loc>`);
  });

  it('takes a message from the contact form of a page on its own domain, and refuses other sites', async () => {
    const start = await requestWithHost(t.url, www, '/api/contact/start');
    expect(start.status).toBe(200);
    expect(JSON.parse(start.body)).toHaveProperty('token');
    // A start token old enough to pass the minimum fill time.
    const started = new ContactTokens(t.config.sessionSecret, () => Date.now() - 10_000).issue();
    const message = (origin: string) =>
      requestWithHost(t.url, www, `/users/${username}/contact`, {
        method: 'POST',
        headers: {
          origin,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({
          name: 'Ravi Kumar',
          email: 'ravi@example.net',
          subject: 'A logo',
          message: 'Hello! Could you design a logo for my bakery?',
          website: '',
          started,
        }).toString(),
      });
    const sent = await message(`https://${www}`);
    expect(sent.status, sent.body).toBeLessThan(300);
    expect((await message('https://elsewhere.example')).status).toBe(403);
    // Another portfolio's form cannot be reached through this domain.
    const other = await requestWithHost(t.url, www, '/users/someone-else/contact', {
      method: 'POST',
      headers: { origin: `https://${www}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=x',
    });
    expect(other.status).toBe(404);
  });

  it('answers a name with a final dot as the domain, and nothing but a path after it', async () => {
    expect((await requestWithHost(t.url, `${www}.`, '/')).status).toBe(200);
    // A request target that is not a path must not be glued onto the portfolio's name: refused
    // by Node's parser or by us, never the page.
    for (const target of ['x', `http://${www}/`]) {
      const answer = await requestWithHost(t.url, www, target).catch(() => undefined);
      expect(answer?.status ?? 400, target).toBeGreaterThanOrEqual(400);
      expect(answer?.body ?? '').not.toContain(ownerName);
    }
  });

  it('shows nothing of the owner on the domain once the term is over', async () => {
    const { db } = t.database;
    const { portfolio_id: id } = await db
      .selectFrom('usernames')
      .select('portfolio_id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    const { paid_until: paidUntil } = await db
      .selectFrom('portfolios')
      .select('paid_until')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    // A term that ended past its grace, written as the term's writers do (updated_at and the
    // page generation), so the test need not wait for the clock.
    const setPaidUntil = async (value: string) => {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('portfolios')
          .set({ paid_until: value, updated_at: new Date().toISOString() })
          .where('id', '=', id)
          .execute();
        await bumpPageGeneration(trx);
      });
      await settle();
    };
    await setPaidUntil(new Date(Date.now() - 60 * 86_400_000).toISOString());
    const gone = await requestWithHost(t.url, www, '/');
    expect(gone.status).toBe(410);
    expect(gone.body).not.toContain(ownerName);
    expect((await fetch(`${t.url}/internal/tls-ask?domain=${www}`)).status).toBe(404);
    await setPaidUntil(paidUntil);
    expect((await requestWithHost(t.url, www, '/')).status).toBe(200);
  });

  it('lets a claim that was never verified block no one: whoever shows control of the DNS gets the name', async () => {
    const squatter = await signIn(t.url, {
      name: 'Squatter',
      email: `squat-${dialect}@example.com`,
    });
    const realOwner = await signIn(t.url, {
      name: 'Real Owner',
      email: `real-${dialect}@example.com`,
    });
    const squatterName = uniqueName('sq');
    const realName = uniqueName('ro');
    await publishAs(t, squatter, squatterName, 'template2', { name: 'Squatter' });
    await publishAs(t, realOwner, realName, 'template2', { name: 'Real Owner' });
    const hostname = `shop.${realName}.example`;

    // A served name cannot be claimed again.
    const served = await add(squatter, www, squatterName);
    expect(served.status).toBe(409);
    expect(served.body).toMatchObject({ error: { field: 'hostname' } });

    // The squatter claims first and never sets the records up; the real owner claims as well.
    expect((await add(squatter, hostname, squatterName)).status).toBe(201);
    expect((await add(squatter, hostname, squatterName)).status).toBe(409);
    const claimed = await add(realOwner, hostname, realName);
    expect(claimed.status).toBe(201);
    pointAtUs(claimed.body as DomainView);
    expect((await check(realOwner, hostname)).body).toMatchObject({ state: 'verified' });
    // The squatter's records, even right ones, do not take the name over.
    const squatterView = (await listed(squatter)).find((d) => d.hostname === hostname)!;
    pointAtUs(squatterView);
    const blocked = await check(squatter, hostname);
    expect(blocked.body).toMatchObject({ state: 'pending' });
    expect((blocked.body as DomainView).checkProblem).toContain('another portfolio');
    await settle();
    const page = await requestWithHost(t.url, hostname, '/');
    expect(page.body).toContain('Real Owner');

    // A claim waiting for a week is given up.
    await t.database.db
      .updateTable('domains')
      .set({ created_at: new Date(Date.now() - 8 * DAY_MS).toISOString() })
      .where('hostname', '=', hostname)
      .execute();
    await t.app.jobs.domainChecks.runOnce();
    expect((await listed(squatter)).map((d) => d.hostname)).not.toContain(hostname);
    expect((await listed(realOwner)).map((d) => d.hostname)).toContain(hostname);

    // A bare public suffix is no one's domain; under a two-part suffix the apex gets A records.
    const suffix = await add(realOwner, 'co.in', realName);
    expect(suffix.status).toBe(400);
    expect(suffix.body).toMatchObject({ error: { field: 'hostname' } });
    const indian = await add(realOwner, `${realName}.co.in`, realName);
    expect(indian.status).toBe(201);
    expect((indian.body as DomainView).records.map((r) => [r.type, r.host])).toEqual([
      ['TXT', '_portfolio-verify'],
      ['A', '@'],
    ]);

    for (const [jar, name] of [
      [realOwner, hostname],
      [realOwner, `${realName}.co.in`],
    ] as const) {
      expect(
        (await send(t, jar, { method: 'DELETE', path: `/api/account/domains/${name}` })).status,
      ).toBe(204);
    }
    expect(await listed(squatter)).toEqual([]);
  });

  it('answers a host that is no served domain with a neutral 404', async () => {
    for (const host of [
      'unknown.example',
      `pending-${username}.example`,
      'WWW.other.example:8443',
    ]) {
      const answer = await requestWithHost(t.url, host, '/');
      expect(answer.status, host).toBe(404);
      expect(answer.body).not.toContain(ownerName);
    }
  });

  it("answers Caddy's ask: yes only for served domains, asked from this machine", async () => {
    const ask = (domain: string, headers: Record<string, string> = {}) =>
      fetch(`${t.url}/internal/tls-ask?domain=${encodeURIComponent(domain)}`, { headers });
    expect((await ask('unknown.example')).status).toBe(404);
    expect((await ask('localhost')).status).toBe(404);
    // Through a proxy it is not from this machine.
    expect((await ask(www, { 'x-forwarded-for': '203.0.113.9' })).status).toBe(403);
    // Before the certificate, /users/{name} is still served here.
    expect((await fetch(`${t.url}/users/${username}`, { redirect: 'manual' })).status).toBe(200);
    expect((await ask(www)).status).toBe(200);
    expect((await listed(owner)).find((d) => d.hostname === www)!.state).toBe('https');
    await settle();
    const moved = await fetch(`${t.url}/users/${username}`, { redirect: 'manual' });
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe(`https://${www}/`);
  });

  it('stops serving a domain whose DNS changed, until it is right again', async () => {
    const view = (await listed(owner)).find((d) => d.hostname === apex)!;
    dns.clear(view.records[0]!.name);
    const changed = await check(owner, apex);
    expect(changed.body).toMatchObject({ state: 'changed' });
    await settle();
    expect((await requestWithHost(t.url, apex, '/')).status).toBe(404);
    expect((await fetch(`${t.url}/internal/tls-ask?domain=${apex}`)).status).toBe(404);
    pointAtUs(view);
    expect((await check(owner, apex)).body).toMatchObject({ state: 'verified' });
    await settle();
    expect((await requestWithHost(t.url, apex, '/')).status).toBe(200);

    // The HTTPS domain: the redirect stops while it is not served, and comes back with it
    // (Caddy keeps its certificate and need not ask again).
    const wwwView = (await listed(owner)).find((d) => d.hostname === www)!;
    const cname = dns.zone.get(www)!;
    dns.clear(www);
    expect((await check(owner, www)).body).toMatchObject({ state: 'changed' });
    await settle();
    expect((await fetch(`${t.url}/users/${username}`, { redirect: 'manual' })).status).toBe(200);
    dns.set(www, cname);
    expect((await check(owner, www)).body).toMatchObject({ state: 'https' });
    await settle();
    const back = await fetch(`${t.url}/users/${username}`, { redirect: 'manual' });
    expect(back.headers.get('location')).toBe(`https://${wwwView.hostname}/`);
  });

  it('shows nothing of the owner on the domain while the portfolio is offline', async () => {
    await send(t, owner, { path: `/api/account/portfolios/${username}/unpublish`, body: {} });
    await settle();
    const gone = await requestWithHost(t.url, www, '/');
    expect(gone.status).toBe(410);
    expect(gone.body).not.toContain(ownerName);
    expect((await fetch(`${t.url}/internal/tls-ask?domain=${www}`)).status).toBe(404);
    await send(t, owner, { path: `/api/account/portfolios/${username}/publish`, body: {} });
    await settle();
    expect((await requestWithHost(t.url, www, '/')).status).toBe(200);
  });

  it('limits Check now per domain', async () => {
    let last = await check(owner, apex);
    for (let i = 0; i < 20 && last.status !== 429; i += 1) last = await check(owner, apex);
    expect(last.status).toBe(429);
    expect(last.headers.get('retry-after')).toBeTruthy();
    expect(last.body).toMatchObject({
      error: { message: expect.stringContaining('Too many checks of this domain') },
    });
    // Another domain of the same person is not held up by it.
    expect((await check(owner, www)).status).toBe(200);
  });

  it('stops serving a removed domain at once, and the canonical address returns home', async () => {
    const removed = await send(t, owner, { method: 'DELETE', path: `/api/account/domains/${www}` });
    expect(removed.status).toBe(204);
    await settle();
    expect((await requestWithHost(t.url, www, '/')).status).toBe(404);
    // The other domain is now the canonical one; /users/{name} no longer redirects (not HTTPS yet).
    const page = await requestWithHost(t.url, apex, '/');
    expect(page.body).toContain(`<link rel="canonical" href="https://${apex}/">`);
    expect((await fetch(`${t.url}/users/${username}`, { redirect: 'manual' })).status).toBe(200);
  });

  it('removes the domains with the account', async () => {
    const deleted = await send(t, owner, {
      method: 'DELETE',
      path: '/api/account',
      body: { confirmation: 'DELETE' },
    });
    expect(deleted.status).toBe(204);
    await settle();
    expect((await requestWithHost(t.url, apex, '/')).status).toBe(404);
    const rows = await t.database.db.selectFrom('domains').selectAll().execute();
    expect(rows).toEqual([]);
  });
});

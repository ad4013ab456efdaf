import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.js';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../../test/database.js';
import { orderBody } from '../../../test/orders.js';
import { CookieJar, request, signIn } from '../../../test/signin.js';
import { SAMPLE_DATA } from '../../shared/templates/registry.js';
import { loadConfig } from '../config.js';
import { hmacHex } from '../payments/signatures.js';
import { clientNetwork, RATE_LIMITS, SharedRateLimiter, type RateLimitRule } from './rate-limit.js';
import {
  DatabaseRateLimitStore,
  RedisRateLimitStore,
  type RateLimitStore,
} from './rate-limit-store.js';
import { deleteFullRateLimits } from './rate-limits.repository.js';

/**
 * The stores the app counts in, each on a fake clock: the database (SQLite, and PostgreSQL when
 * TEST_DATABASE_URL is set) and Redis when TEST_REDIS_URL is set. Keys carry this run's id, so
 * runs sharing a PostgreSQL server or a Redis never share a bucket.
 */
const STORES = [
  ...TEST_DIALECTS.map((dialect) => ({ name: dialect, dialect, redisUrl: undefined })),
  ...(process.env.TEST_REDIS_URL
    ? [{ name: 'redis', dialect: undefined, redisUrl: process.env.TEST_REDIS_URL }]
    : []),
];

describe.each(STORES)('the token bucket in $name, on a fake clock', (store) => {
  const rule: RateLimitRule = { limit: 5, windowSeconds: 60, what: 'tries', by: 'ip' };
  let database: TestDatabase | undefined;
  let openStore: RateLimitStore;
  beforeAll(async () => {
    if (store.dialect) database = await createTestDatabase(store.dialect);
    openStore = store.redisUrl
      ? new RedisRateLimitStore(store.redisUrl)
      : new DatabaseRateLimitStore(database!.db);
  });
  afterAll(async () => {
    await openStore?.close();
    await database?.destroy();
  });

  /** A limiter on `counting` (the store opened above unless given) and a clock from `start`. */
  const setup = (counting?: RateLimitStore, start = 1_000_000) => {
    let clock = start;
    const limiter = new SharedRateLimiter(counting ?? openStore);
    limiter.now = () => clock;
    const run = randomUUID();
    return {
      limiter,
      run,
      now: () => clock,
      take: (key = 'a', name = 'tries') => limiter.take(name, rule, `${run} ${key}`),
      advance: (ms: number) => {
        clock += ms;
      },
    };
  };

  it('allows a whole burst, then refuses with the wait until one more is allowed', async () => {
    const { take, advance } = setup();
    for (let i = 0; i < 5; i += 1) expect(await take()).toEqual({ allowed: true });
    // One of five per minute comes back every 12 seconds.
    expect(await take()).toEqual({ allowed: false, retryAfterSeconds: 12 });
    advance(5_000);
    expect(await take()).toEqual({ allowed: false, retryAfterSeconds: 7 });
    advance(7_000);
    expect(await take()).toEqual({ allowed: true });
    expect(await take()).toEqual({ allowed: false, retryAfterSeconds: 12 });
  });

  it('does not count refused requests, and is full again after the window', async () => {
    const { take, advance } = setup();
    for (let i = 0; i < 5; i += 1) await take();
    for (let i = 0; i < 50; i += 1) expect((await take()).allowed).toBe(false);
    advance(60_000);
    for (let i = 0; i < 5; i += 1) expect(await take()).toEqual({ allowed: true });
    expect((await take()).allowed).toBe(false);
  });

  it('never answers a wait under one second', async () => {
    const { limiter, advance } = setup();
    const fast: RateLimitRule = { limit: 600, windowSeconds: 60, what: 'x', by: 'ip' };
    const key = randomUUID();
    for (let i = 0; i < 600; i += 1) await limiter.take('fast', fast, key);
    expect(await limiter.take('fast', fast, key)).toEqual({
      allowed: false,
      retryAfterSeconds: 1,
    });
    advance(100);
    expect(await limiter.take('fast', fast, key)).toEqual({ allowed: true });
  });

  it('counts each rule and key on its own', async () => {
    const { take } = setup();
    for (let i = 0; i < 5; i += 1) await take('a');
    expect((await take('a')).allowed).toBe(false);
    expect((await take('b')).allowed).toBe(true);
    expect((await take('a', 'other rule')).allowed).toBe(true);
  });

  it('keeps a limited key through a purge while its bucket is still refilling', async () => {
    const { take, advance, now } = setup();
    for (let i = 0; i < 5; i += 1) await take('busy');
    advance(59_000);
    // The database forgets what is full again (Redis lets such keys expire by themselves).
    if (database) await deleteFullRateLimits(database.db, now());
    // 59 s refilled four tokens: four allowed, then refused again.
    for (let i = 0; i < 4; i += 1) expect((await take('busy')).allowed).toBe(true);
    expect((await take('busy')).allowed).toBe(false);
  });

  it.runIf(store.dialect)('forgets buckets that are full again, now and then', async () => {
    // A store of its own, on a clock past the other tests': its first take purges at once.
    const { take, advance, run } = setup(new DatabaseRateLimitStore(database!.db), 10_000_000);
    const rows = async () =>
      (
        await database!.db
          .selectFrom('rate_limits')
          .select('id')
          .where('id', 'like', `%${run}%`)
          .execute()
      ).length;
    for (let i = 0; i < 50; i += 1) await take(`key${i}`);
    expect(await rows()).toBe(50);
    advance(59_000);
    await take('within a minute');
    expect(await rows()).toBe(51);
    // A minute on, the next purge runs: the fifty have refilled by then, the two since have not.
    advance(1_000);
    await take('fresh');
    await expect.poll(rows).toBe(2);
  });
});

describe('request limits', () => {
  it('counts IPv4 addresses one by one and IPv6 addresses by their /64', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientNetwork('2001:db8:1:3::1')).not.toBe(clientNetwork('2001:db8:1:2::1'));
  });

  it('is switched by RATE_LIMITS=on|off, refusing anything else by name', () => {
    expect(() => loadConfig({ RATE_LIMITS: 'no' })).toThrow(
      'Invalid configuration: RATE_LIMITS must be on or off (got "no")',
    );
  });

  it('leaves room in every limit for a real person trying things out', () => {
    // Ten sign-ins and a dozen orders (each after a username check) within two minutes.
    expect(RATE_LIMITS.signIn.limit).toBeGreaterThanOrEqual(10 * 3);
    expect(RATE_LIMITS.ordersPerUser.limit).toBeGreaterThanOrEqual(12 * 2);
    expect(RATE_LIMITS.claimsPerUser.limit).toBeGreaterThanOrEqual(12 * 2);
    for (const rule of Object.values(RATE_LIMITS)) {
      expect(rule.windowSeconds / rule.limit).toBeLessThanOrEqual(20);
    }
  });
});

const data = SAMPLE_DATA.template2;
const name = () => `r${randomUUID().slice(0, 8)}`;
/** A fresh documentation-range address per test, so tests sharing an app do not share buckets. */
let lastOctet = 0;
const newIp = () => `198.51.100.${(lastOctet += 1)}`;

/** Runs `count` calls, a few at a time, and returns their answers in order. */
async function repeat<T>(count: number, call: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < count; start += 20) {
    const batch = Array.from({ length: Math.min(20, count - start) }, (_, i) => call(start + i));
    results.push(...(await Promise.all(batch)));
  }
  return results;
}

describe.each(TEST_DIALECTS)('rate limits through the app on %s', (dialect) => {
  let clock = Date.now();
  // TRUST_PROXY: X-Forwarded-For picks the client address, as behind a load balancer.
  const t = useTestApp(dialect, { TRUST_PROXY: 'true' });
  beforeAll(async () => {
    t.app.rateLimiter.now = () => clock;
  });

  const person = (label: string) =>
    signIn(t.url, { name: `Person ${label}`, email: `${label}-${randomUUID()}@example.com` });
  const post = async (jar: CookieJar, path: string, body: unknown, ip?: string) => {
    const response = await request(jar, `${t.url}${path}`, {
      method: 'POST',
      headers: {
        origin: t.url,
        'content-type': 'application/json',
        ...(ip ? { 'x-forwarded-for': ip } : {}),
      },
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: (await response.json().catch(() => null)) as {
        error?: { code: string; message: string; requestId?: string };
        status?: string;
      } | null,
    };
  };
  const startSignIn = async (ip: string, accept?: string) =>
    fetch(`${t.url}/auth/login`, {
      redirect: 'manual',
      headers: { 'x-forwarded-for': ip, ...(accept ? { accept } : {}) },
    });
  const count = async (table: 'orders' | 'login_attempts' | 'payment_events' | 'username_holds') =>
    (await t.database.db.selectFrom(table).selectAll().execute()).length;
  const expectLimited = (
    answer: Awaited<ReturnType<typeof post>>,
    message: RegExp,
    retryAfter: string,
  ) => {
    expect(answer.status).toBe(429);
    expect(answer.retryAfter).toBe(retryAfter);
    expect(answer.body?.error?.code).toBe('rate_limited');
    expect(answer.body?.error?.message).toMatch(message);
    expect(answer.body?.error?.requestId).toBeTruthy();
  };

  it('never refuses a real person: ten sign-ins, then a dozen checks and orders, in a burst', async () => {
    const email = `burst-${randomUUID()}@example.com`;
    let jar: CookieJar | undefined;
    // signIn throws unless the whole flow, /auth/login included, succeeds.
    for (let i = 0; i < 10; i += 1) jar = await signIn(t.url, { name: 'Burst Person', email });
    // One person holds at most three names at once: the dozen orders go to three of them.
    const held = [name(), name(), name()];
    for (let i = 0; i < 12; i += 1) {
      const username = held[i % 3]!;
      const claim = await post(jar!, '/api/claims', { username, templateId: 'template2', data });
      expect(claim.status).toBe(200);
      expect(claim.body?.status).toBe('free');
      const order = await post(jar!, '/create-order', orderBody(username));
      expect(order.status).toBe(200);
      expect(order.body?.status).toBe('payment_required');
    }
  });

  it('limits sign-in starts per address with 429, Retry-After and a message, and allows again later', async () => {
    const ip = newIp();
    const allowed = await repeat(RATE_LIMITS.signIn.limit, () => startSignIn(ip));
    expect(allowed.map((r) => r.status)).toEqual(allowed.map(() => 302));
    const attempts = await count('login_attempts');

    const refused = await startSignIn(ip);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('10');
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await refused.json()) as { error: { code: string; message: string } };
    expect(body.error).toMatchObject({
      code: 'rate_limited',
      message: 'Too many sign-in attempts from this network. Try again in 10 seconds.',
    });
    // The popup is a browser page: it ends like any sign-in, telling the builder why.
    const page = await startSignIn(ip, 'text/html,application/xhtml+xml,*/*;q=0.8');
    expect(page.status).toBe(429);
    expect(page.headers.get('retry-after')).toBe('10');
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('too many sign-in attempts from this network');
    expect(html).toContain('data-status="rate_limited"');
    expect(html).toContain('<script src="/signin-result.js"></script>');
    expect(await count('login_attempts')).toBe(attempts);

    // Another address is not affected.
    expect((await startSignIn(newIp())).status).toBe(302);

    clock += 9_000;
    expect((await startSignIn(ip)).status).toBe(429);
    clock += 1_000;
    expect((await startSignIn(ip)).status).toBe(302);
    expect((await startSignIn(ip)).status).toBe(429);
    clock += RATE_LIMITS.signIn.windowSeconds * 1000;
    const again = await repeat(RATE_LIMITS.signIn.limit, () => startSignIn(ip));
    expect(again.every((r) => r.status === 302)).toBe(true);
  });

  it('limits username checks per user; another user on the same address is unaffected', async () => {
    const ip = newIp();
    const first = await person('claims-a');
    const second = await person('claims-b');
    const claim = (jar: CookieJar) =>
      post(jar, '/api/claims', { username: name(), templateId: 'template2', data }, ip);
    const allowed = await repeat(RATE_LIMITS.claimsPerUser.limit, () => claim(first));
    expect(allowed.every((a) => a.status === 200)).toBe(true);

    expectLimited(await claim(first), /^Too many username checks from your account\./, '1');
    expect((await claim(second)).status).toBe(200);
    clock += 1_000;
    expect((await claim(first)).status).toBe(200);
  });

  it('limits username checks per address, signed in or not', async () => {
    const ip = newIp();
    const nobody = new CookieJar();
    const body = { username: name(), templateId: 'template2', data };
    const answers = await repeat(RATE_LIMITS.claimsPerIp.limit, () =>
      post(nobody, '/api/claims', body, ip),
    );
    expect(answers.every((a) => a.status === 401)).toBe(true);
    expectLimited(
      await post(nobody, '/api/claims', body, ip),
      /^Too many username checks from this network\./,
      '1',
    );
    const jar = await person('claims-ip');
    expectLimited(
      await post(jar, '/api/claims', body, ip),
      /username checks from this network/,
      '1',
    );
    expect((await post(jar, '/api/claims', body, newIp())).status).toBe(200);
  });

  it('limits orders per user, stores nothing for a refused one, and allows again after the wait', async () => {
    const ip = newIp();
    const buyer = await person('orders-a');
    const other = await person('orders-b');
    // One person holds at most three names at once: the orders go to three of them.
    const held = [name(), name(), name()];
    const allowed = await repeat(RATE_LIMITS.ordersPerUser.limit, (i) =>
      post(buyer, '/create-order', orderBody(held[i % 3]!), ip),
    );
    expect(allowed.every((a) => a.status === 200)).toBe(true);

    const orders = await count('orders');
    const holds = await count('username_holds');
    const refusedName = held[0]!;
    expectLimited(
      await post(buyer, '/create-order', orderBody(refusedName), ip),
      /^Too many orders from your account\. Try again in 20 seconds\.$/,
      '20',
    );
    expect(await count('orders')).toBe(orders);
    expect(await count('username_holds')).toBe(holds);

    expect((await post(other, '/create-order', orderBody(name()), ip)).status).toBe(200);
    clock += 20_000;
    expect((await post(buyer, '/create-order', orderBody(refusedName), ip)).status).toBe(200);
    expect((await post(buyer, '/create-order', orderBody(name()), ip)).status).toBe(429);
  });

  it('limits orders per address across accounts', async () => {
    const ip = newIp();
    const nobody = new CookieJar();
    const answers = await repeat(RATE_LIMITS.ordersPerIp.limit, () =>
      post(nobody, '/create-order', orderBody(name()), ip),
    );
    expect(answers.every((a) => a.status === 401)).toBe(true);
    const jar = await person('orders-ip');
    const orders = await count('orders');
    expectLimited(
      await post(jar, '/create-order', orderBody(name()), ip),
      /^Too many orders from this network\. Try again in 10 seconds\.$/,
      '10',
    );
    expect(await count('orders')).toBe(orders);
    expect((await post(jar, '/create-order', orderBody(name()), newIp())).status).toBe(200);
  });

  it('limits webhook deliveries per address generously, and a refused delivery records nothing', async () => {
    const ip = newIp();
    const deliver = (body: string, signature: string, from = ip) =>
      fetch(`${t.url}/webhooks/razorpay`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': signature,
          'x-forwarded-for': from,
        },
        body,
      });
    const unsigned = await repeat(RATE_LIMITS.webhooksPerIp.limit, () => deliver('{}', 'forged'));
    expect(unsigned.every((r) => r.status === 401)).toBe(true);

    const event = JSON.stringify({ event: 'payment.failed', payload: {} });
    const signature = hmacHex(t.app.gateway.webhookSecret, event);
    const events = await count('payment_events');
    const refused = await deliver(event, signature);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /^Too many webhook deliveries from this network\./,
    );
    expect(await count('payment_events')).toBe(events);

    expect((await deliver(event, signature, newIp())).status).toBe(200);
    clock += 1_000;
    expect((await deliver(event, signature)).status).toBe(200);
  });
});

describe.each(TEST_DIALECTS)('with RATE_LIMITS=off on %s', (dialect) => {
  const t = useTestApp(dialect, { RATE_LIMITS: 'off' });

  it('limits nothing', async () => {
    const starts = await repeat(RATE_LIMITS.signIn.limit + 5, () =>
      fetch(`${t.url}/auth/login`, { redirect: 'manual' }),
    );
    expect(starts.every((r) => r.status === 302)).toBe(true);

    const jar = await signIn(t.url, { name: 'Load Test', email: 'load@example.com' });
    // One person holds at most three names at once: the orders go to three of them.
    const held = [name(), name(), name()];
    const orders = await repeat(RATE_LIMITS.ordersPerUser.limit + 5, (i) =>
      request(jar, `${t.url}/create-order`, {
        method: 'POST',
        headers: { origin: t.url, 'content-type': 'application/json' },
        body: JSON.stringify(orderBody(held[i % 3]!)),
      }),
    );
    expect(orders.map((r) => r.status)).toEqual(orders.map(() => 200));
  });
});

describe('behind one proxy (TRUST_PROXY=1)', () => {
  const t = useTestApp('sqlite', { TRUST_PROXY: '1' });

  it('counts the address the proxy saw, so a forged X-Forwarded-For does not escape the limit', async () => {
    // The proxy appends the address it saw; whatever the client sent stays on the left.
    const start = (forged: string) =>
      fetch(`${t.url}/auth/login`, {
        redirect: 'manual',
        headers: { 'x-forwarded-for': `${forged}, 203.0.113.50` },
      });
    const answers = await repeat(RATE_LIMITS.signIn.limit + 1, () => start(newIp()));
    expect(answers.slice(0, -1).every((r) => r.status === 302)).toBe(true);
    expect(answers.at(-1)!.status).toBe(429);
    const other = await fetch(`${t.url}/auth/login`, {
      redirect: 'manual',
      headers: { 'x-forwarded-for': '203.0.113.51' },
    });
    expect(other.status).toBe(302);
  });
});

/**
 * Bounded work per request: what one request may cost the server before it is refused.
 * - Over-long fields are refused on their length, before any pattern runs.
 * - The development sign-in form is read only up to its limit.
 * - Signed-in routes answer 401 before reading a body; bodies are refused over the route's
 *   limit; /verify-payment is rate-limited.
 * - Query strings and path parameters are parsed by schemas: a repeated parameter is a 400.
 * - Every route declares the rules the handler relies on (walked from the app's routes).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.js';
import { TEST_DIALECTS } from '../../../test/database.js';
import { CookieJar, follow, request, signIn } from '../../../test/signin.js';
import { LIMITS } from '../../shared/domain/limits.js';
import { PAYMENT_CALLBACK_PATH } from '../../shared/orders.js';
import { MAX_JSON_DEPTH } from '../http/json-bodies.js';
import { RATE_LIMITS } from '../http/rate-limit.js';
import { PORTFOLIO_BODY_BYTES, routesDeclared, SMALL_BODY_BYTES } from '../http/route-rules.js';
import { send } from '../../../test/http.js';
import { orderBody, uniqueName } from '../../../test/orders.js';
import { expectSameStore, snapshotStore } from '../../../test/store.js';

/** `{"a":[[[[…]]]]}` of about `bytes` bytes: cheap to send, costly to parse. */
const nested = (bytes: number) => {
  const depth = Math.floor((bytes - 10) / 2);
  return `{"a":${'['.repeat(depth)}${']'.repeat(depth)}}`;
};

describe.each(TEST_DIALECTS)('bounded work per request (%s)', (dialect) => {
  let jar: CookieJar;

  const t = useTestApp(dialect, { RATE_LIMITS: 'on' });
  beforeAll(async () => {
    jar = await signIn(t.url, { name: 'Asha Rao', email: `bounded-${dialect}@example.com` });
  });

  it('refuses the quadratic email address on its length (finding 1)', async () => {
    const body = orderBody(uniqueName('e'));
    const data = body.data as { contactDetails: Record<string, unknown> };
    data.contactDetails = { ...data.contactDetails, email: `a@${'.'.repeat(128_000)}@` };
    const before = await snapshotStore(t);
    for (const path of ['/api/claims', '/create-order']) {
      const answer = await send(t, jar, { path, body });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        error: {
          field: 'data.contactDetails.email',
          message: `data.contactDetails.email must be at most ${LIMITS.line} characters`,
        },
      });
    }
    expectSameStore(before, await snapshotStore(t));
  });

  it('reads the development sign-in form only up to its limit (finding 2)', async () => {
    const formJar = new CookieJar();
    const { response: form, url: formUrl } = await follow(formJar, `${t.url}/auth/login`);
    const action = /action="([^"]+\/login)"/.exec(await form.text())![1]!;
    const post = (body: string) =>
      request(formJar, new URL(action, formUrl).toString(), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: t.url },
        body,
      });
    // One chunk of 60,000 characters used to reach the pattern: now the reader stops.
    const tooLarge = await post(`name=A&email=a%40${'.'.repeat(60_000)}%40`);
    expect(tooLarge.status).toBe(413);
    const longEmail = await post(`name=A&email=a%40${'.'.repeat(3000)}%40`);
    expect(longEmail.status).toBe(400);
    expect(await longEmail.text()).toContain('Please type an email address');
  });

  it('answers anonymous nested bodies 401 without parsing them (finding 3)', async () => {
    const big = nested(1024 * 1024);
    const anonymous = new CookieJar();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        send(t, anonymous, {
          path: ['/api/claims', '/create-order', '/verify-payment'][index % 3]!,
          body: big,
        }),
      ),
    );
    // A parsed body would be a 413 (too large) or a 400; unparsed, it is the sign-in answer.
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(401));
  });

  it("refuses a signed-in person's deeply nested body before parsing it, whatever route", async () => {
    // 150,000 brackets inside /api/claims's size limit, at the rate a person is allowed.
    const brackets = 150_000;
    const body = `{"username":"x","templateId":"template1","data":${'['.repeat(brackets)}${']'.repeat(brackets)}}`;
    const before = await snapshotStore(t);
    for (const path of ['/api/claims', '/create-order']) {
      const answer = await send(t, jar, { path, body });
      expect(answer.status, path).toBe(400);
      expect(answer.body).toMatchObject({
        error: {
          code: 'bad_request',
          message: expect.stringContaining(`more than ${MAX_JSON_DEPTH} levels deep`),
        },
      });
    }
    expectSameStore(before, await snapshotStore(t));
    // As deep as the limit is still read, and judged by the route's own rules.
    const depth = MAX_JSON_DEPTH - 1;
    const deepest = `{"username":"x","templateId":"template1","data":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    const judged = await send(t, jar, { path: '/api/claims', body: deepest });
    expect(judged.status).toBe(400);
    expect(JSON.stringify(judged.body)).not.toContain('levels deep');
  });

  it('gives each route the body limit it needs (finding 3)', async () => {
    const tooBigForSmall = nested(SMALL_BODY_BYTES + 100);
    for (const path of ['/verify-payment', '/test-gateway/pay', '/test-gateway/fail']) {
      expect((await send(t, jar, { path, body: tooBigForSmall })).status, path).toBe(413);
    }
    expect(
      (await send(t, new CookieJar(), { path: '/auth/logout', body: tooBigForSmall })).status,
    ).toBe(413);
    const tooBigForPortfolio = nested(PORTFOLIO_BODY_BYTES + 100);
    for (const path of ['/api/claims', '/create-order']) {
      expect((await send(t, jar, { path, body: tooBigForPortfolio })).status, path).toBe(413);
      // Within the limit the body is parsed and judged on its content.
      expect((await send(t, jar, { path, body: nested(SMALL_BODY_BYTES * 4) })).status).toBe(400);
    }
  });

  it('rate-limits /verify-payment per person (finding 3)', async () => {
    const payer = await signIn(t.url, { name: 'Ravi', email: `verify-${dialect}@example.com` });
    const { limit } = RATE_LIMITS.verifyPerUser;
    const statuses: number[] = [];
    for (let index = 0; index <= limit; index += 1) {
      statuses.push((await send(t, payer, { path: '/verify-payment', body: {} })).status);
    }
    expect(statuses.slice(0, limit)).toEqual(Array(limit).fill(400));
    expect(statuses[limit]).toBe(429);
  });

  it("rate-limits the built-in gateway's Pay and Decline together, per person", async () => {
    const payer = await signIn(t.url, { name: 'Meera', email: `test-pay-${dialect}@example.com` });
    const { limit } = RATE_LIMITS.testPaymentsPerUser;
    const statuses: number[] = [];
    for (let index = 0; index <= limit; index += 1) {
      const path = index % 2 === 0 ? '/test-gateway/pay' : '/test-gateway/fail';
      statuses.push((await send(t, payer, { path, body: {} })).status);
    }
    expect(statuses.slice(0, limit)).toEqual(Array(limit).fill(400));
    expect(statuses[limit]).toBe(429);
  });

  it('rate-limits the payment callback per address, before reading its body', async () => {
    const { limit } = RATE_LIMITS.paymentCallbackPerIp;
    const statuses: number[] = [];
    for (let index = 0; index <= limit; index += 1) {
      const answer = await send(t, new CookieJar(), {
        path: PAYMENT_CALLBACK_PATH,
        body: 'razorpay_order_id=order_x',
        contentType: 'application/x-www-form-urlencoded',
        origin: null,
      });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, limit).every((status) => status !== 429)).toBe(true);
    expect(statuses[limit]).toBe(429);
  });

  it('answers a repeated or mistyped query parameter 400, naming it (finding 8)', async () => {
    const callback = await send(t, new CookieJar(), { path: '/auth/callback?state=x&state=y' });
    expect(callback.status).toBe(400);
    expect(callback.body).toMatchObject({
      error: {
        field: 'state',
        message: 'The query parameter "state" must be given once, as text.',
      },
    });
    const long = await send(t, jar, { path: `/api/templates/${'t'.repeat(50)}` });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ error: { field: 'id' } });
  });
});

describe('every route declares the rules its handler relies on', () => {
  const t = useTestApp('sqlite');

  it('query strings, path parameters and sessions are checked before the handler', () => {
    const routes = routesDeclared(t.app);
    expect(routes.length).toBeGreaterThan(15);
    const problems: string[] = [];
    for (const route of routes) {
      const source = String(route.handler);
      const name = `${String(route.method)} ${route.url}`;
      if (/\.query\b/.test(source) && !route.rules.query) problems.push(`${name}: no query schema`);
      if (
        /\.params\b/.test(source) &&
        !route.rules.params &&
        !PARAMS_CHECKED_IN_HANDLER.has(route.url)
      ) {
        problems.push(`${name}: no params schema`);
      }
      if (/requireUser\(/.test(source) && !route.rules.signedIn) {
        problems.push(`${name}: reads the session in the handler, after the body (signedIn)`);
      }
    }
    expect(problems).toEqual([]);
  });

  // The webhook's own parser keeps 1 MiB: it checks the HMAC of the bytes before parsing them.
  it('no route takes more than the portfolio limit', () => {
    const large = routesDeclared(t.app).filter(
      (route) => (route.bodyLimit ?? SMALL_BODY_BYTES) > PORTFOLIO_BODY_BYTES,
    );
    expect(large.map((route) => route.url)).toEqual([]);
  });
});

/**
 * Routes whose one path parameter is a single string by construction (the router gives one
 * string) and which validate it themselves: /users/:username normalises and checks the name
 * and answers 404 to anything else.
 */
const PARAMS_CHECKED_IN_HANDLER = new Set(['/users/:username', '/users/:username/*']);

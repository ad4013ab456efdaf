/**
 * Property-based tests of every API input: random JSON, real bodies with fields swapped for wrong
 * types or hostile strings, prototype-pollution keys, deep nesting, huge and broken bodies and
 * wrong content types. Whatever arrives, the answer is a 4xx in the API's error shape, nothing
 * stored changes and nothing leaks into Object.prototype (the app runs in this process).
 *
 * A failure prints fast-check's seed and path; rerun one with FC_SEED=<seed> (and the same
 * numRuns) to get the same bodies.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { PREVIEW_LINKS_PATH } from '../../shared/preview-links.js';
import { TEST_DIALECTS } from '../../../test/database.js';
import { CookieJar, signIn } from '../../../test/signin.js';
import { TEMPLATE_IDS } from '../../shared/templates/catalog.js';
import { SAMPLE_DATA } from '../../shared/templates/registry.js';
import { hmacHex, paymentSignature } from '../payments/signatures.js';
import { expectErrorShape, send, type Answer } from '../../../test/http.js';
import { createOrderFor, orderBody, publishAs, uniqueName } from '../../../test/orders.js';
import { expectSameStore, snapshotStore } from '../../../test/store.js';

const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined;

/** A generated value that prints as a short preview, so a failure does not print megabytes. */
interface Shown<T> {
  value: T;
  [fc.toStringMethod](): string;
}

function preview(value: unknown): string {
  let text: string;
  if (value instanceof Uint8Array) text = `bytes ${Buffer.from(value).toString('hex')}`;
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = String(value);
    }
  }
  return text.length > 400
    ? `${text.slice(0, 200)} …(${text.length} characters)… ${text.slice(-120)}`
    : text;
}

const show = <T>(value: T): Shown<T> => ({ value, [fc.toStringMethod]: () => preview(value) });
const shown = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<Shown<T>> => arbitrary.map(show);

// ---------------------------------------------------------------------------------------------
// Values

/** Strings an attacker (or a broken client) might send: unicode, control characters, huge. */
const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  // Lone surrogates and every code unit, NUL included.
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'abc\u0000def',
    '\u202Eevil\u202C',
    '\uFEFFname',
    '\uD800',
    "' OR '1'='1' --",
    '"; DROP TABLE users; --',
    '<script>alert(1)</script>',
    '../../../etc/passwd',
    '%00',
    '__proto__',
    'constructor',
    'javascript:alert(1)',
    'ｔｅｍｐｌａｔｅ１',
    '\u212Aelvin-sign',
    'İstanbul',
  ),
  fc.integer({ min: 1_000, max: 200_000 }).map((n) => 'é'.repeat(n)),
);

/** Anything JSON can carry that is not a string. */
const nonString: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
);

/** A value nested `depth` levels deep, as parsed JSON. */
const deeplyNested: fc.Arbitrary<unknown> = fc
  .tuple(fc.integer({ min: 50, max: 2_000 }), fc.boolean())
  .map(([depth, arrays]) => {
    let value: unknown = arrays ? [] : {};
    for (let i = 0; i < depth; i += 1) value = arrays ? [value] : { a: value };
    return value;
  });

/** A username the rules refuse: 3-30 of a-z, 0-9, '-', not at either end (after trim, lowercase). */
const acceptableUsername = (value: string) =>
  /^(?!-)[a-z0-9-]{3,30}(?<!-)$/.test(value.trim().toLowerCase());
const badUsername = fc.oneof(
  nonString,
  hostileString.filter((s) => !acceptableUsername(s)),
);
const badTemplateId = fc.oneof(
  nonString,
  hostileString.filter((s) => !(TEMPLATE_IDS as readonly string[]).includes(s)),
);
const sample = SAMPLE_DATA.template2;
const badData: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  hostileString,
  fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 5 }),
  deeplyNested,
  fc
    .dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 5 })
    .filter((value) => !('personalDetails' in value)),
  // Not objects: an empty object is a valid personalDetails (every text defaults to '').
  fc
    .oneof(fc.constant(null), fc.boolean(), fc.integer(), hostileString, fc.array(fc.integer()))
    .map((personalDetails) => ({ ...sample, personalDetails })),
  fc
    .oneof(
      nonString,
      fc.integer({ min: 101, max: 5_000 }).map((n) => 'n'.repeat(n)),
    )
    .map((name) => ({ ...sample, personalDetails: { ...sample.personalDetails, name } })),
  fc
    .constantFrom(
      'javascript:alert(1)',
      'data:text/html,<script>x</script>',
      'vbscript:x',
      'file:///etc/passwd',
    )
    .map((profileImage) => ({
      ...sample,
      personalDetails: { ...sample.personalDetails, profileImage },
    })),
  fc.constant({
    ...sample,
    personalDetails: { ...sample.personalDetails, intro: 'x'.repeat(300 * 1024) },
  }),
  // Not a list of 1-24 tile objects ([{}] would be a valid list of one empty tile).
  fc
    .oneof(
      fc.constant(null),
      fc.boolean(),
      fc.integer(),
      hostileString,
      fc.constant([]),
      fc.array(fc.oneof(fc.integer(), fc.constant(null), hostileString), {
        minLength: 1,
        maxLength: 3,
      }),
      fc.constant(Array.from({ length: 25 }, () => ({}))),
      fc.dictionary(fc.string({ maxLength: 4 }), fc.integer(), { maxKeys: 2 }),
    )
    .map((sectionTiles) => ({ ...sample, section: { ...sample.section, sectionTiles } })),
);
const badCurrency = fc.oneof(
  nonString,
  hostileString.filter((s) => s !== 'INR'),
);
/** Numbers are accepted (the page sends a timestamp); other non-strings are not. */
const badReceipt = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.array(fc.integer(), { maxLength: 2 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.integer(), { maxKeys: 2 }),
  hostileString.filter((s) => !/^[\w.-]{1,40}$/.test(s)),
);
const anyOtherValue = (original: unknown) =>
  fc.oneof(nonString, hostileString).filter((value) => value !== original);

const WRONG_CONTENT_TYPES = [
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----x',
  'application/xml',
  'text/json',
  'application/jsonp',
  'application/octet-stream',
  'image/png',
];

// ---------------------------------------------------------------------------------------------
// The endpoints

interface Context {
  t: TestApp;
  owner: CookieJar;
  /** The owner's published name and an unpaid order of theirs. */
  ownerName: string;
  ownerOrderId: string;
}

interface Endpoint {
  path: string;
  /** A body this endpoint would act on; properties replace its fields with wrong values. */
  valid(ctx: Context): Record<string, unknown>;
  /** For each field of the valid body, values it must refuse. */
  wrong(ctx: Context): Record<string, fc.Arbitrary<unknown>>;
}

const ENDPOINTS: Endpoint[] = [
  {
    path: '/api/claims',
    // Valid as is it would update the owner's page: every property breaks at least one field.
    valid: (ctx) => ({ username: ctx.ownerName, templateId: 'template2', data: sample }),
    wrong: () => ({ username: badUsername, templateId: badTemplateId, data: badData }),
  },
  {
    path: '/create-order',
    valid: () => orderBody(uniqueName('p')),
    wrong: () => ({
      username: badUsername,
      templateId: badTemplateId,
      data: badData,
      currency: badCurrency,
      receipt: badReceipt,
    }),
  },
  {
    path: PREVIEW_LINKS_PATH,
    // Valid as is it would share the owner's draft: every property breaks at least one field.
    valid: () => ({ templateId: 'template2', data: sample }),
    wrong: () => ({ templateId: badTemplateId, data: badData }),
  },
  {
    path: '/verify-payment',
    // A genuine payment of the owner's order: any change to one field must be refused.
    valid: (ctx) => ({
      razorpay_order_id: ctx.ownerOrderId,
      razorpay_payment_id: 'pay_property',
      razorpay_signature: paymentSignature(
        ctx.t.app.gateway.keySecret,
        ctx.ownerOrderId,
        'pay_property',
      ),
    }),
    wrong: (ctx) => ({
      razorpay_order_id: anyOtherValue(ctx.ownerOrderId),
      razorpay_payment_id: anyOtherValue('pay_property'),
      razorpay_signature: anyOtherValue(
        paymentSignature(ctx.t.app.gateway.keySecret, ctx.ownerOrderId, 'pay_property'),
      ),
    }),
  },
  {
    path: '/test-gateway/pay',
    valid: (ctx) => ({ order_id: ctx.ownerOrderId }),
    wrong: (ctx) => ({ order_id: anyOtherValue(ctx.ownerOrderId) }),
  },
  {
    path: '/test-gateway/fail',
    // Declining a real order records an event: only wrong order ids are sent.
    valid: (ctx) => ({ order_id: ctx.ownerOrderId }),
    wrong: (ctx) => ({ order_id: anyOtherValue(ctx.ownerOrderId) }),
  },
];

/** The valid body with at least one field replaced, and maybe junk keys added. */
function brokenBody(endpoint: Endpoint, ctx: Context): fc.Arbitrary<Record<string, unknown>> {
  const wrong = endpoint.wrong(ctx);
  const fields = Object.keys(wrong);
  return fc
    .tuple(
      fc.subarray(fields, { minLength: 1 }),
      fc.record(wrong),
      fc.dictionary(
        fc.string({ maxLength: 12 }).filter((key) => !fields.includes(key) && key !== '__proto__'),
        fc.jsonValue({ maxDepth: 2 }),
        { maxKeys: 3 },
      ),
    )
    .map(([broken, values, junk]) => {
      const body: Record<string, unknown> = { ...junk, ...endpoint.valid(ctx) };
      for (const field of broken) body[field] = values[field];
      return body;
    });
}

/** The valid body as text with arrays nested `depth` deep in place of one of its fields (the document when it has one). */
function deepInField(endpoint: Endpoint, ctx: Context, depth: number): string {
  const fields = Object.keys(endpoint.wrong(ctx));
  const field = fields.includes('data') ? 'data' : fields[0]!;
  return JSON.stringify({ ...endpoint.valid(ctx), [field]: 0 }).replace(
    `"${field}":0`,
    `"${field}":${'['.repeat(depth)}${']'.repeat(depth)}`,
  );
}

/** Raw request bodies: pollution keys, nesting, truncation, bad bytes, sizes over the limit. */
function hostileRaw(
  endpoint: Endpoint,
  ctx: Context,
): fc.Arbitrary<{ body: string | Uint8Array; contentType: string | null }> {
  const json = brokenBody(endpoint, ctx).map((body) => JSON.stringify(body));
  const polluted = fc
    .tuple(
      json,
      fc.constantFrom(
        '"__proto__":{"polluted":"yes"}',
        '"constructor":{"prototype":{"polluted":"yes"}}',
        '"data":{"personalDetails":{"__proto__":{"isAdmin":true}}}',
        '"__proto__":{"__proto__":{"polluted":"yes"}}',
      ),
    )
    .map(([text, key]) => `{${key},${text.slice(1)}`);
  const nestedText = fc
    .tuple(fc.integer({ min: 1_000, max: 400_000 }), fc.constantFrom('[', '{"a":'))
    .map(([depth, open]) =>
      open === '['
        ? '['.repeat(depth) + ']'.repeat(depth)
        : open.repeat(depth) + '1' + '}'.repeat(depth),
    );
  const nestedInField = fc
    .integer({ min: 1_000, max: 200_000 })
    .map((depth) => deepInField(endpoint, ctx, depth));
  const truncated = json.chain((text) =>
    fc.integer({ min: 0, max: Math.max(0, text.length - 1) }).map((n) => text.slice(0, n)),
  );
  const badBytes = fc
    .uint8Array({ minLength: 1, maxLength: 200 })
    .map((bytes) => Uint8Array.from([0x7b, 0xff, 0xfe, ...bytes]));
  const oversized = fc
    .integer({ min: 1024 * 1024 + 1, max: 1024 * 1024 + 4096 })
    .map((size) => JSON.stringify({ ...endpoint.valid(ctx), padding: 'p'.repeat(size) }));
  const asJson = (body: fc.Arbitrary<string | Uint8Array>) =>
    body.map((b) => ({ body: b, contentType: 'application/json' as string | null }));
  return fc.oneof(
    asJson(polluted),
    asJson(nestedText),
    asJson(nestedInField),
    asJson(truncated),
    asJson(badBytes),
    asJson(oversized),
    asJson(fc.constantFrom('', ' ', 'null', '"string"', '0', 'true', '[]', '\uFEFF{}')),
    // Real-looking bodies under a type the API does not read.
    fc.record({
      body: fc.oneof(json, fc.constant('username=abc&templateId=template1')),
      contentType: fc.constantFrom<string | null>(...WRONG_CONTENT_TYPES, null),
    }),
  );
}

// ---------------------------------------------------------------------------------------------

describe.each(TEST_DIALECTS)('API inputs under random and hostile bodies on %s', (dialect) => {
  // PostgreSQL round trips cost more; SQLite gets the larger sample.
  const numRuns = dialect === 'sqlite' ? 150 : 60;
  let ctx: Context;
  let prototypeKeys: string[];

  beforeAll(async () => {
    const t = await startTestApp(dialect, { RATE_LIMITS: 'off' });
    const owner = await signIn(t.url, {
      name: 'Property Owner',
      email: `prop-${uniqueName()}@example.com`,
    });
    const ownerName = uniqueName('own');
    await publishAs(t, owner, ownerName);
    ctx = { t, owner, ownerName, ownerOrderId: await createOrderFor(t, owner) };
    prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
  });
  afterAll(async () => {
    await ctx?.t.close();
  });

  /** Sends one body and checks the three promises: 4xx with the error shape, no change, no pollution. */
  const refusedWithoutChange = async (
    path: string,
    spec: { body: unknown; contentType?: string | null },
    before: Record<string, string[]>,
    jar = ctx.owner,
  ): Promise<Answer> => {
    const answer = await send(ctx.t, jar, { path, ...spec });
    const shown = `${path} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`;
    expect(answer.status, shown).toBeGreaterThanOrEqual(400);
    expect(answer.status, shown).toBeLessThan(500);
    expectErrorShape(answer, shown);
    expectSameStore(before, await snapshotStore(ctx.t), shown);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    return answer;
  };

  describe.each(ENDPOINTS.map((endpoint) => [endpoint.path, endpoint] as const))(
    'POST %s',
    (path, endpoint) => {
      it('refuses any JSON value', async () => {
        const before = await snapshotStore(ctx.t);
        await fc.assert(
          fc.asyncProperty(shown(fc.jsonValue()), async ({ value }) => {
            await refusedWithoutChange(path, { body: JSON.stringify(value) }, before);
          }),
          { numRuns, seed },
        );
      }, 60_000);

      it('refuses its own body with fields of wrong types or hostile values', async () => {
        const before = await snapshotStore(ctx.t);
        await fc.assert(
          fc.asyncProperty(shown(brokenBody(endpoint, ctx)), async ({ value }) => {
            await refusedWithoutChange(path, { body: value }, before);
          }),
          // Always tried first: a NUL character in each field (PostgreSQL text cannot hold one).
          {
            numRuns,
            seed,
            examples: Object.keys(endpoint.wrong(ctx)).map((field) => [
              show({ ...endpoint.valid(ctx), [field]: 'abc\u0000def' }),
            ]),
          },
        );
      }, 60_000);

      it('refuses pollution keys, deep nesting, broken, oversized and non-JSON bodies', async () => {
        const before = await snapshotStore(ctx.t);
        await fc.assert(
          fc.asyncProperty(shown(hostileRaw(endpoint, ctx)), async ({ value }) => {
            await refusedWithoutChange(path, value, before);
          }),
          // Always tried first: 20,000 levels of nesting in place of a field.
          {
            numRuns: Math.ceil(numRuns / 2),
            seed,
            examples: [
              [show({ body: deepInField(endpoint, ctx, 20_000), contentType: 'application/json' })],
            ],
          },
        );
      }, 60_000);

      it('refuses the same bodies from someone signed out', async () => {
        const before = await snapshotStore(ctx.t);
        await fc.assert(
          fc.asyncProperty(
            shown(fc.oneof(fc.jsonValue(), brokenBody(endpoint, ctx))),
            async ({ value }) => {
              await refusedWithoutChange(path, { body: value }, before, new CookieJar());
            },
          ),
          { numRuns: Math.ceil(numRuns / 3), seed },
        );
      }, 60_000);
    },
  );

  describe('POST /webhooks/razorpay', () => {
    const webhook = (body: string | Uint8Array, signature?: string) =>
      send(ctx.t, new CookieJar(), {
        path: '/webhooks/razorpay',
        body,
        origin: null,
        headers: signature === undefined ? {} : { 'x-razorpay-signature': signature },
      });
    const eventBody = fc.oneof(
      fc.jsonValue().map((value) => JSON.stringify(value)),
      fc
        .record({
          event: fc.oneof(
            fc.constantFrom('payment.captured', 'order.paid', 'payment.failed'),
            hostileString,
            nonString,
          ),
          payload: fc.oneof(
            nonString,
            fc.record({
              payment: fc.oneof(
                nonString,
                fc.record({
                  entity: fc.oneof(
                    nonString,
                    fc.record({
                      id: fc.oneof(hostileString, nonString),
                      order_id: fc.oneof(hostileString, nonString),
                    }),
                  ),
                }),
              ),
            }),
          ),
        })
        .map((value) => JSON.stringify(value)),
    );

    it('refuses unsigned or wrongly signed bodies with 401 and changes nothing', async () => {
      const before = await snapshotStore(ctx.t);
      await fc.assert(
        fc.asyncProperty(
          shown(eventBody),
          fc.option(
            fc.oneof(
              // Header values are printable ASCII; Node refuses headers over 16 KiB by itself.
              fc
                .string({ unit: 'binary-ascii', maxLength: 200 })
                .map((s) => s.replace(/[^\x20-\x7e]/g, '')),
              fc.string({
                unit: fc.constantFrom(...'0123456789abcdef'),
                minLength: 64,
                maxLength: 64,
              }),
            ),
          ),
          async ({ value: body }, signature) => {
            const answer = await webhook(body, signature ?? undefined);
            expect(answer.status, JSON.stringify(answer.body)).toBe(401);
            expectErrorShape(answer);
            expectSameStore(before, await snapshotStore(ctx.t), body.slice(0, 200));
          },
        ),
        { numRuns, seed },
      );
    }, 60_000);

    it('never fails on signed bodies of any shape, and touches no order, name or page', async () => {
      // Only Razorpay can sign; a body it signs that we cannot use must not make it retry forever.
      const watched = async () => {
        // Signed events are recorded by design; everything else must stay as it was.
        const snapshot = await snapshotStore(ctx.t);
        delete snapshot.payment_events;
        return snapshot;
      };
      const before = await watched();
      await fc.assert(
        fc.asyncProperty(shown(eventBody), async ({ value: body }) => {
          const answer = await webhook(body, hmacHex(ctx.t.app.gateway.webhookSecret, body));
          expect(
            answer.status,
            `${body.slice(0, 200)} -> ${JSON.stringify(answer.body)}`,
          ).toBeLessThan(500);
          expectSameStore(before, await watched(), body.slice(0, 200));
        }),
        // Always tried first: a body that is not an object, a non-string order id, a NUL.
        {
          numRuns: Math.ceil(numRuns / 2),
          seed,
          examples: [
            'null',
            '[]',
            '{"event":"payment.captured","payload":{"payment":{"entity":{"id":"pay_x","order_id":false}}}}',
            '{"event":"payment.captured","payload":{"payment":{"entity":{"id":{},"order_id":"order_x"}}}}',
            '{"event":"\\u0000"}',
          ].map((body) => [show(body)]),
        },
      );
    }, 60_000);
  });

  it('POST /auth/logout never fails whatever the body, for someone signed out', async () => {
    const before = await snapshotStore(ctx.t);
    await fc.assert(
      fc.asyncProperty(
        shown(
          fc.oneof(
            fc.jsonValue().map((v) => JSON.stringify(v)),
            hostileString,
          ),
        ),
        fc.constantFrom<string | null>('application/json', ...WRONG_CONTENT_TYPES, null),
        async ({ value: body }, contentType) => {
          const answer = await send(ctx.t, new CookieJar(), {
            path: '/auth/logout',
            method: 'POST',
            body,
            contentType,
          });
          expect(answer.status).toBeLessThan(500);
          if (answer.status >= 400) expectErrorShape(answer);
          expectSameStore(before, await snapshotStore(ctx.t), body.slice(0, 200));
        },
      ),
      { numRuns: Math.ceil(numRuns / 2), seed },
    );
  }, 60_000);

  /** Every byte percent-encoded, so any string (lone surrogates too) makes a valid address. */
  const encodeSegment = (value: string) =>
    [...Buffer.from(value, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  // Over 100 characters the router answers by itself (covered below); stay within it here.
  // '', '.' and '..' are not parameters: the address itself changes (/api/templates/ is the list).
  const pathParam = fc
    .oneof(hostileString, fc.constantFrom(...TEMPLATE_IDS, '%', '?x=1', '#', '%2e%2e'))
    .filter((value) => !['', '.', '..'].includes(value) && encodeSegment(value).length <= 100);

  it.each(['/api/templates/', '/api/portfolios/'])(
    'GET %s:param answers 200 or a 4xx in the error shape for any parameter',
    async (prefix) => {
      const before = await snapshotStore(ctx.t);
      await fc.assert(
        fc.asyncProperty(pathParam, async (param) => {
          const answer = await send(ctx.t, ctx.owner, { path: `${prefix}${encodeSegment(param)}` });
          const shown = `${prefix}${JSON.stringify(param)} -> ${answer.status}`;
          expect(answer.status, shown).toBeLessThan(500);
          if (answer.status >= 400) expectErrorShape(answer, shown);
          else expect(TEMPLATE_IDS, shown).toContain(param);
          expectSameStore(before, await snapshotStore(ctx.t), shown);
        }),
        { numRuns, seed },
      );
    },
    60_000,
  );

  it('GET /users/:username never fails for any name', async () => {
    await fc.assert(
      fc.asyncProperty(pathParam, async (param) => {
        const answer = await send(ctx.t, new CookieJar(), {
          path: `/users/${encodeSegment(param)}`,
          headers: { accept: 'text/html' },
        });
        expect(answer.status, JSON.stringify(param)).toBeLessThan(500);
      }),
      { numRuns, seed },
    );
  }, 60_000);

  it('answers a malformed or over-long path parameter in the error shape', async () => {
    // The router refuses these before the app's error handler; the answer must still be ours.
    for (const path of ['/api/templates/%E0%A4%A', `/api/templates/${'x'.repeat(150)}`]) {
      const answer = await send(ctx.t, ctx.owner, { path });
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
      expect(answer.status, path).toBeLessThan(500);
      expectErrorShape(answer, path);
    }
  });
});

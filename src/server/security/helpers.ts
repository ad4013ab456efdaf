/**
 * Shared by the security suites: requests as a given person, the store's full contents for
 * before/after comparisons, and a portfolio published through the real payment path.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/app.js';
import { CookieJar, request } from '../../../test/signin.js';
import type { TemplateId } from '../../shared/routes.js';
import { orderBody as baseOrderBody } from '../../../test/order-body.js';

const ANSWER_WITHIN_MS = 3000;

export interface Answer {
  status: number;
  headers: Headers;
  /** Parsed JSON when the body is JSON, otherwise the text. */
  body: unknown;
}

export interface Send {
  method?: string;
  path: string;
  /** A string or bytes are sent as they are; anything else as JSON. */
  body?: unknown;
  /** Defaults to application/json when there is a body; null sends none of ours. */
  contentType?: string | null;
  /** Defaults to the app's own origin on state-changing requests, as a browser would send. */
  origin?: string | null;
  headers?: Record<string, string>;
}

/** One request with the person's cookies. A request that gets no answer fails with a clear message
 * (the app on loopback answers in milliseconds; a hang is a bug, not slowness). */
export async function send(t: TestApp, jar: CookieJar, spec: Send): Promise<Answer> {
  const method = spec.method ?? (spec.body === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = { ...spec.headers };
  const origin = spec.origin === undefined ? t.url : spec.origin;
  if (method !== 'GET' && method !== 'HEAD' && origin !== null) headers.origin = origin;
  let body: string | Uint8Array | undefined;
  if (spec.body !== undefined) {
    body =
      typeof spec.body === 'string' || spec.body instanceof Uint8Array
        ? spec.body
        : JSON.stringify(spec.body);
    if (spec.contentType !== null) headers['content-type'] = spec.contentType ?? 'application/json';
  } else if (spec.contentType) {
    headers['content-type'] = spec.contentType;
  }
  let response: Response;
  try {
    response = await request(jar, `${t.url}${spec.path}`, {
      method,
      headers,
      body: body as BodyInit | undefined,
      signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
    });
  } catch (error) {
    throw new Error(
      `${method} ${spec.path} got no answer within ${ANSWER_WITHIN_MS} ms (${String(error)})`,
      { cause: error },
    );
  }
  const text = await response.text();
  let parsed: unknown = text;
  if ((response.headers.get('content-type') ?? '').includes('json') && text !== '') {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  return { status: response.status, headers: response.headers, body: parsed };
}

/** Asserts the API's error shape: `{ error: { code, message, ... } }` with strings. */
export function expectErrorShape(answer: Answer, context = ''): void {
  const body = answer.body as { error?: { code?: unknown; message?: unknown } } | null;
  expect(typeof body?.error?.code, `${context} error.code in ${JSON.stringify(body)}`).toBe(
    'string',
  );
  expect(typeof body?.error?.message, `${context} error.message in ${JSON.stringify(body)}`).toBe(
    'string',
  );
}

/**
 * Every row of every table of the app (migration bookkeeping aside), rows sorted, so two
 * snapshots are equal exactly when nothing stored changed.
 */
export async function snapshotStore(t: TestApp): Promise<Record<string, string[]>> {
  const tables = (await t.database.db.introspection.getTables())
    .map((table) => table.name)
    .filter((name) => !name.startsWith('kysely_'))
    .sort();
  const snapshot: Record<string, string[]> = {};
  for (const name of tables) {
    const rows = await t.database.db
      .selectFrom(name as 'users')
      .selectAll()
      .execute();
    snapshot[name] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return snapshot;
}

/** Fails naming the tables that changed and a few of the rows that came or went. */
export function expectSameStore(
  before: Record<string, string[]>,
  after: Record<string, string[]>,
  context = '',
): void {
  const changes: string[] = [];
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = new Set(before[table] ?? []);
    const now = new Set(after[table] ?? []);
    const gone = [...was].filter((row) => !now.has(row));
    const came = [...now].filter((row) => !was.has(row));
    if (gone.length || came.length) {
      changes.push(
        `${table}: -${gone.length} +${came.length} ${[
          ...gone.map((r) => `- ${r}`),
          ...came.map((r) => `+ ${r}`),
        ]
          .slice(0, 4)
          .map((r) => r.slice(0, 300))
          .join(' | ')}`,
      );
    }
  }
  expect(changes, `${context} the store changed`).toEqual([]);
}

export const uniqueName = (prefix = 'u'): string =>
  `${prefix}${randomUUID().replaceAll('-', '').slice(0, 10)}`;

export const orderBody = (username: string, templateId: TemplateId = 'template2') =>
  baseOrderBody(username, templateId);

/** A new unpaid order of this person for a fresh name; returns the gateway's order id. */
export async function createOrderFor(t: TestApp, jar: CookieJar, username = uniqueName('o')) {
  const answer = await send(t, jar, { path: '/create-order', body: orderBody(username) });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body as { order_id: string }).order_id;
}

/** What the test checkout hands the page after paying this person's new order. */
export async function paidOrderFor(t: TestApp, jar: CookieJar) {
  const orderId = await createOrderFor(t, jar);
  const answer = await send(t, jar, { path: '/test-gateway/pay', body: { order_id: orderId } });
  expect(answer.status).toBe(200);
  return answer.body as {
    razorpay_order_id: string;
    razorpay_payment_id: string;
    razorpay_signature: string;
  };
}

/** Publishes a portfolio for this person through the real order, payment and verify calls. */
export async function publishAs(
  t: TestApp,
  jar: CookieJar,
  username: string,
  templateId: TemplateId = 'template2',
): Promise<void> {
  const order = await send(t, jar, {
    path: '/create-order',
    body: orderBody(username, templateId),
  });
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  const orderId = (order.body as { order_id: string }).order_id;
  const paid = await send(t, jar, { path: '/test-gateway/pay', body: { order_id: orderId } });
  const verified = await send(t, jar, { path: '/verify-payment', body: paid.body });
  expect(verified.body).toMatchObject({ status: 'published' });
}

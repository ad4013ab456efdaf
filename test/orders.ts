/** Orders, payments and publishes through the real API, for tests that need one on the way. */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { VerifyPaymentRequest } from '../src/shared/orders.js';
import type { TemplateId } from '../src/shared/templates/catalog.js';
import { SAMPLE_DATA } from '../src/shared/templates/registry.js';
import type { TestApp } from './app.js';
import { send } from './http.js';
import { request, type CookieJar } from './signin.js';

/** A valid POST /create-order body for `username`, with the template's sample data. */
export function orderBody(
  username: string,
  templateId: TemplateId = 'template2',
  extra: Record<string, unknown> = {},
) {
  return {
    templateId,
    currency: 'INR',
    receipt: String(Date.now()),
    username,
    data: SAMPLE_DATA[templateId],
    ...extra,
  };
}

export const uniqueName = (prefix = 'u'): string =>
  `${prefix}${randomUUID().replaceAll('-', '').slice(0, 10)}`;

/**
 * Ends every username hold of this person now, as if their 15 minutes had passed: a person may
 * hold only a few names at once, and tests that need many unpaid orders of one person make room.
 */
export async function lapseHoldsOf(t: TestApp, jar: CookieJar): Promise<void> {
  const me = (await (await request(jar, `${t.url}/api/me`)).json()) as {
    user: { email: string } | null;
  };
  if (!me.user) return;
  const email = me.user.email;
  await t.database.db
    .updateTable('username_holds')
    .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
    .where('user_id', 'in', (eb) => eb.selectFrom('users').select('id').where('email', '=', email))
    .execute();
}

/** A new unpaid order of this person for a fresh name; returns the gateway's order id. */
export async function createOrderFor(t: TestApp, jar: CookieJar, username = uniqueName('o')) {
  await lapseHoldsOf(t, jar);
  const answer = await send(t, jar, { path: '/create-order', body: orderBody(username) });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body as { order_id: string }).order_id;
}

/** What the test checkout hands the page after paying this person's new order. */
export async function paidOrderFor(t: TestApp, jar: CookieJar) {
  const orderId = await createOrderFor(t, jar);
  const answer = await send(t, jar, { path: '/test-gateway/pay', body: { order_id: orderId } });
  expect(answer.status).toBe(200);
  return answer.body as VerifyPaymentRequest;
}

/**
 * Publishes a portfolio for this person through the real order, payment and verify calls, with
 * the template's sample data (and `name`, when given, as the person's name on it).
 */
export async function publishAs(
  t: TestApp,
  jar: CookieJar,
  username: string,
  templateId: TemplateId = 'template2',
  options: { name?: string } = {},
): Promise<void> {
  const sample = SAMPLE_DATA[templateId];
  const extra =
    options.name === undefined
      ? {}
      : { data: { ...sample, personalDetails: { ...sample.personalDetails, name: options.name } } };
  const order = await send(t, jar, {
    path: '/create-order',
    body: orderBody(username, templateId, extra),
  });
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  const orderId = (order.body as { order_id: string }).order_id;
  const paid = await send(t, jar, { path: '/test-gateway/pay', body: { order_id: orderId } });
  const verified = await send(t, jar, { path: '/verify-payment', body: paid.body });
  expect(verified.body).toMatchObject({ status: 'published' });
}

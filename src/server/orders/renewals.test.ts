/**
 * Renewals and template moves through the real API and database: the paid_until arithmetic of
 * term.ts before expiry, in grace and offline; exactly one renewal when verify and webhook both
 * arrive; only the owner renews; a move priced down by the unused days and published in one
 * transaction that ends the old term.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.js';
import { TEST_DIALECTS } from '../../../test/database.js';
import { getJson, postJson } from '../../../test/http.js';
import { orderBody, publishAs, uniqueName } from '../../../test/orders.js';
import { CookieJar, request, signIn } from '../../../test/signin.js';
import { GRACE_DAYS, RESERVED_DAYS, termEndFrom } from '../../shared/domain/term.js';
import { hmacHex } from '../payments/signatures.js';
import { DAY_MS } from '../../shared/domain/time.js';

describe.each(TEST_DIALECTS)('renewals and template moves on %s', (dialect) => {
  const t = useTestApp(dialect);

  const person = () => signIn(t.url, { name: 'Renu Iyer', email: `r-${randomUUID()}@example.com` });
  const post = (jar: CookieJar, path: string, body: unknown) => postJson(jar, t.url, path, body);
  const renewalBody = (username: string) => ({
    username,
    currency: 'INR',
    receipt: String(Date.now()),
  });

  const portfolioAt = async (username: string) =>
    t.database.db
      .selectFrom('usernames')
      .innerJoin('portfolios', 'portfolios.id', 'usernames.portfolio_id')
      .select([
        'portfolios.id',
        'portfolios.paid_until',
        'portfolios.data',
        'portfolios.template_id',
      ])
      .where('usernames.username', '=', username)
      .executeTakeFirstOrThrow();
  /** A portfolio's term by its id: after a move its username serves another portfolio. */
  const termById = (portfolioId: string) =>
    t.database.db
      .selectFrom('portfolios')
      .select('paid_until')
      .where('id', '=', portfolioId)
      .executeTakeFirstOrThrow();
  const setPaidUntil = (portfolioId: string, date: Date) =>
    t.database.db
      .updateTable('portfolios')
      .set({ paid_until: date.toISOString() })
      .where('id', '=', portfolioId)
      .execute();
  const setLastPayment = (username: string, amount: number) =>
    t.database.db
      .updateTable('orders')
      .set({ amount_paise: amount })
      .where('username', '=', username)
      .where('status', '=', 'paid')
      .execute();

  /**
   * A template2 page of this person's with 100 of 365 days left of a term that cost ₹365.00:
   * ₹100.00 unused, for a move to price down.
   */
  const publishedWithUnusedDays = async (jar: CookieJar, prefix: string) => {
    const username = uniqueName(prefix);
    await publishAs(t, jar, username, 'template2');
    const old = await portfolioAt(username);
    await setLastPayment(username, 36500);
    await setPaidUntil(old.id, new Date(Date.now() + 100 * DAY_MS + 60_000));
    return { username, old };
  };

  /** Orders a renewal, pays it in the test checkout, verifies; returns the order's answers. */
  const renew = async (jar: CookieJar, username: string) => {
    const order = await post(jar, '/api/renewals', renewalBody(username));
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const paid = await post(jar, '/test-gateway/pay', { order_id: order.body.order_id });
    const verified = await post(jar, '/verify-payment', paid.body);
    return { order: order.body, verified: verified.body };
  };

  it.each([
    { when: 'before expiry', offsetDays: 40, state: 'live', from: 'paid_until' },
    { when: 'during grace', offsetDays: -5, state: 'grace', from: 'paid_until' },
    {
      when: 'after the page went offline',
      offsetDays: -(GRACE_DAYS + 10),
      state: 'offline',
      from: 'now',
    },
  ] as const)(
    'renews $when for a year from $from, keeping the content',
    async ({ offsetDays, state, from }) => {
      const jar = await person();
      const username = uniqueName('rn');
      await publishAs(t, jar, username);
      const before = await portfolioAt(username);
      const paidUntil = new Date(Date.now() + offsetDays * DAY_MS);
      await setPaidUntil(before.id, paidUntil);

      const quote = await getJson(jar, `${t.url}/api/renewals/${username}/quote`);
      expect(quote.status).toBe(200);
      expect(quote.body).toMatchObject({
        username,
        templateId: 'template2',
        amount: 63000,
        // Its usual price and today's discount, so the page can say which the amount is.
        listAmount: 70000,
        discountPercent: 10,
        state,
        paidUntil: paidUntil.toISOString(),
      });

      const started = Date.now();
      const { order, verified } = await renew(jar, username);
      expect(order).toMatchObject({ status: 'payment_required', amount: 63000 });
      expect(order.hold_expires_at).toBeUndefined();
      expect(verified).toMatchObject({ status: 'published' });
      expect(verified.message).toContain('renewed until');

      const after = await portfolioAt(username);
      const expected =
        from === 'paid_until'
          ? termEndFrom(paidUntil).getTime()
          : termEndFrom(new Date(started)).getTime();
      expect(Math.abs(Date.parse(after.paid_until) - expected)).toBeLessThan(
        from === 'now' ? 10_000 : 1,
      );
      expect(Date.parse(quote.body.newPaidUntil)).toBeCloseTo(expected, -5);
      expect(after.data).toBe(before.data);
      expect(after.id).toBe(before.id);
      const page = await fetch(`${t.url}/users/${username}`);
      expect(page.status).toBe(200);
      const row = await t.database.db
        .selectFrom('orders')
        .select(['kind', 'status'])
        .where('gateway_order_id', '=', order.order_id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ kind: 'renewal', status: 'paid' });
    },
  );

  it('keeps edits made after the renewal was ordered', async () => {
    const jar = await person();
    const username = uniqueName('rk');
    await publishAs(t, jar, username);
    const order = await post(jar, '/api/renewals', renewalBody(username));
    const edited = orderBody(username, 'template2');
    const data = structuredClone(edited.data) as { personalDetails: { name: string } };
    data.personalDetails.name = 'Edited Meanwhile';
    const claim = await post(jar, '/api/claims', { username, templateId: 'template2', data });
    expect(claim.body.status).toBe('updated');
    const paid = await post(jar, '/test-gateway/pay', { order_id: order.body.order_id });
    expect((await post(jar, '/verify-payment', paid.body)).body.status).toBe('published');
    expect(JSON.parse((await portfolioAt(username)).data).personalDetails.name).toBe(
      'Edited Meanwhile',
    );
  });

  it('renews exactly once when the verify and the webhook arrive together', async () => {
    const jar = await person();
    const username = uniqueName('rx');
    await publishAs(t, jar, username);
    const before = await portfolioAt(username);
    const order = await post(jar, '/api/renewals', renewalBody(username));
    const paid = await post(jar, '/test-gateway/pay', { order_id: order.body.order_id });
    const body = JSON.stringify({
      event: 'payment.captured',
      payload: {
        payment: {
          entity: { id: paid.body.razorpay_payment_id, order_id: order.body.order_id },
        },
      },
    });
    const webhook = (eventId: string) =>
      fetch(`${t.url}/webhooks/razorpay`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': hmacHex(t.app.gateway.webhookSecret, body),
          'x-razorpay-event-id': eventId,
        },
        body,
      });
    const [verifyA, hookA, verifyB, hookB] = await Promise.all([
      post(jar, '/verify-payment', paid.body),
      webhook('evt_renew_1'),
      post(jar, '/verify-payment', paid.body),
      webhook('evt_renew_2'),
    ]);
    // Whichever settles the order, every verify of this payment is told it is published.
    expect([verifyA.body, verifyB.body]).toEqual([
      expect.objectContaining({ status: 'published' }),
      expect.objectContaining({ status: 'published' }),
    ]);
    expect([hookA.status, hookB.status]).toEqual([200, 200]);
    const after = await portfolioAt(username);
    expect(after.paid_until).toBe(termEndFrom(new Date(before.paid_until)).toISOString());
    const emails = await t.database.db
      .selectFrom('email_outbox')
      .innerJoin('users', 'users.email', 'email_outbox.to_address')
      .innerJoin('usernames', 'usernames.user_id', 'users.id')
      .select('email_outbox.subject')
      .where('usernames.username', '=', username)
      .where('email_outbox.subject', '=', 'Your portfolio is renewed')
      .execute();
    expect(emails).toHaveLength(1);
  });

  it('lets only the owner renew or quote, and checks the body', async () => {
    const owner = await person();
    const stranger = await person();
    const username = uniqueName('ro');
    await publishAs(t, owner, username);
    const before = await portfolioAt(username);
    const count = async () =>
      (
        await t.database.db
          .selectFrom('orders')
          .select('id')
          .where('username', '=', username)
          .execute()
      ).length;
    const orders = await count();

    const foreign = await post(stranger, '/api/renewals', renewalBody(username));
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe('You have no portfolio at this username to renew.');
    expect((await getJson(stranger, `${t.url}/api/renewals/${username}/quote`)).status).toBe(404);
    expect((await post(stranger, '/api/renewals', renewalBody(uniqueName('nobody')))).status).toBe(
      404,
    );
    const anonymous = await request(new CookieJar(), `${t.url}/api/renewals`, {
      method: 'POST',
      headers: { origin: t.url, 'content-type': 'application/json' },
      body: JSON.stringify(renewalBody(username)),
    });
    expect(anonymous.status).toBe(401);

    const bad = await post(owner, '/api/renewals', { ...renewalBody(username), currency: 'USD' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe('currency');
    const badName = await post(owner, '/api/renewals', { ...renewalBody('-x'), currency: 'INR' });
    expect(badName.status).toBe(400);
    expect(badName.body.error.field).toBe('username');
    expect(await count()).toBe(orders);
    expect((await portfolioAt(username)).paid_until).toBe(before.paid_until);
  });

  it('does not renew a name released after its reserved time, even before the sweep', async () => {
    const jar = await person();
    const username = uniqueName('rr');
    await publishAs(t, jar, username);
    const { id } = await portfolioAt(username);
    await setPaidUntil(id, new Date(Date.now() - (GRACE_DAYS + RESERVED_DAYS + 1) * DAY_MS));
    expect((await getJson(jar, `${t.url}/api/renewals/${username}/quote`)).status).toBe(404);
    const order = await post(jar, '/api/renewals', renewalBody(username));
    expect(order.status).toBe(404);
    const renewals = await t.database.db
      .selectFrom('orders')
      .select('id')
      .where('username', '=', username)
      .where('kind', '=', 'renewal')
      .execute();
    expect(renewals).toEqual([]);
  });

  it('prices a move down by the unused days and replaces the old page in one transaction', async () => {
    const jar = await person();
    const { username, old } = await publishedWithUnusedDays(jar, 'mv');

    const claim = await post(jar, '/api/claims', {
      username,
      templateId: 'template3',
      data: orderBody(username, 'template3').data,
    });
    expect(claim.body.status).toBe('owned_other_template');
    const price = claim.body.move.price;
    expect(claim.body.move).toEqual({
      price,
      credit: 10000,
      creditDays: 100,
      amount: price - 10000,
    });

    const order = await post(jar, '/create-order', orderBody(username, 'template3'));
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    expect(order.body).toMatchObject({ amount: price - 10000, breakdown: claim.body.move });
    const stored = await t.database.db
      .selectFrom('orders')
      .select(['kind', 'amount_paise', 'proration_paise'])
      .where('gateway_order_id', '=', order.body.order_id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ kind: 'move', amount_paise: price - 10000, proration_paise: 10000 });

    const paid = await post(jar, '/test-gateway/pay', { order_id: order.body.order_id });
    const started = Date.now();
    expect((await post(jar, '/verify-payment', paid.body)).body.status).toBe('published');
    const now = await portfolioAt(username);
    expect(now.template_id).toBe('template3');
    expect(Date.parse(now.paid_until)).toBeGreaterThanOrEqual(
      termEndFrom(new Date(started)).getTime() - 1000,
    );
    const ended = await termById(old.id);
    expect(Date.parse(ended.paid_until)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(ended.paid_until)).toBeGreaterThan(started - 5000);

    // The new term is worth what was paid plus the credit: moving back credits it in full.
    const back = await post(jar, '/api/claims', {
      username,
      templateId: 'template2',
      data: orderBody(username, 'template2').data,
    });
    expect(back.body.move.credit).toBe(Math.min(back.body.move.price, price));
  });

  it('publishes a move at once when the unused days cover the new price', async () => {
    const jar = await person();
    const username = uniqueName('mf');
    await publishAs(t, jar, username, 'template2');
    const old = await portfolioAt(username);
    await setLastPayment(username, 10_000_000);
    const order = await post(jar, '/create-order', orderBody(username, 'template4'));
    expect(order.body).toMatchObject({ status: 'published_with_credit' });
    expect((await portfolioAt(username)).template_id).toBe('template4');
    const row = await t.database.db
      .selectFrom('orders')
      .select(['kind', 'amount_paise', 'status'])
      .where('username', '=', username)
      .where('template_id', '=', 'template4')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'move', amount_paise: 0, status: 'paid' });
    const ended = await termById(old.id);
    expect(Date.parse(ended.paid_until)).toBeLessThanOrEqual(Date.now());
  });

  it('refunds a second payment of the same move instead of a second discounted year', async () => {
    const jar = await person();
    const { username } = await publishedWithUnusedDays(jar, 'm2');

    // Two orders of the same move, both priced down by the same 100 days; the second takes over
    // the hold but the first can still be paid in its open checkout.
    const first = await post(jar, '/create-order', orderBody(username, 'template3'));
    const second = await post(jar, '/create-order', orderBody(username, 'template3'));
    expect(first.body.breakdown.credit).toBe(10000);
    expect(second.body.breakdown.credit).toBe(10000);

    const pay = async (orderId: string) =>
      (
        await post(
          jar,
          '/verify-payment',
          (await post(jar, '/test-gateway/pay', { order_id: orderId })).body,
        )
      ).body;
    expect((await pay(first.body.order_id)).status).toBe('published');
    const moved = await portfolioAt(username);
    const late = await pay(second.body.order_id);
    expect(late.status).toBe('refunded');
    expect(late.message).toContain('already paid by your other payment');
    // The term bought by the first payment is not extended by the second.
    expect((await portfolioAt(username)).paid_until).toBe(moved.paid_until);
    const row = await t.database.db
      .selectFrom('orders')
      .select(['id', 'status', 'payment_id'])
      .where('gateway_order_id', '=', second.body.order_id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
    const refund = await t.database.db
      .selectFrom('extra_payments')
      .selectAll()
      .where('order_id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(refund).toMatchObject({
      payment_id: row.payment_id,
      reason: 'superseded',
      status: 'refunded',
      amount_paise: second.body.amount,
    });
  });

  it('gives no credit for a page that is past its term, and keeps a term another name still uses', async () => {
    const jar = await person();
    const lapsed = uniqueName('ml');
    await publishAs(t, jar, lapsed, 'template2');
    await setPaidUntil((await portfolioAt(lapsed)).id, new Date(Date.now() - DAY_MS));
    const claim = await post(jar, '/api/claims', {
      username: lapsed,
      templateId: 'template3',
      data: orderBody(lapsed, 'template3').data,
    });
    expect(claim.body.move).toMatchObject({ credit: 0, creditDays: 0 });

    // Two names serve one template5 portfolio: moving one of them leaves the term to the other.
    const first = uniqueName('ma');
    const second = uniqueName('mb');
    await publishAs(t, jar, first, 'template5');
    await publishAs(t, jar, second, 'template5');
    const shared = await portfolioAt(first);
    const move = await post(jar, '/create-order', orderBody(first, 'template1'));
    expect(move.body.breakdown).toMatchObject({ credit: 0 });
    const paid = await post(jar, '/test-gateway/pay', { order_id: move.body.order_id });
    expect((await post(jar, '/verify-payment', paid.body)).body.status).toBe('published');
    expect((await portfolioAt(second)).paid_until).toBe((await termById(shared.id)).paid_until);
    expect(Date.parse((await portfolioAt(second)).paid_until)).toBeGreaterThan(Date.now());
  });
});

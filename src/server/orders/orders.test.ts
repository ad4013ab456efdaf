import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.js';
import { TEST_DIALECTS } from '../../../test/database.js';
import { orderBody } from '../../../test/orders.js';
import { publishDirectly } from '../../../test/publish-directly.js';
import { holdsOf, mailsTo, usernameRow } from '../../../test/store.js';
import { CookieJar, request, signIn } from '../../../test/signin.js';
import { webpImage } from '../../../test/images.js';
import { USERNAME_TAKEN_MESSAGE } from '../../shared/orders.js';
import { uploadRef, type UploadedImage } from '../../shared/uploads.js';
import { SAMPLE_DATA } from '../../shared/templates/registry.js';
import { hmacHex, paymentSignature } from '../payments/signatures.js';
import { readOrder } from './orders.input.js';

const data = SAMPLE_DATA.template2;

describe.each(TEST_DIALECTS)('claiming, ordering, paying and publishing on %s', (dialect) => {
  const t = useTestApp(dialect);

  const person = async () =>
    signIn(t.url, { name: 'Test Person', email: `p-${randomUUID()}@example.com` });
  const post = async (jar: CookieJar, path: string, body: unknown) => {
    const response = await request(jar, `${t.url}${path}`, {
      method: 'POST',
      headers: { origin: t.url, 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json().catch(() => null) };
  };
  const pay = async (jar: CookieJar, orderId: string) =>
    (await post(jar, '/test-gateway/pay', { order_id: orderId })).body;
  const published = (username: string) => usernameRow(t.database.db, username);
  const name = () => `n${randomUUID().slice(0, 8)}`;

  it('refuses to claim a name kept for the service, and holds nothing', async () => {
    const jar = await person();
    const { status, body } = await post(jar, '/api/claims', orderBody('support'));
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ field: 'username' });
    expect(body.error.message).toMatch(/kept for the service/);
    expect(await holdsOf(t.database.db, 'support')).toHaveLength(0);
    // Orders read their claim the same way (checked without spending this file's order limit).
    expect(() => readOrder(orderBody('support'))).toThrow(/kept for the service/);
  });

  it('creates an order with the amount from the store, whatever the client sends', async () => {
    const jar = await person();
    const username = name();
    const { status, body } = await post(
      jar,
      '/create-order',
      orderBody(username, 'template2', { amount: 1, price: 1, amount_paise: 1 }),
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: 'payment_required',
      amount: 63000,
      currency: 'INR',
      gateway: 'test',
      key_id: 'rzp_test_builtin',
    });
    expect(body.order_id).toMatch(/^order_test_/);
    const order = await t.database.db
      .selectFrom('orders')
      .selectAll()
      .where('gateway_order_id', '=', body.order_id)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      amount_paise: 63000,
      status: 'created',
      username,
      template_id: 'template2',
    });
    const hold = await t.database.db
      .selectFrom('username_holds')
      .selectAll()
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    const minutes = (Date.parse(hold.expires_at) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
  });

  it('publishes after a verified payment, once, with the portfolio, username, a year paid and an email', async () => {
    const jar = await person();
    const username = name();
    const order = (await post(jar, '/create-order', orderBody(username))).body;
    const paid = await pay(jar, order.order_id);
    const first = await post(jar, '/verify-payment', paid);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'published', url: `${t.url}/users/${username}` });
    const again = await post(jar, '/verify-payment', paid);
    expect(again.body.status).toBe('published');

    const owner = await published(username);
    expect(owner).toBeDefined();
    const portfolio = await t.database.db
      .selectFrom('portfolios')
      .selectAll()
      .where('id', '=', owner!.portfolio_id)
      .executeTakeFirstOrThrow();
    expect(portfolio.template_id).toBe('template2');
    expect(JSON.parse(portfolio.data).personalDetails.name).toBe(data.personalDetails.name);
    const days = (Date.parse(portfolio.paid_until) - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(365);
    const user = await t.database.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', owner!.user_id)
      .executeTakeFirstOrThrow();
    const mails = await mailsTo(t.database.db, user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toContain(`${t.url}/users/${username}`);
    expect(await holdsOf(t.database.db, username)).toEqual([]);

    // Now the name is theirs: Submit updates it for free; another person is refused.
    const updated = await post(jar, '/api/claims', {
      username,
      templateId: 'template2',
      data: { ...data, personalDetails: { ...data.personalDetails, name: 'Renamed' } },
    });
    expect(updated.body).toMatchObject({ status: 'updated', url: `${t.url}/users/${username}` });
    const after = await t.database.db
      .selectFrom('portfolios')
      .select('data')
      .where('id', '=', owner!.portfolio_id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(after.data).personalDetails.name).toBe('Renamed');
    const other = await person();
    const refused = await post(other, '/api/claims', { username, templateId: 'template2', data });
    expect(refused).toEqual({
      status: 409,
      body: {
        error: expect.objectContaining({ message: USERNAME_TAKEN_MESSAGE, field: 'username' }),
      },
    });
    const differentTemplate = await post(jar, '/api/claims', {
      username,
      templateId: 'template1',
      data: SAMPLE_DATA.template1,
    });
    expect(differentTemplate.body.status).toBe('owned_other_template');
    const me = await (await request(jar, `${t.url}/api/me`)).json();
    expect(me.portfolios).toEqual([{ templateId: 'template2', username }]);
  });

  it("refuses a portfolio showing someone else's upload, or one that is gone, naming the field", async () => {
    const uploader = await person();
    const answer = await request(uploader, `${t.url}/api/uploads`, {
      method: 'POST',
      headers: { origin: t.url, 'content-type': 'application/octet-stream' },
      body: new Uint8Array(await webpImage(320, 240)),
    });
    expect(answer.status).toBe(201);
    const image = (await answer.json()) as UploadedImage;
    const withImages = (profileImage: string, tileImage = data.section!.sectionTiles[1]!.img) => {
      const copy = structuredClone(data);
      copy.personalDetails.profileImage = profileImage;
      copy.section!.sectionTiles[1]!.img = tileImage;
      return copy;
    };

    /** An order of a new name for a portfolio showing the upload with this focal point. */
    const orderShowingUpload = (point: string) =>
      post(
        uploader,
        '/create-order',
        orderBody(name(), 'template2', { data: withImages(`${image.ref}#${point}`) }),
      );

    // Their own upload, with a focal point: accepted. A name check stores nothing, so it
    // makes no crop: the centred one stands in.
    const own = await post(uploader, '/api/claims', {
      username: name(),
      templateId: 'template2',
      data: withImages(`${image.ref}#30,20`),
    });
    expect(own).toMatchObject({ status: 200, body: { status: 'free' } });
    const notYet = await fetch(`${t.url}/media/${image.hash}/og-30-20.jpg`);
    expect(notYet.headers.get('cache-control')).toBe('public, max-age=300');
    // An order holds the portfolio: the link preview's crop for its focal point is made.
    const held = await orderShowingUpload('30,20');
    expect(held.status).toBe(200);
    const crop = await fetch(`${t.url}/media/${image.hash}/og-30-20.jpg`);
    expect(crop.status).toBe(200);
    expect(crop.headers.get('content-type')).toBe('image/jpeg');
    expect(crop.headers.get('cache-control')).toContain('immutable');
    const cropped = await sharp(Buffer.from(await crop.arrayBuffer())).metadata();
    expect(cropped).toMatchObject({ width: 1200, height: 630 });
    // Moving the point replaces the crop: one per upload, however many points are tried.
    const moved = await orderShowingUpload('60,70');
    expect(moved.status).toBe(200);
    const newCrop = await fetch(`${t.url}/media/${image.hash}/og-60-70.jpg`);
    expect(newCrop.headers.get('cache-control')).toContain('immutable');
    const oldCrop = await fetch(`${t.url}/media/${image.hash}/og-30-20.jpg`);
    // Gone: the centred crop stands in, briefly cached.
    expect(oldCrop.headers.get('cache-control')).toBe('public, max-age=300');
    const stored = await t.database.db
      .selectFrom('uploads')
      .select('og_file')
      .where('hash', '=', image.hash)
      .execute();
    expect(stored).toEqual([{ og_file: 'og-60-70.jpg' }]);

    // The same reference copied by another person: refused on claim and on order.
    const other = await person();
    const field = 'data.personalDetails.profileImage';
    const claimed = await post(other, '/api/claims', {
      username: name(),
      templateId: 'template2',
      data: withImages(image.ref),
    });
    expect(claimed.status).toBe(400);
    expect(claimed.body.error).toMatchObject({ field });
    expect(claimed.body.error.message).toContain('not among your uploads');
    const ordered = await post(
      other,
      '/create-order',
      orderBody(name(), 'template2', { data: withImages(image.ref) }),
    );
    expect(ordered.status).toBe(400);
    expect(ordered.body.error).toMatchObject({ field });

    // An upload nobody has (deleted, or made up) in a tile: that tile is named.
    const missing = uploadRef({ hash: 'f'.repeat(64), width: 800, height: 600 });
    const gone = await post(uploader, '/api/claims', {
      username: name(),
      templateId: 'template2',
      data: withImages(image.ref, missing),
    });
    expect(gone.status).toBe(400);
    expect(gone.body.error).toMatchObject({ field: 'data.section.sectionTiles.1.img' });
  });

  it('keeps the end of a hold when its holder orders the same name again', async () => {
    const jar = await person();
    const username = name();
    await post(jar, '/create-order', orderBody(username));
    // Ten of the fifteen minutes have passed.
    const end = new Date(Date.now() + 5 * 60_000).toISOString();
    await t.database.db
      .updateTable('username_holds')
      .set({ expires_at: end })
      .where('username', '=', username)
      .execute();
    const again = await post(jar, '/create-order', orderBody(username));
    expect(again.status).toBe(200);
    expect(again.body.hold_expires_at).toBe(end);
    const hold = await t.database.db
      .selectFrom('username_holds')
      .innerJoin('orders', 'orders.id', 'username_holds.order_id')
      .select(['username_holds.expires_at', 'orders.gateway_order_id'])
      .where('username_holds.username', '=', username)
      .executeTakeFirstOrThrow();
    // The hold now serves the newer order, and still ends when the first one said.
    expect(hold).toEqual({ expires_at: end, gateway_order_id: again.body.order_id });
  });

  it('lets one person hold at most 3 names at a time, and says so', async () => {
    const jar = await person();
    const held = [name(), name(), name()];
    for (const username of held) {
      expect((await post(jar, '/create-order', orderBody(username))).status).toBe(200);
    }
    const count = async (table: 'orders' | 'username_holds') =>
      (await t.database.db.selectFrom(table).select('username').execute()).length;
    const [orders, holds] = [await count('orders'), await count('username_holds')];
    const fourth = name();
    const refused = await post(jar, '/create-order', orderBody(fourth));
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'hold_limit', field: 'username' });
    expect(refused.body.error.message).toMatch(/^You are holding 3 usernames already/);
    expect([await count('orders'), await count('username_holds')]).toEqual([orders, holds]);

    // A name already held may be ordered again; the limit is per person.
    expect((await post(jar, '/create-order', orderBody(held[0]!))).status).toBe(200);
    expect((await post(await person(), '/create-order', orderBody(name()))).status).toBe(200);

    // Paying for one frees a place, and so does a hold that ended.
    const order = (await post(jar, '/create-order', orderBody(held[1]!))).body;
    await post(jar, '/verify-payment', await pay(jar, order.order_id));
    expect((await post(jar, '/create-order', orderBody(fourth))).status).toBe(200);
    expect((await post(jar, '/create-order', orderBody(name()))).status).toBe(409);
    await t.database.db
      .updateTable('username_holds')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('username', '=', held[2]!)
      .execute();
    expect((await post(jar, '/create-order', orderBody(name()))).status).toBe(200);
  });

  it('keeps the limit of 3 held names when one person sends many orders at once', async () => {
    const jar = await person();
    const names = Array.from({ length: 6 }, name);
    const results = await Promise.all(
      names.map((username) => post(jar, '/create-order', orderBody(username))),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 409, 409, 409]);
    const holds = await t.database.db
      .selectFrom('username_holds')
      .select('username')
      .where('username', 'in', names)
      .execute();
    expect(holds).toHaveLength(3);
  });

  it('answers free at a new name, naming the page the person already has with that template', async () => {
    // Published straight into the store: this file's orders are limited per network.
    const email = `p-${randomUUID()}@example.com`;
    const jar = await signIn(t.url, { name: 'Test Person', email });
    const { id: ownerId } = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const first = name();
    await publishDirectly(t.database.db, {
      username: first,
      templateId: 'template2',
      data,
      ownerId,
    });
    const second = name();
    const claim = await post(jar, '/api/claims', {
      username: second,
      templateId: 'template2',
      data,
    });
    expect(claim.body).toMatchObject({
      status: 'free',
      username: second,
      sameTemplate: { username: first, url: `${t.url}/users/${first}` },
    });
    expect(Date.parse(claim.body.sameTemplate.paidUntil)).toBeGreaterThan(Date.now());
    // Another template at a new name is a page of its own: nothing to warn about.
    const other = await post(jar, '/api/claims', {
      username: name(),
      templateId: 'template3',
      data,
    });
    expect(other.body.status).toBe('free');
    expect(other.body.sameTemplate).toBeUndefined();
  });

  it('answers free for a name nobody has, and taken while someone else holds it', async () => {
    const holder = await person();
    const username = name();
    expect(
      (await post(holder, '/api/claims', { username, templateId: 'template2', data })).body,
    ).toMatchObject({ status: 'free' });
    await post(holder, '/create-order', orderBody(username));
    const other = await person();
    expect(
      (await post(other, '/api/claims', { username, templateId: 'template2', data })).status,
    ).toBe(409);
    expect((await post(other, '/create-order', orderBody(username))).body.error.message).toBe(
      USERNAME_TAKEN_MESSAGE,
    );
  });

  it.each([
    [{ username: 'ab' }, 'username'],
    [{ username: 'bad name!' }, 'username'],
    [{ templateId: 'template9' }, 'templateId'],
    [{ currency: 'USD' }, 'currency'],
    [{ receipt: 'x'.repeat(41) }, 'receipt'],
    [
      { data: { personalDetails: { name: 'A', profileImage: 'javascript:alert(1)' } } },
      'data.personalDetails.profileImage',
    ],
    [{ data: null }, 'data'],
  ])(
    'refuses a bad order %j with 400 naming the field, and holds nothing',
    async (change, field) => {
      const jar = await person();
      const before = await t.database.db.selectFrom('orders').select('id').execute();
      const response = await post(jar, '/create-order', { ...orderBody(name()), ...change });
      expect(response.status).toBe(400);
      expect(response.body.error.field).toBe(field);
      expect(response.body.error.message).toContain(field.replace(/^data\./, ''));
      expect(await t.database.db.selectFrom('orders').select('id').execute()).toHaveLength(
        before.length,
      );
    },
  );

  it('refuses to sell a template without a price', async () => {
    await t.database.db
      .updateTable('templates')
      .set({ price_paise: null })
      .where('id', '=', 'template5')
      .execute();
    const jar = await person();
    const response = await post(jar, '/create-order', {
      ...orderBody(name()),
      templateId: 'template5',
      data: SAMPLE_DATA.template5,
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({
      field: 'templateId',
      message: 'This template has no price yet, so it cannot be bought right now.',
    });
    await t.database.db
      .updateTable('templates')
      .set({ price_paise: 120000 })
      .where('id', '=', 'template5')
      .execute();
  });

  it('refuses forged, reused and foreign payments and publishes nothing', async () => {
    const jar = await person();
    const username = name();
    const order = (await post(jar, '/create-order', orderBody(username))).body;
    const forged = await post(jar, '/verify-payment', {
      razorpay_order_id: order.order_id,
      razorpay_payment_id: 'pay_forged',
      razorpay_signature: paymentSignature('not-the-secret', order.order_id, 'pay_forged'),
    });
    expect(forged.status).toBe(400);
    expect(forged.body.error.field).toBe('razorpay_signature');
    // A genuine signature for another order cannot be replayed on this one.
    const otherJar = await person();
    const otherOrder = (await post(otherJar, '/create-order', orderBody(name()))).body;
    const otherPaid = await pay(otherJar, otherOrder.order_id);
    const reused = await post(jar, '/verify-payment', {
      ...otherPaid,
      razorpay_order_id: order.order_id,
    });
    expect(reused.status).toBe(400);
    // Someone else's order id is not found for this account.
    expect((await post(jar, '/verify-payment', otherPaid)).status).toBe(404);
    // Without a session.
    expect((await post(new CookieJar(), '/verify-payment', otherPaid)).status).toBe(401);
    expect((await post(jar, '/verify-payment', '{"razorpay_order_id":')).status).toBe(400);
    expect(
      (await post(jar, '/verify-payment', { razorpay_order_id: order.order_id })).body.error.field,
    ).toBe('razorpay_payment_id');
    expect(await published(username)).toBeUndefined();
    const row = await t.database.db
      .selectFrom('orders')
      .select('status')
      .where('gateway_order_id', '=', order.order_id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('created');
  });

  it('lets exactly one of 20 people hold a free name at once', async () => {
    const people = await Promise.all(Array.from({ length: 20 }, () => person()));
    const username = name();
    const results = await Promise.all(
      people.map((jar) => post(jar, '/create-order', orderBody(username))),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(
      results.filter((r) => r.status === 409 && r.body.error.message === USERNAME_TAKEN_MESSAGE),
    ).toHaveLength(19);
    expect(await holdsOf(t.database.db, username)).toHaveLength(1);
  });

  it('turns a payment whose name was lost into a credit, and the credit pays for another name', async () => {
    const first = await person();
    const second = await person();
    const username = name();
    const firstOrder = (await post(first, '/create-order', orderBody(username))).body;
    // The first hold lapses before the first person pays; the second person orders and pays.
    await t.database.db
      .updateTable('username_holds')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('username', '=', username)
      .execute();
    const secondOrder = (await post(second, '/create-order', orderBody(username))).body;
    const [firstPaid, secondPaid] = [
      await pay(first, firstOrder.order_id),
      await pay(second, secondOrder.order_id),
    ];
    const results = await Promise.all([
      post(first, '/verify-payment', firstPaid),
      post(second, '/verify-payment', secondPaid),
    ]);
    expect(results.map((r) => r.body.status).sort()).toEqual(['credit', 'published']);
    const owner = await published(username);
    const winner = results.find((r) => r.body.status === 'published')!;
    expect(winner).toBeDefined();
    const statuses = await t.database.db
      .selectFrom('orders')
      .select(['status'])
      .where('username', '=', username)
      .where('status', 'in', ['paid', 'credit'])
      .execute();
    expect(statuses.map((s) => s.status).sort()).toEqual(['credit', 'paid']);
    expect(owner).toBeDefined();
    // Never kept silently: the buyer is told where the money is and how to have it back.
    const creditMails = (
      await t.database.db
        .selectFrom('email_outbox')
        .select('text_body')
        .where('subject', '=', 'Your payment is kept as a credit')
        .execute()
    ).filter((mail) => mail.text_body.includes(`"${username}"`));
    expect(creditMails).toHaveLength(1);
    expect(creditMails[0]!.text_body).toContain('reply to this email');

    const loser = results[0]!.body.status === 'credit' ? first : second;
    const credited = await post(loser, '/create-order', orderBody(name()));
    expect(credited.body).toMatchObject({ status: 'published_with_credit' });
    const creditRow = await t.database.db
      .selectFrom('orders')
      .selectAll()
      .where('status', '=', 'credit')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    expect(creditRow.credit_used_by_order_id).not.toBeNull();
  });

  it('publishes from the webhook alone, ignores duplicates and late failures, and refuses bad signatures', async () => {
    const jar = await person();
    const username = name();
    const order = (await post(jar, '/create-order', orderBody(username))).body;
    // The checkout authorizes a payment; the webhook alone confirms and captures it.
    const paymentId = (await post(jar, '/test-gateway/pay', { order_id: order.order_id })).body
      .razorpay_payment_id;
    const event = (type: string) =>
      JSON.stringify({
        event: type,
        payload: { payment: { entity: { id: paymentId, order_id: order.order_id } } },
      });
    const deliver = (body: string, eventId: string, secret = t.app.gateway.webhookSecret) =>
      fetch(`${t.url}/webhooks/razorpay`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': hmacHex(secret, body),
          'x-razorpay-event-id': eventId,
        },
        body,
      });
    const bad = await deliver(event('payment.captured'), 'evt_bad', 'wrong-secret');
    expect(bad.status).toBe(401);
    expect(await published(username)).toBeUndefined();

    const captured = await deliver(event('payment.captured'), 'evt_1');
    expect(await captured.json()).toEqual({ status: 'ok' });
    expect(await published(username)).toBeDefined();
    expect(await (await deliver(event('payment.captured'), 'evt_1')).json()).toEqual({
      status: 'duplicate',
    });
    expect(await (await deliver(event('order.paid'), 'evt_2')).json()).toEqual({ status: 'ok' });
    expect(await (await deliver(event('payment.failed'), 'evt_3')).json()).toEqual({
      status: 'ok',
    });
    const row = await t.database.db
      .selectFrom('orders')
      .select(['status', 'payment_id'])
      .where('gateway_order_id', '=', order.order_id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'paid', payment_id: paymentId });
    const events = await t.database.db
      .selectFrom('payment_events')
      .select('event_type')
      .where('gateway_order_id', '=', order.order_id)
      .orderBy('received_at')
      .execute();
    expect(events.map((e) => e.event_type)).toEqual([
      'payment.captured',
      'order.paid',
      'payment.failed',
    ]);
    // The client's verify after the webhook is a no-op that answers success.
    const paid = {
      razorpay_order_id: order.order_id,
      razorpay_payment_id: 'pay_webhook_1',
      razorpay_signature: paymentSignature(
        t.app.gateway.keySecret,
        order.order_id,
        'pay_webhook_1',
      ),
    };
    expect((await post(jar, '/verify-payment', paid)).body.status).toBe('published');
    const user = await t.database.db
      .selectFrom('usernames')
      .innerJoin('users', 'users.id', 'usernames.user_id')
      .select('users.email')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    expect(await mailsTo(t.database.db, user.email)).toHaveLength(1);
  });

  it('records a failed test payment and keeps the order payable', async () => {
    const jar = await person();
    const order = (await post(jar, '/create-order', orderBody(name()))).body;
    const failed = await post(jar, '/test-gateway/fail', { order_id: order.order_id });
    expect(failed.body.error.description).toContain('No money moved');
    const paid = await pay(jar, order.order_id);
    expect((await post(jar, '/verify-payment', paid)).body.status).toBe('published');
  });
});

/**
 * The account page's API through the real app and database: listing, owner-only actions,
 * unpublish and publish with the page generation, deleting a portfolio, the data export, and
 * deleting the account leaving nothing personal in any table.
 */
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../test/app.js';
import { TEST_DIALECTS } from '../../../test/database.js';
import { webpImage } from '../../../test/images.js';
import { send } from '../../../test/http.js';
import { orderBody, publishAs, uniqueName } from '../../../test/orders.js';
import { CookieJar, request, signIn } from '../../../test/signin.js';
import type { AccountResponse } from '../../shared/account.js';
import type { UploadedImage } from '../../shared/uploads.js';
import { SAMPLE_DATA } from '../../shared/templates/registry.js';
import { hmacHex } from '../payments/signatures.js';
import { exportSite, type ExportBudget } from './site-export.service.js';
import { readPageGeneration } from '../site/page-generation.repository.js';

async function account(t: TestApp, jar: CookieJar): Promise<AccountResponse> {
  const answer = await send(t, jar, { path: '/api/account' });
  expect(answer.status).toBe(200);
  return answer.body as AccountResponse;
}

async function publicStatus(t: TestApp, username: string): Promise<number> {
  const response = await fetch(`${t.url}/users/${username}`);
  await response.arrayBuffer();
  return response.status;
}

/**
 * Every address a packed website names: in its page (href, src) and in its stylesheets (url()),
 * a stylesheet's relative ones resolved against its folder.
 */
function addressesIn(files: Record<string, Uint8Array>): string[] {
  const html = strFromU8(files['index.html']!);
  const addresses = [...html.matchAll(/\s(?:href|src)="([^"#][^"]*)"/g)].map((m) => m[1]!);
  for (const sheet of Object.keys(files).filter((file) => file.endsWith('.css'))) {
    for (const match of strFromU8(files[sheet]!).matchAll(/url\(([^)]+)\)/g)) {
      const target = match[1]!.replace(/['"]/g, '');
      if (target.startsWith('data:')) continue;
      addresses.push(
        /^[a-z]+:/.test(target) ? target : path.posix.join(path.posix.dirname(sheet), target),
      );
    }
  }
  return addresses;
}

describe.each(TEST_DIALECTS)('the account API (%s)', (dialect) => {
  let owner: CookieJar;
  let other: CookieJar;
  const ownerName = 'Quillon Marsh';
  const name1 = uniqueName('acc');
  const name2 = uniqueName('acc');

  const t = useTestApp(dialect);
  beforeAll(async () => {
    owner = await signIn(t.url, { name: ownerName, email: `owner-${dialect}@example.com` });
    other = await signIn(t.url, { name: 'Other Person', email: `other-${dialect}@example.com` });
    await publishAs(t, owner, name1, 'template2', { name: ownerName });
    await publishAs(t, owner, name2, 'template3', { name: ownerName });
  });

  it('lists each username the person owns with its term and paid orders', async () => {
    const { portfolios, email } = await account(t, owner);
    expect(email).toBe(`owner-${dialect}@example.com`);
    expect(portfolios.map((p) => p.username)).toEqual([name1, name2]);
    const first = portfolios[0]!;
    expect(first).toMatchObject({
      username: name1,
      url: `${t.url}/users/${name1}`,
      templateId: 'template2',
      templateName: 'Directive',
      termState: 'live',
      unpublished: false,
    });
    expect(new Date(first.paidUntil).getTime()).toBeGreaterThan(Date.now() + 300 * 86_400_000);
    expect(first.orders).toHaveLength(1);
    expect(first.orders[0]!.amountPaise).toBeGreaterThan(0);
    expect(first.orders[0]!.paidAt).toMatch(/^\d{4}-/);
    expect((await account(t, other)).portfolios).toEqual([]);
    const anonymous = await send(t, new CookieJar(), { path: '/api/account' });
    expect(anonymous.status).toBe(401);
  });

  it('lets only the owner unpublish, publish or delete (anyone else gets 404)', async () => {
    for (const spec of [
      { path: `/api/account/portfolios/${name1}/unpublish`, body: {} },
      { path: `/api/account/portfolios/${name1}/publish`, body: {} },
      { path: `/api/account/portfolios/${name1}`, method: 'DELETE' },
      { path: `/api/account/portfolios/nosuchname/unpublish`, body: {} },
    ]) {
      const answer = await send(t, spec.path.includes('nosuch') ? owner : other, spec);
      expect(answer.status, spec.path).toBe(404);
    }
    expect((await account(t, owner)).portfolios.map((p) => p.username)).toEqual([name1, name2]);
  });

  it('unpublishes and publishes: the flag, the answer and the page generation', async () => {
    expect(await publicStatus(t, name1)).toBe(200);
    // Pages rendered in the background after the publishes also move the generation: let them end.
    await t.app.storedPages.checkForChanges();
    const before = await readPageGeneration(t.database.db);
    const off = await send(t, owner, {
      path: `/api/account/portfolios/${name1.toUpperCase()}/unpublish`,
      body: {},
    });
    expect(off).toMatchObject({ status: 200, body: { username: name1, unpublished: true } });
    const row = await t.database.db
      .selectFrom('usernames')
      .select('unpublished_at')
      .where('username', '=', name1)
      .executeTakeFirstOrThrow();
    expect(row.unpublished_at).not.toBeNull();
    expect(await readPageGeneration(t.database.db)).toBe(before + 1);
    expect((await account(t, owner)).portfolios[0]!.unpublished).toBe(true);

    const on = await send(t, owner, { path: `/api/account/portfolios/${name1}/publish`, body: {} });
    expect(on).toMatchObject({ status: 200, body: { username: name1, unpublished: false } });
    const after = await t.database.db
      .selectFrom('usernames')
      .select('unpublished_at')
      .where('username', '=', name1)
      .executeTakeFirstOrThrow();
    expect(after.unpublished_at).toBeNull();
    expect(await readPageGeneration(t.database.db)).toBe(before + 2);
    expect(await publicStatus(t, name1)).toBe(200);
  });

  it('refuses a malformed username with 400 naming it', async () => {
    const answer = await send(t, owner, {
      path: `/api/account/portfolios/${'a'.repeat(61)}/unpublish`,
      body: {},
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: { field: 'username' } });
  });

  it('exports the profile, portfolios with data, usernames and orders as a JSON file', async () => {
    const response = await request(owner, `${t.url}/api/account/export`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="portfolio-builder-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = (await response.json()) as {
      profile: { name: string; email: string };
      portfolios: { templateId: string; data: { personalDetails: { name: string } } }[];
      usernames: { username: string }[];
      orders: { status: string; username: string }[];
    };
    expect(data.profile).toMatchObject({ name: ownerName, email: `owner-${dialect}@example.com` });
    expect(data.portfolios.map((p) => p.templateId)).toEqual(['template2', 'template3']);
    expect(data.portfolios[0]!.data.personalDetails.name).toBe(ownerName);
    expect(data.usernames.map((u) => u.username).sort()).toEqual([name1, name2].sort());
    expect(data.orders.filter((o) => o.status === 'paid')).toHaveLength(2);
    const theirs = await request(other, `${t.url}/api/account/export`);
    const otherData = (await theirs.json()) as { portfolios: unknown[]; orders: unknown[] };
    expect(otherData.portfolios).toEqual([]);
    expect(otherData.orders).toEqual([]);
  });

  it('deletes a portfolio: the name is released, the page is gone, the order stays', async () => {
    // Seen once, so this process holds the page in memory too.
    expect(await publicStatus(t, name2)).toBe(200);
    const before = await readPageGeneration(t.database.db);
    const answer = await send(t, owner, {
      method: 'DELETE',
      path: `/api/account/portfolios/${name2}`,
    });
    expect(answer.status).toBe(204);
    const db = t.database.db;
    expect(
      await db.selectFrom('usernames').where('username', '=', name2).selectAll().execute(),
    ).toEqual([]);
    const templates = await db
      .selectFrom('portfolios')
      .select('template_id')
      .where('template_id', '=', 'template3')
      .execute();
    expect(templates).toEqual([]);
    expect(await readPageGeneration(db)).toBe(before + 1);
    await t.app.storedPages.checkForChanges();
    expect(await publicStatus(t, name2)).not.toBe(200);
    expect((await account(t, owner)).portfolios.map((p) => p.username)).toEqual([name1]);
    const orders = await db
      .selectFrom('orders')
      .select('status')
      .where('username', '=', name2)
      .execute();
    expect(orders).toEqual([{ status: 'paid' }]);
  });

  it('gives the owner a QR code of the page address, as SVG and as a PNG that scans', async () => {
    const svg = await request(owner, `${t.url}/api/account/portfolios/${name1}/qr.svg`);
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toContain('image/svg+xml');
    expect(await svg.text()).toMatch(/^<svg /);
    const png = await request(owner, `${t.url}/api/account/portfolios/${name1}/qr.png?download=1`);
    expect(png.headers.get('content-disposition')).toBe(`attachment; filename="${name1}-qr.png"`);
    const image = PNG.sync.read(Buffer.from(await png.arrayBuffer()));
    const code = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
    expect(code?.data).toBe(`${t.config.publicUrl}/users/${name1}`);
    expect((await request(other, `${t.url}/api/account/portfolios/${name1}/qr.svg`)).status).toBe(
      404,
    );
    const wrong = await request(owner, `${t.url}/api/account/portfolios/${name1}/qr.gif`);
    expect(wrong.status).toBe(400);
  });

  it('packs the page as a website: every file it names is in the ZIP, by a relative address', async () => {
    // The page shows an uploaded photo: its files come from the media storage.
    const upload = await send(t, owner, {
      path: '/api/uploads',
      body: new Uint8Array(await webpImage(800, 600)),
      contentType: 'image/webp',
    });
    const { ref, hash } = upload.body as UploadedImage;
    const sample = SAMPLE_DATA.template2;
    const data = {
      ...sample,
      personalDetails: { ...sample.personalDetails, name: ownerName, profileImage: ref },
    };
    const claim = await send(t, owner, {
      path: '/api/claims',
      body: { username: name1, templateId: 'template2', data },
    });
    expect(claim.body).toMatchObject({ status: 'updated' });
    const answer = await request(owner, `${t.url}/api/account/portfolios/${name1}/website.zip`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await answer.arrayBuffer()));
    const html = strFromU8(files['index.html']!);
    expect(html).toContain(`<title>${ownerName}</title>`);
    const named = addressesIn(files);
    const local = named.filter((address) => !/^[a-z]+:/.test(address));
    expect(local.length).toBeGreaterThan(3);
    for (const address of local) expect(files[address], address).toBeDefined();
    expect(named.filter((address) => address.startsWith('/'))).toEqual([]);
    const photos = Object.keys(files).filter((file) => file.startsWith(`media/${hash}/`));
    expect(photos.length).toBeGreaterThan(0);
    expect(photos.every((file) => file.endsWith('.jpg'))).toBe(true);
    const css = Object.keys(files).filter((file) => file.endsWith('.css'));
    expect(css.length).toBeGreaterThan(0);
    for (const sheet of css) expect(strFromU8(files[sheet]!)).not.toMatch(/url\(\/(?!\/)/);
    expect(
      (await request(other, `${t.url}/api/account/portfolios/${name1}/website.zip`)).status,
    ).toBe(404);
  });

  it('answers a refused file link followed in a browser with a page that says why, the API with JSON', async () => {
    const zip = `${t.url}/api/account/portfolios/${name1}/website.zip`;
    // What a browser sends for a link it follows.
    const followed = await request(other, zip, {
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(followed.status).toBe(404);
    expect(followed.headers.get('content-type')).toContain('text/html');
    const page = await followed.text();
    expect(page).toContain('<h1>Not found</h1>');
    expect(page).toContain('<a href="/account">Back to your account</a>');
    expect(page).not.toContain(name1);
    const fetched = await request(other, zip);
    expect(fetched.status).toBe(404);
    expect(((await fetched.json()) as { error: { code: string } }).error.code).toBe('not_found');
  });

  it('copies each file of the site once however its address is spelled, one export at a time', async () => {
    const zipOf = async () => {
      const answer = await request(owner, `${t.url}/api/account/portfolios/${name1}/website.zip`);
      expect(answer.status).toBe(200);
      return unzipSync(new Uint8Array(await answer.arrayBuffer()));
    };
    const sheet = Object.keys(await zipOf()).find((file) => file.endsWith('.css'))!;
    // Tile links that all name that stylesheet, each spelled another way.
    const spellings = [
      `/${sheet}`,
      `/${sheet.replace('/', '//')}`,
      `/${sheet.replace('/', '///')}`,
      `/./${sheet}`,
      `/${sheet}?v=2`,
    ];
    const sample = SAMPLE_DATA.template2;
    const section = sample.section!;
    const tiles = spellings.map((link, index) => ({
      ...section.sectionTiles[0]!,
      link,
      title: `T${index}`,
    }));
    const claim = await send(t, owner, {
      path: '/api/claims',
      body: {
        username: name1,
        templateId: 'template2',
        data: { ...sample, section: { ...section, sectionTiles: tiles } },
      },
    });
    expect(claim.body).toMatchObject({ status: 'updated' });
    const files = await zipOf();
    expect(Object.keys(files).filter((file) => file.endsWith('.css'))).toEqual([sheet]);
    const html = strFromU8(files['index.html']!);
    expect(html.split(`href="${sheet}"`).length - 1).toBeGreaterThanOrEqual(spellings.length);
  });

  it('keeps an export within its budget of files and bytes: what is past it stays a link to the site', async () => {
    const { id: userId } = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', `owner-${dialect}@example.com`)
      .executeTakeFirstOrThrow();
    const ctx = {
      db: t.database.db,
      storage: t.app.mediaStorage,
      publicUrl: () => t.url,
      now: () => new Date(),
      clientDir: t.app.deps.clientDir,
    };
    /** Packs with `budget` (the service's own without one). */
    const pack = async (budget?: ExportBudget) => {
      const site = await exportSite(ctx, userId, name1, budget);
      site.release();
      const files = unzipSync(new Uint8Array(Buffer.concat(site.parts)));
      const copied = Object.keys(files).filter((file) => file !== 'index.html');
      // Every address of the page and of its stylesheets: in the ZIP, or a link to the site.
      const addresses = addressesIn(files);
      // Files left online; the page's own address (its canonical link) always is.
      const links = addresses.filter(
        (address) => address.startsWith(`${t.url}/`) && !address.startsWith(`${t.url}/users/`),
      );
      for (const address of addresses.filter((address) => !/^[a-z]+:/.test(address))) {
        expect(files[address], address).toBeDefined();
      }
      const bytes = copied.reduce((sum, file) => sum + files[file]!.length, 0);
      // A stylesheet's address left online: its relative form became the site's whole address.
      const sheetLinks = copied
        .filter((file) => file.endsWith('.css'))
        .flatMap((sheet) => [...strFromU8(files[sheet]!).matchAll(/url\(['"]?([^'")]+)/g)])
        .filter((match) => match[1]!.startsWith(`${t.url}/`)).length;
      return { copied, links, bytes, sheetLinks };
    };
    const whole = await pack();
    expect(whole.copied.length).toBeGreaterThan(3);
    expect(whole.links).toEqual([]);

    const twoFiles = await pack({ files: 2, bytes: 64 * 1024 * 1024 });
    expect(twoFiles.copied.length).toBeLessThanOrEqual(2);
    expect(twoFiles.links.length).toBeGreaterThan(0);

    const halfTheBytes = Math.floor(whole.bytes / 2);
    const half = await pack({ files: 600, bytes: halfTheBytes });
    expect(half.copied.length).toBeLessThan(whole.copied.length);
    expect(half.links.length).toBeGreaterThan(0);
    // What is read stays within the budget. A stylesheet's address grows only where its file
    // stays online (a relative address becomes the site's whole address), by the site's origin.
    expect(half.bytes).toBeLessThanOrEqual(halfTheBytes + half.sheetLinks * t.url.length);
  });

  it('packs one website per person and two per process at once; a refusal or a failure gives the place back', () => {
    const ctx = {
      db: t.database.db,
      storage: t.app.mediaStorage,
      publicUrl: () => t.url,
      now: () => new Date(),
    };
    // Nobody owns these names: each export fails once it looks, after the others were asked.
    const first = exportSite(ctx, 'person-a', 'name-a');
    const again = exportSite(ctx, 'person-a', 'name-b');
    const second = exportSite(ctx, 'person-b', 'name-b');
    const third = exportSite(ctx, 'person-c', 'name-c');
    return Promise.all([
      expect(again).rejects.toMatchObject({
        refusal: 'busy',
        message: expect.stringContaining('already'),
      }),
      expect(third).rejects.toMatchObject({
        refusal: 'busy',
        message: expect.stringContaining('others'),
      }),
      expect(first).rejects.toMatchObject({ refusal: 'not_yours' }),
      expect(second).rejects.toMatchObject({ refusal: 'not_yours' }),
    ]).then(() =>
      expect(exportSite(ctx, 'person-c', 'name-c')).rejects.toMatchObject({ refusal: 'not_yours' }),
    );
  });

  it('deletes the account: nothing personal is left in any table', async () => {
    const email = `owner-${dialect}@example.com`;
    const second = await signIn(t.url, { name: ownerName, email });
    const upload = await send(t, owner, {
      path: '/api/uploads',
      body: new Uint8Array(await webpImage(200, 150)),
      contentType: 'image/webp',
    });
    expect(upload.status).toBe(201);
    const { id: userId } = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();

    const wrong = await send(t, owner, {
      method: 'DELETE',
      path: '/api/account',
      body: { confirmation: 'delete please' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error: { field: 'confirmation' } });
    expect((await account(t, owner)).portfolios).toHaveLength(1);
    // Seen once, so this process holds the page in memory too.
    expect(await publicStatus(t, name1)).toBe(200);

    const before = await readPageGeneration(t.database.db);
    const done = await send(t, owner, {
      method: 'DELETE',
      path: '/api/account',
      body: { confirmation: email.toUpperCase() },
    });
    expect(done.status).toBe(204);
    expect(await readPageGeneration(t.database.db)).toBe(before + 1);
    // Every session ended, this one and the other browser's.
    expect((await send(t, owner, { path: '/api/account' })).status).toBe(401);
    expect((await send(t, second, { path: '/api/account' })).status).toBe(401);
    await t.app.storedPages.checkForChanges();
    expect(await publicStatus(t, name1)).not.toBe(200);
    // The view counted before the deletion is not written back by a later flush.
    await t.app.visits.flush();

    const db = t.database.db;
    const tables = (await db.introspection.getTables())
      .map((table) => table.name)
      .filter((name) => !name.startsWith('kysely_'));
    const found: string[] = [];
    for (const table of tables) {
      const rows = await db
        .selectFrom(table as 'users')
        .selectAll()
        .execute();
      for (const row of rows) {
        const text = Object.values(row)
          .map((value) => (Buffer.isBuffer(value) ? value.toString('latin1') : String(value)))
          .join('\u0000')
          .toLowerCase();
        for (const needle of [email, ownerName.toLowerCase(), name1, name2]) {
          if (text.includes(needle)) found.push(`${table}: ${needle}`);
        }
      }
    }
    expect(found).toEqual([]);
    expect(
      await db.selectFrom('uploads').select('hash').where('user_id', '=', userId).execute(),
    ).toEqual([]);
    // Accounting keeps the orders, with amounts, dates, status and payment ids.
    const orders = await db
      .selectFrom('orders')
      .innerJoin('users', 'users.id', 'orders.user_id')
      .select(['orders.status', 'orders.amount_paise', 'orders.payment_id', 'orders.data'])
      .where('users.subject', 'like', 'deleted:%')
      .execute();
    expect(orders).toHaveLength(2);
    for (const order of orders) {
      expect(order).toMatchObject({ status: 'paid', data: '{}' });
      expect(order.amount_paise).toBeGreaterThan(0);
      expect(order.payment_id).toBeTruthy();
    }
    // The other person is untouched, and signing in again starts a fresh, empty account.
    expect((await send(t, other, { path: '/api/account' })).status).toBe(200);
    const again = await signIn(t.url, { name: ownerName, email });
    expect((await account(t, again)).portfolios).toEqual([]);
  });
  it('fails an order still unpaid when the account is deleted: a late payment publishes nothing', async () => {
    const email = `late-${dialect}@example.com`;
    const jar = await signIn(t.url, { name: 'Late Payer', email });
    const username = uniqueName('late');
    const order = await send(t, jar, { path: '/create-order', body: orderBody(username) });
    const orderId = (order.body as { order_id: string }).order_id;
    const paid = await send(t, jar, { path: '/test-gateway/pay', body: { order_id: orderId } });
    const paymentId = (paid.body as { razorpay_payment_id: string }).razorpay_payment_id;
    const deleted = await send(t, jar, {
      method: 'DELETE',
      path: '/api/account',
      body: { confirmation: email },
    });
    expect(deleted.status).toBe(204);

    const body = JSON.stringify({
      event: 'payment.authorized',
      payload: { payment: { entity: { id: paymentId, order_id: orderId } } },
    });
    const hook = await fetch(`${t.url}/webhooks/razorpay`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': hmacHex(t.app.gateway.webhookSecret, body),
        'x-razorpay-event-id': `evt_late_${dialect}`,
      },
      body,
    });
    expect(hook.status).toBe(200);
    const row = await t.database.db
      .selectFrom('orders')
      .select(['status', 'username', 'data'])
      .where('gateway_order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'failed', username: '', data: '{}' });
    expect(
      await t.database.db
        .selectFrom('usernames')
        .select('username')
        .where('username', '=', '')
        .execute(),
    ).toEqual([]);
    expect(await publicStatus(t, username)).toBe(404);
    // Never captured, so the provider returns the money to the buyer by itself.
    expect((await t.app.gateway.fetchPayment(paymentId)).status).toBe('authorized');
  });
});

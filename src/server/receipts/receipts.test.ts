/**
 * Receipts and refunds through the real server, test gateway and both databases: a receipt for
 * each paid purchase, renewal and move, consecutive numbers under concurrent payments, the
 * financial year's turn, GST split by state, the page and PDF for the buyer only, the email's
 * link, and refunds that give the money back and end the year it paid for.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.js';
import { TEST_DIALECTS } from '../../../test/database.js';
import { send } from '../../../test/http.js';
import { orderBody, uniqueName } from '../../../test/orders.js';
import { mailsTo } from '../../../test/store.js';
import { CookieJar, request, signIn } from '../../../test/signin.js';
import { gstinProblem } from '../../shared/domain/receipts.js';
import { GRACE_DAYS, termEndFrom } from '../../shared/domain/term.js';
import type { ReceiptSummary } from '../../shared/orders.js';
import { publishPaidOrder } from '../orders/publish.service.js';
import { RefundRefused, refundOrder } from '../orders/refunds.service.js';
import { DAY_MS } from '../../shared/domain/time.js';

/** A valid GSTIN of `state` (its check character worked out by trying each). */
function gstinOf(state: string): string {
  const first14 = `${state}AAPFU0939F1Z`;
  for (const check of '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
    if (!gstinProblem(`${first14}${check}`)) return `${first14}${check}`;
  }
  throw new Error('no check character');
}

const SELLER_GSTIN = gstinOf('29');

describe.each(TEST_DIALECTS)('receipts and refunds on %s', (dialect) => {
  let buyer: CookieJar;
  let other: CookieJar;
  const email = `meher-${randomUUID()}@example.com`;

  const t = useTestApp(dialect, {
    SELLER_NAME: 'Folio Works LLP',
    SELLER_ADDRESS: '12 MG Road, Bengaluru 560001',
    SELLER_GSTIN,
  });
  beforeAll(async () => {
    buyer = await signIn(t.url, { name: 'Meher Das', email });
    other = await signIn(t.url, { name: 'Someone Else', email: `x-${randomUUID()}@example.com` });
  });

  /** Orders, pays at the test gateway and verifies; returns the verify answer's order id. */
  const buy = async (jar: CookieJar, body: Record<string, unknown>, path = '/create-order') => {
    const order = await send(t, jar, { path, body });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const orderId = (order.body as { order_id: string }).order_id;
    const paid = await send(t, jar, { path: '/test-gateway/pay', body: { order_id: orderId } });
    const verified = await send(t, jar, { path: '/verify-payment', body: paid.body });
    expect(verified.body).toMatchObject({ status: 'published' });
    return (verified.body as { orderId: string }).orderId;
  };
  const receiptRow = (orderId: string) =>
    t.database.db
      .selectFrom('receipts')
      .selectAll()
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();

  it('issues a receipt with a purchase: number, buyer, seller, term and GST, shown to its buyer only', async () => {
    const username = uniqueName('rc');
    const orderId = await buy(buyer, {
      ...orderBody(username),
      billing: { name: 'Das Studio', address: 'Andheri, Mumbai', gstin: gstinOf('27') },
    });
    const receipt = await receiptRow(orderId);
    expect(receipt.number).toMatch(/^PB\/\d{2}-\d{2}\/\d{6}$/);
    expect(receipt.number.length).toBeLessThanOrEqual(16);
    expect(receipt).toMatchObject({
      buyer_name: 'Meher Das',
      buyer_email: email,
      billing_name: 'Das Studio',
      seller_name: 'Folio Works LLP',
      seller_gstin: SELLER_GSTIN,
      username,
      cgst_paise: 0,
      sgst_paise: 0,
      tax_rate_percent: 18,
    });
    // Maharashtra buys from Karnataka: IGST; taxable + tax is the price.
    expect(receipt.taxable_paise! + receipt.igst_paise!).toBe(receipt.amount_paise);
    expect(receipt.term_to).toBe(termEndFrom(new Date(receipt.term_from)).toISOString());

    const summary = await send(t, buyer, { path: `/api/receipts/${orderId}` });
    expect(summary.body as ReceiptSummary).toMatchObject({
      number: receipt.number,
      amountPaise: receipt.amount_paise,
      url: `/receipts/${orderId}`,
    });
    const page = await request(buyer, `${t.url}/receipts/${orderId}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(receipt.number);
    expect(html).toContain('Tax invoice');
    expect(html).toContain('IGST 18%');
    expect(html).toContain('Place of supply: Maharashtra');
    const pdf = await request(buyer, `${t.url}/receipts/${orderId}.pdf`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.toString('latin1')).toContain(receipt.number);

    for (const path of [`/receipts/${orderId}`, `/receipts/${orderId}.pdf`]) {
      expect((await request(other, `${t.url}${path}`)).status).toBe(404);
      expect((await request(new CookieJar(), `${t.url}${path}`)).status).toBe(401);
    }
    // Signed out: nothing of the receipt, and a button to where signing in happens, which
    // comes back to this receipt (or its PDF).
    const signedOut = await (await request(new CookieJar(), `${t.url}/receipts/${orderId}`)).text();
    expect(signedOut).toContain(`<a class="button" href="/account?receipt=${orderId}">Sign in</a>`);
    const signedOutPdf = await (
      await request(new CookieJar(), `${t.url}/receipts/${orderId}.pdf`)
    ).text();
    expect(signedOutPdf).toContain(`href="/account?receipt=${orderId}&#38;format=pdf"`);
    expect(signedOut).not.toContain(receipt.number);
    expect((await send(t, other, { path: `/api/receipts/${orderId}` })).status).toBe(404);

    const mail = await mailsTo(t.database.db, email, 'Your portfolio is live');
    expect(mail.some((row) => row.text_body.includes(`/receipts/${orderId}`))).toBe(true);
  });

  it('splits CGST and SGST for a buyer in the seller’s state, and refuses a bad GSTIN naming it', async () => {
    const orderId = await buy(buyer, { ...orderBody(uniqueName('rk')), billing: { state: '29' } });
    const receipt = await receiptRow(orderId);
    expect(receipt.igst_paise).toBe(0);
    expect(receipt.cgst_paise! + receipt.sgst_paise! + receipt.taxable_paise!).toBe(
      receipt.amount_paise,
    );
    const bad = await send(t, buyer, {
      path: '/create-order',
      body: { ...orderBody(uniqueName('rb')), billing: { gstin: '29AAPFU0939F1Z0' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { field: 'billing.gstin' } });
  });

  it('numbers receipts consecutively under concurrent payments', async () => {
    const before = await t.database.db.selectFrom('receipts').select('number').execute();
    const people = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        signIn(t.url, { name: `Buyer ${index}`, email: `c${index}-${randomUUID()}@example.com` }),
      ),
    );
    await Promise.all(people.map((jar) => buy(jar, orderBody(uniqueName('cc')))));
    const numbers = (await t.database.db.selectFrom('receipts').select('number').execute())
      .map((row) => Number(row.number.split('/')[2]))
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: before.length + 8 }, (_, index) => index + 1));
  });

  it('starts the numbers again when India’s financial year turns', async () => {
    const jar = await signIn(t.url, { name: 'Year End', email: `ye-${randomUUID()}@example.com` });
    const numbersAt = async (at: string) => {
      const order = await send(t, jar, {
        path: '/create-order',
        body: orderBody(uniqueName('fy')),
      });
      const gatewayOrderId = (order.body as { order_id: string }).order_id;
      const row = await t.database.db
        .selectFrom('orders')
        .select('id')
        .where('gateway_order_id', '=', gatewayOrderId)
        .executeTakeFirstOrThrow();
      const result = await publishPaidOrder(
        { db: t.database.db, publicUrl: () => t.config.publicUrl, seller: t.config.seller },
        row.id,
        `pay_fy_${randomUUID()}`,
        new Date(at),
      );
      return result.status === 'published' ? result.receipt : undefined;
    };
    expect(await numbersAt('2031-03-31T18:29:00Z')).toMatch(/^PB\/30-31\/000001$/);
    expect(await numbersAt('2031-03-31T18:31:00Z')).toBe('PB/31-32/000001');
    expect(await numbersAt('2031-04-02T10:00:00Z')).toBe('PB/31-32/000002');
  });

  it('issues receipts for renewals too, and lists them on the account page', async () => {
    const username = uniqueName('rr');
    await buy(buyer, orderBody(username));
    const renewalId = await buy(
      buyer,
      { username, currency: 'INR', receipt: String(Date.now()) },
      '/api/renewals',
    );
    const receipt = await receiptRow(renewalId);
    expect(receipt.item).toContain('renewal');
    const account = await send(t, buyer, { path: '/api/account' });
    const orders = (
      account.body as { portfolios: { username: string; orders: { receiptNumber?: string }[] }[] }
    ).portfolios.find((portfolio) => portfolio.username === username)!.orders;
    expect(orders.map((order) => order.receiptNumber)).toContain(receipt.number);
  });

  it('refunds through the gateway: the first purchase goes offline at once, a renewal gives its year back, twice is refused', async () => {
    const ctx = { db: t.database.db, gateway: t.app.gateway, publicUrl: () => t.config.publicUrl };
    // A person with one portfolio (one per template: more purchases would lengthen its term).
    const refundEmail = `refund-${randomUUID()}@example.com`;
    const buyer = await signIn(t.url, { name: 'Refund Me', email: refundEmail });
    const username = uniqueName('rf');
    const purchaseId = await buy(buyer, orderBody(username));
    const portfolioOf = () =>
      t.database.db
        .selectFrom('usernames')
        .innerJoin('portfolios', 'portfolios.id', 'usernames.portfolio_id')
        .select('portfolios.paid_until')
        .where('usernames.username', '=', username)
        .executeTakeFirstOrThrow();
    const afterPurchase = (await portfolioOf()).paid_until;
    const renewalId = await buy(
      buyer,
      { username, currency: 'INR', receipt: String(Date.now()) },
      '/api/renewals',
    );

    const renewal = await refundOrder(ctx, (await receiptRow(renewalId)).number);
    expect(renewal.orderId).toBe(renewalId);
    expect((await portfolioOf()).paid_until).toBe(afterPurchase);
    const payment = await t.database.db
      .selectFrom('orders')
      .select(['status', 'payment_id'])
      .where('id', '=', renewalId)
      .executeTakeFirstOrThrow();
    expect(payment.status).toBe('refunded');
    expect((await t.app.gateway.fetchPayment(payment.payment_id!)).status).toBe('refunded');
    await expect(refundOrder(ctx, renewalId)).rejects.toThrow(RefundRefused);

    await refundOrder(ctx, purchaseId);
    const ended = Date.parse((await portfolioOf()).paid_until);
    expect(ended).toBeLessThan(Date.now() - GRACE_DAYS * DAY_MS);
    await t.app.storedPages.checkForChanges();
    const view = await fetch(`${t.url}/users/${username}`);
    await view.arrayBuffer();
    expect(view.status).toBe(410);
    const page = await (await request(buyer, `${t.url}/receipts/${purchaseId}`)).text();
    expect(page).toContain('Refunded on');
    const mails = await mailsTo(t.database.db, refundEmail, 'Your payment is refunded');
    expect(mails).toHaveLength(2);
    await expect(refundOrder(ctx, 'PB/99-00/999999')).rejects.toThrow('No order or receipt');
  });
  it('refuses to refund a purchase whose days priced down a later move, until the move is refunded', async () => {
    const ctx = { db: t.database.db, gateway: t.app.gateway, publicUrl: () => t.config.publicUrl };
    const mover = await signIn(t.url, {
      name: 'Mover',
      email: `mover-${randomUUID()}@example.com`,
    });
    const username = uniqueName('rm');
    const purchaseId = await buy(mover, orderBody(username, 'template2'));
    const moveId = await buy(mover, orderBody(username, 'template3'));
    const move = await t.database.db
      .selectFrom('orders')
      .select('proration_paise')
      .where('id', '=', moveId)
      .executeTakeFirstOrThrow();
    expect(move.proration_paise).toBeGreaterThan(0);
    await expect(refundOrder(ctx, purchaseId)).rejects.toThrow(`order ${moveId}`);
    const untouched = await t.database.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', purchaseId)
      .executeTakeFirstOrThrow();
    expect(untouched.status).toBe('paid');
    await refundOrder(ctx, moveId);
    await refundOrder(ctx, purchaseId);
    await t.app.storedPages.checkForChanges();
    const view = await fetch(`${t.url}/users/${username}`);
    await view.arrayBuffer();
    expect(view.status).toBe(410);
  });
});

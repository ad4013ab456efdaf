import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import { afterAll, describe, expect, it } from 'vitest';
import { SAMPLE_DATA } from '../src/shared/templates/registry.js';
import { seriousAxeViolations } from './axe.js';
import { useBrowser } from './browser.js';
import { serverDatabase, signInThroughPopup, storeDraft } from './fixtures.js';

describe('receipts in the browser', () => {
  const session = useBrowser();
  const db = serverDatabase();
  afterAll(async () => {
    await db.destroy();
  });

  it('pays with billing details, sees the order, amount and receipt on the thank-you page, opens the receipt and downloads its PDF', async () => {
    const run = randomUUID().slice(0, 8);
    const username = `receipt-${run}`;
    const page = await session.newPage({ width: 1280, height: 900 }, { bypassCSP: true });
    await storeDraft(page, { templateId: 'template4', data: SAMPLE_DATA.template4 });
    await page.goto('/final-preview');
    await signInThroughPopup(page, () => page.getByRole('button', { name: 'Sign In' }).click(), {
      name: 'Ritu Sen',
      email: `ritu-${run}@example.com`,
    });
    await page.getByLabel('Username').fill(username);
    await page.getByRole('button', { name: 'Use this username' }).click();
    await page.getByText(`/users/${username}`, { exact: false }).first().waitFor();

    await page.getByText('Add billing details for a GST invoice').click();
    await page.getByLabel('Name or business').fill('Sen Design Studio');
    await page.getByLabel('Address', { exact: true }).fill('পার্ক স্ট্রিট, Kolkata 700016');
    // The states by name, as people look for theirs: Andaman first, Delhi among the Ds.
    const states = await page
      .getByLabel('State')
      .locator('option')
      .evaluateAll((options) => options.map((option) => option.textContent ?? ''));
    expect(states.slice(0, 2)).toEqual(['Not given', 'Andaman and Nicobar Islands']);
    expect(states.slice(1)).toEqual(
      [...states.slice(1)].sort((a, b) => a.localeCompare(b, 'en-IN')),
    );
    await page.getByLabel('State').selectOption({ label: 'West Bengal' });
    await page.getByRole('button', { name: 'Make Payment' }).click();
    const checkout = page.getByRole('dialog', { name: 'Test payment' });
    await checkout.getByRole('button', { name: /^Pay ₹/ }).click();
    await page.waitForURL('**/ack');

    const line = page.locator('.ack__receipt');
    await line.waitFor();
    const order = await db
      .selectFrom('orders')
      .innerJoin('receipts', 'receipts.order_id', 'orders.id')
      .select(['orders.id', 'orders.gateway_order_id', 'orders.billing_state', 'receipts.number'])
      .where('orders.username', '=', username)
      .executeTakeFirstOrThrow();
    expect(order.billing_state).toBe('19');
    await expect(line.textContent()).resolves.toContain(order.gateway_order_id);
    await expect(line.textContent()).resolves.toMatch(/₹[\d,.]+ paid/);
    const link = line.getByRole('link', { name: `Receipt ${order.number}` });
    await link.focus();
    await link.click();
    await page.waitForURL(`**/receipts/${order.id}`);
    await page.getByText(order.number).first().waitFor();
    await expect(page.textContent('body')).resolves.toContain('Sen Design Studio');
    await expect(seriousAxeViolations(page, '.test-mode-notice')).resolves.toEqual([]);
    mkdirSync('test-results', { recursive: true });
    await page.screenshot({ path: 'test-results/receipt-1280.png', fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: 'test-results/receipt-375.png', fullPage: true });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`receipt-${order.number.replaceAll('/', '-')}.pdf`);
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // The built server finds its fonts in node_modules: the Bengali street and the rupee sign
    // come out of the PDF as letters.
    const document = await getDocument({ data: new Uint8Array(pdf) }).promise;
    const content = await (await document.getPage(1)).getTextContent();
    const text = content.items.map((item) => (item as TextItem).str).join('');
    expect(text).toContain('Sen Design Studio');
    expect(text).toContain('Kolkata 700016');
    expect(text).toMatch(/₹[\d,]+\.\d\d/);
    expect(text).not.toContain('?');
    for (const letter of 'পকস্টট') expect(text).toContain(letter);

    // The account card lists the order with its receipt, the amount written as everywhere else.
    await page.goto('/account');
    const card = page.getByRole('article', { name: username });
    await card.getByRole('button', { name: `Receipts of ${username}` }).click();
    const listed = card.getByRole('link', { name: `Receipt ${order.number}` });
    await expect(listed.textContent()).resolves.toMatch(/ · ₹[\d,]+(\.\d\d)?$/);
    await expect(listed.getAttribute('href')).resolves.toBe(`/receipts/${order.id}`);

    // The receipt's link opened in a browser that is not signed in: signing in from there
    // comes back to the receipt.
    session.allowConsoleError(/status of 401/);
    const signedOut = await session.newPage({ width: 375, height: 812 });
    await signedOut.goto(`/receipts/${order.id}`);
    await signedOut.getByRole('heading', { name: 'Sign in to see this receipt' }).waitFor();
    expect(await signedOut.textContent('body')).not.toContain('Sen Design Studio');
    await signedOut.getByRole('link', { name: 'Sign in' }).click();
    await signedOut.getByRole('heading', { name: 'Sign in to see your receipt' }).waitFor();
    await signInThroughPopup(
      signedOut,
      () => signedOut.getByRole('button', { name: 'Sign In' }).last().click(),
      { name: 'Ritu Sen', email: `ritu-${run}@example.com` },
    );
    await signedOut.waitForURL(`**/receipts/${order.id}`);
    await signedOut.getByText('Sen Design Studio').first().waitFor();
  });
});

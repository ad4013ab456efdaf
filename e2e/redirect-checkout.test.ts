import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { baseUrl, useBrowser } from './browser.js';
import { serverDatabase, signInThroughPopup } from './fixtures.js';
import { step } from './step.js';

/** Instagram's in-app browser on Android, where Razorpay's checkout frame does not run. */
const INSTAGRAM_UA =
  'Mozilla/5.0 (Linux; Android 13; SM-A536E Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 Instagram 309.1.0.41.113 Android (33/13; 450dpi; 1080x2177; samsung; SM-A536E; a53x; s5e8825; en_IN; 541635890)';

describe('paying from an in-app browser: the checkout redirect flow', () => {
  const session = useBrowser();
  const db = serverDatabase();
  afterAll(async () => {
    await db.destroy();
  });

  it("pays through the checkout's redirect to our callback, lands on the thank-you page, and the page is live", async () => {
    const run = randomUUID().slice(0, 8);
    const person = { name: 'Insta Buyer', email: `insta-${run}@example.com` };
    const username = `insta${run}`;
    const url = `${baseUrl()}/users/${username}`;
    const page = await session.newPage({ width: 1280, height: 900 }, { userAgent: INSTAGRAM_UA });

    await step('Sign in, select a template and open the final preview', async () => {
      await page.goto('/choose');
      await signInThroughPopup(
        page,
        () => page.getByRole('button', { name: 'Sign In' }).click(),
        person,
      );
      await page.getByText(`Welcome ${person.name.split(' ')[0]}!`).waitFor();
      await page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: 'Directive' }) })
        .getByRole('button', { name: 'Select Directive' })
        .click();
      await page.waitForURL('**/edit');
      // Select has put the draft in local storage: straight to the final preview.
      await page.goto('/final-preview');
      await page.getByRole('heading', { level: 1, name: 'Final preview' }).waitFor();
    });

    await step(
      'Pay: the checkout posts the form to the callback, which sends us to /ack',
      async () => {
        await page.getByLabel('Username').fill(username);
        await page.getByRole('button', { name: 'Make Payment' }).click();
        const dialog = page.getByRole('dialog', { name: 'Test payment' });
        await dialog.waitFor();
        const callback = page.waitForRequest(
          (request) => request.method() === 'POST' && request.url().endsWith('/payments/callback'),
        );
        await dialog.getByRole('button', { name: /^Pay ₹/ }).click();
        expect((await callback).headers()['content-type']).toBe(
          'application/x-www-form-urlencoded',
        );
        await page.waitForURL((address) => address.pathname === '/ack');
        await page.getByRole('heading', { name: 'Thank you!' }).waitFor();
        await expect(page.getByRole('link', { name: url }).getAttribute('href')).resolves.toBe(url);
        // After a redirect the address comes from the session, which loads after the heading.
        await page.getByText(person.email).waitFor();
      },
    );

    await step('The public page is live and the payment captured', async () => {
      expect((await fetch(url)).status).toBe(200);
      const order = await db
        .selectFrom('orders')
        .select(['status', 'payment_id'])
        .where('username', '=', username)
        .executeTakeFirstOrThrow();
      expect(order.status).toBe('paid');
      const payment = await db
        .selectFrom('test_gateway_payments')
        .select('status')
        .where('id', '=', order.payment_id!)
        .executeTakeFirstOrThrow();
      expect(payment.status).toBe('captured');
    });
  });
});

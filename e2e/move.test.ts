import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { bumpPageGeneration } from '../src/server/site/page-generation.repository.js';
import { discountedPaise, formatRupees } from '../src/shared/domain/price.js';
import { SAMPLE_DATA } from '../src/shared/templates/registry.js';
import { useBrowser } from './browser.js';
import { serverDatabase, signInThroughPopup, storeDraft } from './fixtures.js';
import { step } from './step.js';
import { DAY_MS } from '../src/shared/domain/time.js';

describe('moving a username to another template from the final preview', () => {
  const session = useBrowser();
  const db = serverDatabase();
  afterAll(async () => {
    await db.destroy();
  });

  it('shows the credit for the unused days before any checkout, charges the rest, and ends the old term', async () => {
    const run = randomUUID().slice(0, 8);
    const person = { name: 'Farah Khan', email: `farah-${run}@example.com` };
    const username = `farah-${run}`;
    const page = await session.newPage({ width: 1280, height: 900 });

    await step('signed in, with a Mini-port draft', async () => {
      await storeDraft(page, { templateId: 'template1', data: SAMPLE_DATA.template1 });
      await page.goto('/final-preview');
      await signInThroughPopup(
        page,
        () => page.getByRole('button', { name: 'Sign In' }).click(),
        person,
      );
      await page.getByText(`Welcome ${person.name.split(' ')[0]}!`).waitFor();
    });

    // Directive at this name, bought for ₹365.00 with 100 days of its year left: ₹100.00 unused.
    const oldPortfolio = randomUUID();
    await step('arranged: their Directive page at the name, paid for', async () => {
      const user = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', person.email)
        .executeTakeFirstOrThrow();
      const stamp = new Date().toISOString();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('portfolios')
          .values({
            id: oldPortfolio,
            user_id: user.id,
            template_id: 'template2',
            data: JSON.stringify(SAMPLE_DATA.template2),
            paid_until: new Date(Date.now() + 100 * DAY_MS + 60_000).toISOString(),
            created_at: stamp,
            updated_at: stamp,
          })
          .execute();
        await trx
          .insertInto('usernames')
          .values({
            username,
            user_id: user.id,
            portfolio_id: oldPortfolio,
            created_at: stamp,
            updated_at: stamp,
            unpublished_at: null,
          })
          .execute();
        await trx
          .insertInto('orders')
          .values({
            id: randomUUID(),
            gateway: 'test',
            gateway_order_id: `arranged_${run}`,
            user_id: user.id,
            template_id: 'template2',
            username,
            data: JSON.stringify(SAMPLE_DATA.template2),
            amount_paise: 36500,
            currency: 'INR',
            receipt: String(Date.now()),
            status: 'paid',
            payment_id: `arranged_pay_${run}`,
            credit_used_by_order_id: null,
            created_at: stamp,
            updated_at: stamp,
            paid_at: stamp,
          })
          .execute();
        await bumpPageGeneration(trx);
      });
    });

    const template = await db
      .selectFrom('templates')
      .select(['price_paise', 'discount_percent'])
      .where('id', '=', 'template1')
      .executeTakeFirstOrThrow();
    const price = discountedPaise(template.price_paise!, template.discount_percent);
    const toPay = formatRupees(price - 10000);

    await step('Make Payment without Submit: the breakdown first, no checkout', async () => {
      await page.getByLabel('Username').fill(username);
      await page.getByRole('button', { name: 'Make Payment' }).click();
      await page.getByText('Credit for 100 unused days of your current template').waitFor();
      await expect(page.locator('.fp-price__move').textContent()).resolves.toContain(
        `−₹100To pay now₹${toPay}`,
      );
      await page.getByRole('alert').filter({ hasText: 'Check the price, then press' }).waitFor();
      await expect(page.getByRole('dialog', { name: 'Test payment' }).count()).resolves.toBe(0);
    });

    await step(
      'Make Payment again: the rest is charged, the new page replaces the old',
      async () => {
        await page.getByRole('button', { name: 'Make Payment' }).click();
        const dialog = page.getByRole('dialog', { name: 'Test payment' });
        await dialog.getByRole('button', { name: `Pay ₹${toPay}`, exact: true }).click();
        await page.waitForURL('**/ack');
        const now = await db
          .selectFrom('usernames')
          .innerJoin('portfolios', 'portfolios.id', 'usernames.portfolio_id')
          .select(['portfolios.template_id'])
          .where('usernames.username', '=', username)
          .executeTakeFirstOrThrow();
        expect(now.template_id).toBe('template1');
        const old = await db
          .selectFrom('portfolios')
          .select('paid_until')
          .where('id', '=', oldPortfolio)
          .executeTakeFirstOrThrow();
        expect(Date.parse(old.paid_until)).toBeLessThanOrEqual(Date.now());
      },
    );
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { SAMPLE_DATA } from '../src/shared/templates/registry.js';
import { seriousAxeViolations } from './axe.js';
import { useBrowser } from './browser.js';
import { serverDatabase, signInThroughPopup, storeDraft, templateCard } from './fixtures.js';
import { step } from './step.js';

describe('billing details and amounts, as a buyer sees them', () => {
  const session = useBrowser();
  const db = serverDatabase();
  afterAll(async () => {
    await db.destroy();
  });

  it('groups a lakh-rupee price the Indian way, checks the GSTIN on leaving it, shows its state, and pays only once it is right', async () => {
    const run = randomUUID().slice(0, 8);
    const username = `gst-${run}`;
    const before = await db
      .selectFrom('templates')
      .select(['price_paise', 'discount_percent'])
      .where('id', '=', 'template4')
      .executeTakeFirstOrThrow();
    // ₹1,20,000 with 10 % off: ₹1,08,000, an amount that needs both a thousands and a lakh comma.
    await db
      .updateTable('templates')
      .set({ price_paise: 12_000_000, discount_percent: 10 })
      .where('id', '=', 'template4')
      .execute();
    try {
      const page = await session.newPage({ width: 1280, height: 900 }, { bypassCSP: true });

      await step('/choose writes the price with Indian grouping', async () => {
        await page.goto('/choose');
        const price = templateCard(page, 'Solid-State').locator('.template-card__price');
        await price.locator('s').waitFor();
        await expect(price.locator('s').textContent()).resolves.toBe('₹1,20,000');
        await expect(price.textContent()).resolves.toContain('₹1,08,000 / year');
      });

      await step('The final preview too, then the username', async () => {
        await storeDraft(page, { templateId: 'template4', data: SAMPLE_DATA.template4 });
        await page.goto('/final-preview');
        await expect.poll(() => page.locator('.fp-price__amount').textContent()).toBe('₹1,08,000');
        await expect(page.locator('.fp-price__was').textContent()).resolves.toContain('₹1,20,000');
        await signInThroughPopup(
          page,
          () => page.getByRole('button', { name: 'Sign In' }).click(),
          { name: 'Farhan Qureshi', email: `farhan-${run}@example.com` },
        );
        await page.getByLabel('Username').fill(username);
        await page.getByRole('button', { name: 'Use this username' }).click();
        await page.getByText(`/users/${username}`, { exact: false }).first().waitFor();
      });

      const gstin = page.getByLabel('GSTIN');
      // The message the field points to (the first of its aria-describedby), as read with it.
      const problem = {
        textContent: () =>
          gstin.evaluate((field) => {
            const [errorId] = (field.getAttribute('aria-describedby') ?? '').split(' ');
            return errorId ? (document.getElementById(errorId)?.textContent ?? null) : null;
          }),
      };
      const impliedState = page.locator('.billing__from-gstin');

      await step(
        'A short GSTIN is named as the person leaves the field, not while typing',
        async () => {
          await page.getByText('Add billing details for a GST invoice').click();
          // An example, said as one: not a number that reads as filled in already.
          await expect(gstin.getAttribute('placeholder')).resolves.toBe('e.g. 27AAPFU0939F1ZV');
          await expect(page.getByRole('combobox', { name: 'State' }).isVisible()).resolves.toBe(
            true,
          );
          await gstin.fill('27aapfu0939f1z');
          // Typed in capitals, and the state it names shown at once, where the list was.
          await expect(gstin.inputValue()).resolves.toBe('27AAPFU0939F1Z');
          await expect(impliedState.textContent()).resolves.toBe(
            'StateMaharashtra (code 27, from the GSTIN)',
          );
          await expect(page.getByRole('combobox', { name: 'State' }).count()).resolves.toBe(0);
          await expect(problem.textContent()).resolves.toBe('');
          await page.keyboard.press('Tab');
          await expect
            .poll(() => problem.textContent())
            .toBe('The GSTIN has 14 characters: a GSTIN has 15, like 27AAPFU0939F1ZV.');
          await expect(gstin.getAttribute('aria-invalid')).resolves.toBe('true');
          await expect(seriousAxeViolations(page, 'iframe')).resolves.toEqual([]);
        },
      );

      await step('Each mistake named; put right, the message goes as it is typed', async () => {
        await gstin.fill('27AAPFU0939F1ZW');
        await expect
          .poll(() => problem.textContent())
          .toBe(
            'The GSTIN has a wrong check character (its last character): please check it for a typo.',
          );
        await gstin.fill('99AAPFU0939F1ZV');
        await expect
          .poll(() => problem.textContent())
          .toBe('The GSTIN starts with 99, which is no GST state code.');
        await expect(impliedState.textContent()).resolves.toBe(
          'StateTaken from the GSTIN’s first two digits',
        );
        await gstin.fill('27AAPFU0939F1ZV');
        await expect.poll(() => problem.textContent()).toBe('');
        await expect(gstin.getAttribute('aria-invalid')).resolves.toBe('false');
        await expect(impliedState.textContent()).resolves.toBe(
          'StateMaharashtra (code 27, from the GSTIN)',
        );
      });

      await step(
        'Make Payment with it wrong, focus still in the field: no order, and it says why',
        async () => {
          await gstin.fill('27AAPFU0939F1Z');
          await expect(problem.textContent()).resolves.toBe('');
          // A click that leaves focus where it is (as Enter would): the field is never left.
          await page.getByRole('button', { name: 'Make Payment' }).dispatchEvent('click');
          await expect
            .poll(() => problem.textContent())
            .toBe('The GSTIN has 14 characters: a GSTIN has 15, like 27AAPFU0939F1ZV.');
          await expect(gstin.getAttribute('aria-invalid')).resolves.toBe('true');
          await expect
            .poll(() => page.evaluate(() => document.activeElement?.getAttribute('id')))
            .toBe(await gstin.getAttribute('id'));
          await expect(page.getByRole('dialog', { name: 'Test payment' }).count()).resolves.toBe(0);
          const orders = await db
            .selectFrom('orders')
            .select('id')
            .where('username', '=', username)
            .execute();
          expect(orders).toEqual([]);
        },
      );

      await step('Pasted with spaces, a GSTIN keeps all 15 characters', async () => {
        await gstin.fill('');
        await gstin.focus();
        await page.keyboard.insertText('27 AAPFU 0939F1ZV');
        await expect(gstin.inputValue()).resolves.toBe('27AAPFU0939F1ZV');
        await expect.poll(() => problem.textContent()).toBe('');
        await expect(gstin.getAttribute('aria-invalid')).resolves.toBe('false');
      });

      await step('Emptied, the GSTIN gives the list back, and the details stay open', async () => {
        await gstin.fill('');
        await page.getByRole('combobox', { name: 'State' }).waitFor();
        await expect(page.getByLabel('Name or business').isVisible()).resolves.toBe(true);
        await gstin.fill('27AAPFU0939F1ZV');
      });

      await step(
        'Right, it pays the grouped amount, and the state comes from the GSTIN',
        async () => {
          await page.getByRole('button', { name: 'Make Payment' }).click();
          const checkout = page.getByRole('dialog', { name: 'Test payment' });
          await checkout.getByRole('button', { name: 'Pay ₹1,08,000' }).click();
          await page.waitForURL('**/ack');
          const line = page.locator('.ack__receipt');
          await line.waitFor();
          await expect(line.textContent()).resolves.toContain('₹1,08,000 paid');
          const order = await db
            .selectFrom('orders')
            .select(['billing_gstin', 'billing_state', 'amount_paise'])
            .where('username', '=', username)
            .executeTakeFirstOrThrow();
          expect(order).toEqual({
            billing_gstin: '27AAPFU0939F1ZV',
            billing_state: '27',
            amount_paise: 10_800_000,
          });
        },
      );
    } finally {
      await db.updateTable('templates').set(before).where('id', '=', 'template4').execute();
    }
  });
});

import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './axe.js';
import { baseUrl, useBrowser } from './browser.js';
import { pressNext, serverDatabase, signInThroughPopup, storeDraft } from './fixtures.js';
import { step } from './step.js';

const PHONE_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/** Nothing on the page is wider than the window: no sideways scrolling. */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

const shot = async (page: Page, name: string) => {
  mkdirSync('test-results', { recursive: true });
  await page.screenshot({ path: `test-results/phone-${name}.png` });
};

describe('the whole builder on a phone', () => {
  const session = useBrowser();
  const db = serverDatabase();
  afterAll(async () => {
    await db.destroy();
  });

  it('goes from the landing page to a published portfolio at 375x812, by touch, without sideways scrolling', async () => {
    const run = randomUUID().slice(0, 8);
    const username = `phone-${run}`;
    const page = await session.newPage(
      { width: 375, height: 812 },
      { userAgent: PHONE_AGENT, bypassCSP: true, hasTouch: true, isMobile: true },
    );
    let field!: ReturnType<Page['getByLabel']>;

    await step('Landing page and /choose', async () => {
      await page.goto('/');
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      await page.getByRole('link', { name: 'Get Started' }).first().tap();
      await page.waitForURL('**/choose');
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    });

    await step(
      'Sign In (the popup is a new tab on a phone), then Select opens the editor',
      async () => {
        await signInThroughPopup(
          page,
          () => page.getByRole('button', { name: 'Sign In' }).first().tap(),
          // Long enough to wrap on the thank-you page.
          { name: 'Nila Menon', email: `nila.menon-venkatasubramanian-${run}@example.com` },
        );
        await expect.poll(() => page.getByRole('button', { name: 'Sign In' }).count()).toBe(0);
        await page.getByRole('button', { name: 'Select Mini-port' }).tap();
        await page.waitForURL('**/edit');
        await page.locator('#editor-step-heading').waitFor();
        expect(new URL(page.url()).pathname).toBe('/edit');
        expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
        // The form fills the screen; the preview waits behind the Preview button.
        await expect(page.getByTitle(/Live preview of your/).isVisible()).resolves.toBe(false);
        // The bar keeps to one row: the draft's actions fold behind More.
        const bar = (await page.locator('.editor__bar').boundingBox())!;
        expect(bar.height).toBeLessThanOrEqual(64);
        await expect(
          page.getByRole('menuitem', { name: 'Clear this draft' }).isVisible(),
        ).resolves.toBe(false);
        const more = page.getByRole('button', { name: 'More draft actions' });
        expect((await more.boundingBox())!.height).toBeGreaterThanOrEqual(44);
        await more.tap();
        await expect(more.getAttribute('aria-expanded')).resolves.toBe('true');
        // Change template is in the menu too: the bar has no room for it.
        await page.getByRole('menuitem', { name: 'Change template' }).waitFor();
        const clear = page.getByRole('menuitem', { name: 'Clear this draft' });
        const clearBox = (await clear.boundingBox())!;
        expect(clearBox.height).toBeGreaterThanOrEqual(44);
        expect(clearBox.x + clearBox.width).toBeLessThanOrEqual(375);
        await shot(page, 'editor-more');
        await page.keyboard.press('Escape');
        await expect(clear.isVisible()).resolves.toBe(false);
        await expect(more.evaluate((b) => b === document.activeElement)).resolves.toBe(true);
        await shot(page, 'editor');
      },
    );

    await step('Typing, then the preview full screen, then back to the same field', async () => {
      field = page.getByLabel('Name', { exact: true });
      await field.tap();
      await field.fill('Nila Menon');
      await page.getByRole('button', { name: 'Preview' }).tap();
      const dialog = page.getByRole('dialog', { name: 'Preview of your portfolio' });
      await dialog.waitFor();
      const frame = page.frameLocator('iframe[title^="Live preview"]');
      await frame.getByText('Nila Menon').first().waitFor();
      const box = (await page.getByTitle(/Live preview of your/).boundingBox())!;
      expect(box.width).toBeGreaterThan(370);
      await expect(
        page
          .getByRole('button', { name: 'Back to editing' })
          .evaluate((b) => b === document.activeElement),
      ).resolves.toBe(true);
      await shot(page, 'preview');
      await page.getByRole('button', { name: 'Back to editing' }).tap();
      await expect(dialog.count()).resolves.toBe(0);
      await expect
        .poll(() => field.evaluate((input) => input === document.activeElement))
        .toBe(true);
    });

    await step('Every step, then Review and publish', async () => {
      for (let count = 0; count < 6; count += 1) {
        const next = page.getByRole('button', { name: /^Next/ });
        // The contact step, the one before the look, is checked below.
        if ((await page.locator('#editor-step-heading').textContent()) === 'Contact details') break;
        if (!(await next.isVisible())) break;
        await pressNext(page, (button) => button.tap());
        expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      }
      // Email and phone fields bring up the matching keyboard.
      await expect(
        page.getByLabel('Email', { exact: true }).getAttribute('inputmode'),
      ).resolves.toBe('email');
      await expect(page.getByLabel('Phone', { exact: true }).getAttribute('type')).resolves.toBe(
        'tel',
      );
      await expect(seriousAxeViolations(page, 'iframe')).resolves.toEqual([]);
      await pressNext(page, (button) => button.tap());
      await page.getByRole('heading', { level: 2, name: 'Colours and type' }).waitFor();
      await page.getByRole('radiogroup', { name: /Accent/ }).waitFor();
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      await expect(seriousAxeViolations(page, 'iframe')).resolves.toEqual([]);
      await page.getByRole('button', { name: 'Review and publish' }).tap();
      await page.waitForURL('**/final-preview');
      await page.getByRole('heading', { level: 1, name: 'Final preview' }).waitFor();
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    });

    await step(
      'Username, Submit and Make Payment within a thumb, then the test checkout',
      async () => {
        const input = page.getByLabel('Username');
        await input.tap();
        await input.fill(username);
        const submit = page.getByRole('button', { name: 'Use this username' });
        const submitBox = (await submit.boundingBox())!;
        expect(submitBox.x + submitBox.width).toBeLessThanOrEqual(375);
        await submit.tap();
        await page.getByText(`${baseUrl()}/users/${username}`, { exact: true }).waitFor();
        await expect(seriousAxeViolations(page, 'iframe')).resolves.toEqual([]);
        await shot(page, 'final-preview');
        await page.getByRole('button', { name: 'Make Payment' }).tap();
        const checkout = page.getByRole('dialog', { name: 'Test payment' });
        await checkout.waitFor();
        const checkoutBox = (await checkout.boundingBox())!;
        expect(checkoutBox.width).toBeLessThanOrEqual(375);
        await shot(page, 'checkout');
        await checkout.getByRole('button', { name: /^Pay ₹/ }).tap();
        await page.waitForURL('**/ack');
        await page.getByRole('heading', { name: 'Thank you!' }).waitFor();
        expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
        // The email wraps only after a dot or hyphen of its name, or before the "@".
        const lineEnds = await page.locator('.ack__email').evaluate((email) => {
          const text = email.textContent ?? '';
          const walker = document.createTreeWalker(email, NodeFilter.SHOW_TEXT);
          const tops: { char: string; top: number }[] = [];
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            for (let i = 0; i < (node.textContent ?? '').length; i += 1) {
              const range = document.createRange();
              range.setStart(node, i);
              range.setEnd(node, i + 1);
              tops.push({ char: node.textContent![i]!, top: range.getBoundingClientRect().top });
            }
          }
          const ends = tops.flatMap((at, i) =>
            i + 1 < tops.length && tops[i + 1]!.top > at.top + 1
              ? [`${at.char}|${tops[i + 1]!.char}`]
              : [],
          );
          return { text, ends };
        });
        expect(lineEnds.text).toContain('@example.com');
        expect(lineEnds.ends.length).toBeGreaterThan(0);
        for (const end of lineEnds.ends) expect(end).toMatch(/^[.-]\||\|@$/);
        // What was paid on one line.
        await page.locator('.ack__paid').waitFor();
        await expect(
          page.locator('.ack__paid').evaluate((paid) => paid.getClientRects().length),
        ).resolves.toBe(1);
        await shot(page, 'thank-you');
      },
    );

    await step('Published: the page itself, on the phone', async () => {
      const row = await db
        .selectFrom('usernames')
        .select('username')
        .where('username', '=', username)
        .executeTakeFirst();
      expect(row).toEqual({ username });
      await page.goto(`/users/${username}`);
      await page.getByText('Nila Menon').first().waitFor();
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    });
  });

  it.each([768, 1024])(
    'keeps the form beside its preview at %i px, with nothing overflowing',
    async (width) => {
      const page = await session.newPage({ width, height: 1024 });
      const template = await (await fetch(`${baseUrl()}/api/templates/template3`)).json();
      await storeDraft(page, {
        templateId: 'template3',
        data: (template as { data: unknown }).data,
      });
      await page.goto('/edit');
      await page.locator('#editor-step-heading').waitFor();
      await expect(page.getByTitle(/Live preview of your/).isVisible()).resolves.toBe(true);
      await expect(
        page.getByRole('button', { name: 'Preview', exact: true }).isVisible(),
      ).resolves.toBe(false);
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      // The step buttons stay on the screen, under the test-mode strip too.
      const next = (await page.getByRole('button', { name: /^Next/ }).boundingBox())!;
      expect(next.y + next.height).toBeLessThanOrEqual(1024);
      await page.goto('/final-preview');
      await page.getByRole('heading', { level: 1, name: 'Final preview' }).waitFor();
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      await shot(page, `final-preview-${width}`);
    },
  );
});

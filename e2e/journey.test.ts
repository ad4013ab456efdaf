import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { discountedPaise, formatRupees } from '../src/shared/domain/price.js';
import { USERNAME_TAKEN_MESSAGE } from '../src/shared/orders.js';
import { SAMPLE_DATA } from '../src/shared/templates/registry.js';
import { seriousAxeViolations } from './axe.js';
import { baseUrl, useBrowser } from './browser.js';
import {
  pressNext,
  serverDatabase,
  signInThroughPopup,
  storeDraft,
  templateCard,
} from './fixtures.js';
import { step } from './step.js';

/** Serious and critical axe violations on the page, outside the preview frame. */
const axeViolations = (page: Page) => seriousAxeViolations(page, 'iframe');

const alertWith = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/**
 * From the editor to the final preview the way a person goes: Next through the steps, then
 * Review and publish. Until the editor has that button, straight to /final-preview (the
 * draft is already in local storage once Select has run).
 */
async function goToFinalPreview(page: Page): Promise<void> {
  await page.waitForURL('**/edit');
  const seePreview = page.getByRole('button', { name: 'Review and publish' });
  const next = page.getByRole('button', { name: /^Next\b/ });
  // The editor's chunk loads after the address changes.
  await next.or(seePreview).first().waitFor();
  for (let step = 0; step < 6; step += 1) {
    if (await seePreview.isVisible()) {
      await Promise.all([page.waitForURL('**/final-preview'), seePreview.click()]);
      break;
    }
    if (!(await next.isVisible())) break;
    await pressNext(page, (button) => button.click());
  }
  expect(new URL(page.url()).pathname).toBe('/final-preview');
  await page.getByRole('heading', { level: 1, name: 'Final preview' }).waitFor();
}

describe('the journey: claim a username, pay with the test gateway, publish', () => {
  const session = useBrowser();
  const db = serverDatabase();
  afterAll(async () => {
    await db.destroy();
  });

  const usernameRow = (username: string) =>
    db.selectFrom('usernames').selectAll().where('username', '=', username).executeTakeFirst();

  it('signs in, selects, previews, claims, survives a failed payment, pays, is thanked and goes on to Update; updates for free; another template there is a new purchase; keeps the name from another user', async () => {
    const run = randomUUID().slice(0, 8);
    const asha = { name: 'Asha Rao', email: `asha-${run}@example.com` };
    const typed = `Asha-${run}`;
    const username = typed.toLowerCase();
    const url = `${baseUrl()}/users/${username}`;
    const directive = await db
      .selectFrom('templates')
      .select(['price_paise', 'discount_percent'])
      .where('id', '=', 'template2')
      .executeTakeFirstOrThrow();
    const rupees = formatRupees(
      discountedPaise(directive.price_paise ?? 0, directive.discount_percent),
    );

    let page!: Page;
    let field!: Locator;
    let dialog!: Locator;
    let update!: Locator;

    await step(
      'Select, signed out: no sign-in yet, the draft goes to local storage and the editor opens',
      async () => {
        page = await session.newPage({ width: 1280, height: 900 });
        const popups: string[] = [];
        page.context().on('page', (opened) => popups.push(opened.url()));
        await page.goto('/choose');
        await templateCard(page, 'Directive')
          .getByRole('button', { name: 'Select Directive' })
          .click();
        await goToFinalPreview(page);
        expect(popups).toEqual([]);
        await page.getByRole('button', { name: 'Sign In' }).waitFor();
      },
    );

    await step('The preview is the draft, rendered by /edit-template2 in a frame', async () => {
      const preview = page.getByTitle('Preview of your portfolio');
      await expect(preview.getAttribute('src')).resolves.toBe('/edit-template2');
      await page
        .frameLocator('iframe[title="Preview of your portfolio"]')
        .getByText(SAMPLE_DATA.template2.personalDetails.name)
        .first()
        .waitFor();
      await expect(page.getByText(`₹${rupees}`).first().isVisible()).resolves.toBe(true);
    });

    await step("SPEC section 5's two alerts, on the page", async () => {
      field = page.getByLabel('Username');
      await expect(field.inputValue()).resolves.toBe('');
      await page.getByRole('button', { name: 'Use this username' }).click();
      await alertWith(page, 'Please provide a username').first().waitFor();
      await page.getByRole('button', { name: 'Make Payment' }).click();
      await alertWith(page, 'Please provide a username to deploy your website').waitFor();
    });

    await step('A name kept for the service is refused once, under the field', async () => {
      await field.fill('admin');
      await page.getByRole('button', { name: 'Use this username' }).click();
      await page.getByText('This username is kept for the service itself.').waitFor();
      await expect(alertWith(page, 'kept for the service').count()).resolves.toBe(0);
      await expect(page.getByText('kept for the service').count()).resolves.toBe(1);
      await field.fill('');
    });

    await step('Lowercased as typed, with the rule shown meanwhile', async () => {
      await field.pressSequentially(typed.slice(0, 2));
      await expect(field.inputValue()).resolves.toBe(username.slice(0, 2));
      await expect(
        page.getByText('A username needs at least 3 characters.').isVisible(),
      ).resolves.toBe(true);
      await field.pressSequentially(typed.slice(2));
      await expect(field.inputValue()).resolves.toBe(username);
      // The payment's alert was about the empty name: typing one takes it away.
      await alertWith(page, 'Please provide a username to deploy your website').waitFor({
        state: 'detached',
      });
    });

    await step('Submit signs in, then: free, with the final URL and a way back', async () => {
      await signInThroughPopup(
        page,
        () => page.getByRole('button', { name: 'Use this username' }).click(),
        asha,
      );
      await page.getByText(url, { exact: true }).waitFor();
      await page.getByText('Welcome Asha!').waitFor();
      await page.getByRole('button', { name: 'Change' }).click();
      await expect(field.inputValue()).resolves.toBe(username);
      await page.getByRole('button', { name: 'Use this username' }).click();
      await page.getByText(url, { exact: true }).waitFor();
    });

    await step(
      'The test checkout, failing on purpose: the description is shown, nothing is published',
      async () => {
        await page.getByRole('button', { name: 'Make Payment' }).click();
        dialog = page.getByRole('dialog', { name: 'Test payment' });
        await dialog.waitFor();
        await expect(dialog.textContent()).resolves.toContain('no money moves');
        await expect(
          dialog.getByRole('button', { name: `Pay ₹${rupees}`, exact: true }).isVisible(),
        ).resolves.toBe(true);
        await dialog.getByRole('button', { name: 'Fail payment' }).click();
        await dialog.waitFor({ state: 'detached' });
        const failure = alertWith(page, 'The payment failed');
        await failure.waitFor();
        await expect(failure.textContent()).resolves.toMatch(/declined/i);
        await expect(usernameRow(username)).resolves.toBeUndefined();
      },
    );

    await step('Escape dismisses the checkout; nothing happens', async () => {
      await page.getByRole('button', { name: 'Make Payment' }).click();
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect(usernameRow(username)).resolves.toBeUndefined();
    });

    await step(
      'Pay: published and thanked, with the link to open, copy and scan, and what comes next',
      async () => {
        await page.getByRole('button', { name: 'Make Payment' }).click();
        await dialog.getByRole('button', { name: `Pay ₹${rupees}`, exact: true }).click();
        await page.waitForURL('**/ack');
        await page.getByRole('heading', { name: 'Thank you!' }).waitFor();
        await expect(page.getByText(asha.email).isVisible()).resolves.toBe(true);
        // The name paid for is the page's: no longer kept as one being chosen.
        await expect(
          page.evaluate(() =>
            Object.keys(window.localStorage).filter((key) =>
              key.startsWith('finalPreviewUsername:'),
            ),
          ),
        ).resolves.toEqual([]);
        await expect(page.getByRole('link', { name: url }).getAttribute('href')).resolves.toBe(url);
        await expect(
          page.getByRole('link', { name: 'View your portfolio' }).getAttribute('href'),
        ).resolves.toBe(url);
        // Where the new page's visitors, receipt and sharing are.
        await expect(
          page.getByRole('main').getByRole('link', { name: 'My portfolios' }).getAttribute('href'),
        ).resolves.toBe('/account');
        await expect(usernameRow(username)).resolves.toMatchObject({ username });
        const mail = await db
          .selectFrom('email_outbox')
          .select(['text_body'])
          .where('to_address', '=', asha.email)
          .execute();
        expect(mail.some((message) => message.text_body.includes(url))).toBe(true);

        // The page stays: no countdown takes the person away from their new page's link.
        await expect(page.getByRole('timer').count()).resolves.toBe(0);
        await page
          .context()
          .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
        await page.getByRole('button', { name: 'Copy link' }).click();
        await expect.poll(() => page.getByRole('status').last().textContent()).toBe('Link copied.');
        await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(url);
        const qr = page.getByRole('img', { name: `QR code of ${url}` });
        await expect
          .poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
          .toBe(true);

        await page.getByRole('link', { name: 'Build another portfolio' }).click();
        await page.waitForURL('**/choose');
        update = templateCard(page, 'Directive').getByRole('button', { name: 'Update Directive' });
        await update.waitFor();
      },
    );

    await step(
      'The draft just paid for is the live page: its final preview updates it',
      async () => {
        await page.goto('/final-preview');
        await page.getByRole('button', { name: 'Publish changes' }).waitFor();
        await expect(page.getByLabel('Username').inputValue()).resolves.toBe(username);
        await expect(page.getByRole('button', { name: 'Make Payment' }).count()).resolves.toBe(0);
        await page.goto('/choose');
        update = templateCard(page, 'Directive').getByRole('button', { name: 'Update Directive' });
        await update.waitFor();
      },
    );

    await step('Update opens the live page for a free update at its own address', async () => {
      await update.click();
      await goToFinalPreview(page);
      await expect(page.getByLabel('Username').inputValue()).resolves.toBe(username);
      await expect(page.getByRole('button', { name: 'Make Payment' }).count()).resolves.toBe(0);
      await page.getByRole('button', { name: 'Publish changes' }).click();
      const confirm = page.getByRole('dialog', { name: 'Publish these changes?' });
      await expect(confirm.textContent()).resolves.toContain(url.replace(/^https?:\/\//, ''));
      await confirm.getByRole('button', { name: 'Publish changes now' }).click();
      await page.getByText('Your changes are live. No payment was needed.').waitFor();
      await expect(page.getByRole('link', { name: url }).isVisible()).resolves.toBe(true);
    });

    await step("Typing one's own name on a fresh final preview asks before updating", async () => {
      await page.getByRole('button', { name: 'Publish this under another address' }).click();
      await page.getByLabel('Username').fill(username);
      await page.getByRole('button', { name: 'Use this username' }).click();
      // The person's own page changes at once: Submit asks first.
      const confirm = page.getByRole('dialog', { name: 'Update your page now?' });
      await expect(confirm.textContent()).resolves.toContain(url.replace(/^https?:\/\/[^/]+/, ''));
      await confirm.getByRole('button', { name: 'Update my page' }).click();
      await page.getByText('has been updated').waitFor();
      await expect(page.getByRole('link', { name: url }).isVisible()).resolves.toBe(true);
      await expect(page.getByRole('button', { name: 'Make Payment' }).isDisabled()).resolves.toBe(
        true,
      );
    });

    await step(
      'Another template at the same name is a new purchase less the unused days, and the page says so',
      async () => {
        await page.goto('/choose');
        await templateCard(page, 'Mini-port')
          .getByRole('button', { name: 'Select Mini-port' })
          .click();
        await goToFinalPreview(page);
        await page.getByLabel('Username').fill(username);
        await page.getByRole('button', { name: 'Use this username' }).click();
        await page.getByText('Publishing this template there replaces it').waitFor();
        // Directive was paid a moment ago: all but the current day of its year is credited.
        await page.getByText('Credit for 364 unused days of your current template').waitFor();
        await expect(page.getByRole('button', { name: 'Make Payment' }).isEnabled()).resolves.toBe(
          true,
        );
      },
    );

    await step(
      'Someone else cannot have it, whether checking or paying (the browser logs the 409s)',
      async () => {
        session.allowConsoleError(/status of 409 \(Conflict\)/);
        const other = await session.newPage({ width: 1280, height: 900 });
        await other.goto('/choose');
        await signInThroughPopup(
          other,
          () => other.getByRole('button', { name: 'Sign In' }).click(),
          { name: 'Ravi Menon', email: `ravi-${run}@example.com` },
        );
        await other.getByText('Welcome Ravi!').waitFor();
        await templateCard(other, 'Directive')
          .getByRole('button', { name: 'Select Directive' })
          .click();
        await goToFinalPreview(other);
        await other.getByLabel('Username').fill(username);
        await other.getByRole('button', { name: 'Use this username' }).click();
        await alertWith(other, USERNAME_TAKEN_MESSAGE).waitFor();
        await other.getByRole('button', { name: 'Make Payment' }).click();
        await alertWith(other, USERNAME_TAKEN_MESSAGE).last().waitFor();
        await expect(other.getByRole('dialog').count()).resolves.toBe(0);
      },
    );
  }, 120_000);

  it('signs in from Submit and carries on; the pages and the test checkout are accessible and keyboard-only', async () => {
    const run = randomUUID().slice(0, 8);
    const page = await session.newPage({ width: 1280, height: 900 }, { bypassCSP: true });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await storeDraft(page, { templateId: 'template1', data: SAMPLE_DATA.template1 });
    await page.goto('/final-preview');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await expect(axeViolations(page)).resolves.toEqual([]);

    // Signed out: Submit opens the sign-in, then checks the name.
    const username = `kiran-${run}`;
    await page.getByLabel('Username').fill(username);
    await signInThroughPopup(
      page,
      () => page.getByRole('button', { name: 'Use this username' }).click(),
      {
        name: 'Kiran Das',
        email: `kiran-${run}@example.com`,
      },
    );
    await page.getByText(`${baseUrl()}/users/${username}`, { exact: true }).waitFor();
    await page.getByText('Welcome Kiran!').waitFor();
    await expect(axeViolations(page)).resolves.toEqual([]);

    // The checkout by keyboard: it takes focus, keeps Tab inside, and Escape closes it.
    const pay = page.getByRole('button', { name: 'Make Payment' });
    await pay.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Test payment' });
    await dialog.waitFor();
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement;
        return element?.closest('dialog') ? element.textContent : `outside: ${element?.tagName}`;
      });
    await expect(focused()).resolves.toMatch(/^Pay ₹/);
    await expect(axeViolations(page)).resolves.toEqual([]);
    for (const expected of ['Fail payment', 'Cancel', /^Pay ₹/]) {
      await page.keyboard.press('Tab');
      await expect(focused()).resolves.toMatch(expected);
    }
    await page.keyboard.press('Shift+Tab');
    await expect(focused()).resolves.toBe('Cancel');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(
      'Make Payment',
    );

    await page.goto('/ack');
    await page.getByRole('heading', { name: 'Thank you!' }).waitFor();
    await page.getByText(`kiran-${run}@example.com`).waitFor();
    await expect(axeViolations(page)).resolves.toEqual([]);
  });

  it("names the parts still showing the template's sample before payment, and leads back to them", async () => {
    const page = await session.newPage({ width: 1280, height: 900 }, { bypassCSP: true });
    const sample = SAMPLE_DATA.template1;
    const draft = {
      templateId: 'template1',
      data: { ...sample, personalDetails: { ...sample.personalDetails, name: 'Asha Rao' } },
    };
    await storeDraft(page, draft);
    await page.goto('/final-preview');
    const warning = page.getByRole('region', { name: /parts still show the sample/ });
    await warning.waitFor();
    const text = await warning.textContent();
    expect(text).toContain('Intro');
    expect(text).toContain('Phone');
    expect(text).toContain('Social links');
    expect(text).not.toMatch(/\bName\b/);
    await expect(axeViolations(page)).resolves.toEqual([]);
    await warning.getByRole('link', { name: 'Replace them' }).click();
    await page.waitForURL('**/edit');
    await page.getByLabel('Intro', { exact: true }).waitFor();
  });

  it('keeps the username being chosen across a reload of the final preview', async () => {
    const page = await session.newPage({ width: 1280, height: 900 });
    await storeDraft(page, { templateId: 'template2', data: SAMPLE_DATA.template2 });
    await page.goto('/final-preview');
    await page.getByLabel('Username').fill('Keep-Me-Here');
    await page.reload();
    // Typed as it will be used (lowercase), and still there.
    await expect.poll(() => page.getByLabel('Username').inputValue()).toBe('keep-me-here');
    // Another tab, or coming back another day: this browser still has it.
    const other = await page.context().newPage();
    await other.goto('/final-preview');
    await expect.poll(() => other.getByLabel('Username').inputValue()).toBe('keep-me-here');
    await other.close();
    // A name typed with a space keeps its words apart, as the hint says.
    await page.getByLabel('Username').fill('');
    await page.getByLabel('Username').pressSequentially('Arjun Rao');
    await expect.poll(() => page.getByLabel('Username').inputValue()).toBe('arjun-rao');
    await expect(page.getByText('spaces hyphens').isVisible()).resolves.toBe(true);
  });

  it('shows a checked username as checked after a reload, until the name changes', async () => {
    const page = await session.newPage({ width: 1280, height: 900 });
    const name = `kept-${randomUUID().slice(0, 8)}`;
    await storeDraft(page, { templateId: 'template3', data: SAMPLE_DATA.template3 });
    await page.goto('/final-preview');
    await page.getByLabel('Username').fill(name);
    await signInThroughPopup(
      page,
      () => page.getByRole('button', { name: 'Use this username' }).click(),
      { name: 'Kiran Das', email: `${name}@example.com` },
    );
    const answer = page.getByText(`${name} is available`);
    await answer.waitFor();
    await page.reload();
    // The answer is shown again, and the field that would ask again is not.
    await answer.waitFor();
    await expect(page.getByRole('button', { name: 'Make Payment' }).isEnabled()).resolves.toBe(
      true,
    );
    await expect(page.getByLabel('Username').count()).resolves.toBe(0);
    // Change forgets it: the next reload asks again.
    await page.getByRole('button', { name: 'Change' }).click();
    await page.reload();
    await expect.poll(() => page.getByLabel('Username').inputValue()).toBe(name);
    await expect(answer.count()).resolves.toBe(0);
  });

  it('shows a friendly way back to /choose when there is no draft', async () => {
    const page = await session.newPage({ width: 1280, height: 800 });
    await page.goto('/final-preview');
    await page.getByRole('heading', { name: 'Nothing to publish yet' }).waitFor();
    await expect(
      page.getByRole('link', { name: 'Pick a template' }).getAttribute('href'),
    ).resolves.toBe('/choose');
  });

  it('thanks on a direct load of /ack too, and stays', async () => {
    const page = await session.newPage({ width: 1280, height: 800 });
    await page.goto('/ack');
    await page.getByRole('heading', { name: 'Thank you!' }).waitFor();
    await expect(
      page.getByRole('link', { name: 'Pick a template' }).getAttribute('href'),
    ).resolves.toBe('/choose');
    // Signed out, the way to My portfolios is its sign-in (e2e/ack.test.ts follows it).
    await page.getByRole('button', { name: 'Sign in to My portfolios' }).waitFor();
    await expect(page.getByRole('timer').count()).resolves.toBe(0);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { bumpPageGeneration } from '../src/server/site/page-generation.repository.js';
import { discountedPaise, formatRupees } from '../src/shared/domain/price.js';
import { formatTermDate, GRACE_DAYS, termEndFrom } from '../src/shared/domain/term.js';
import { renewPath } from '../src/shared/routes.js';
import { SAMPLE_DATA } from '../src/shared/templates/registry.js';
import { seriousAxeViolations } from './axe.js';
import { baseUrl, useBrowser } from './browser.js';
import { publishDirectly } from '../test/publish-directly.js';
import { serverDatabase, signInOnAccountPage, signInThroughPopup } from './fixtures.js';
import { step } from './step.js';
import { DAY_MS } from '../src/shared/domain/time.js';

describe('renewing a portfolio from its renew page with the test gateway', () => {
  const session = useBrowser();
  const db = serverDatabase();
  afterAll(async () => {
    await db.destroy();
  });

  it('asks a signed-out visitor to sign in, quotes the price and both dates, pays, and brings an offline page back', async () => {
    const run = randomUUID().slice(0, 8);
    const person = { name: 'Meera Nair', email: `meera-${run}@example.com` };
    const username = `meera-${run}`;
    // bypassCSP: axe is injected into the page.
    const page = await session.newPage({ width: 1280, height: 900 }, { bypassCSP: true });
    // The quote answers 404 until the portfolio exists.
    session.allowConsoleError(/status of 404 \(Not Found\)/);

    await step('signed out: a sign-in prompt, then no portfolio of theirs yet', async () => {
      await page.goto(renewPath(username));
      await expect(page.title()).resolves.toBe('Renew your portfolio · Online Portfolio Builder');
      await page.getByRole('heading', { name: `Renew ${username}` }).waitFor();
      await signInThroughPopup(
        page,
        () => page.getByRole('button', { name: 'Sign in to renew' }).click(),
        person,
      );
      await page.getByRole('alert').filter({ hasText: 'You have no portfolio at' }).waitFor();
    });

    // The page went offline 10 days ago: the end of its grace period is behind it.
    const paidUntil = new Date(Date.now() - (GRACE_DAYS + 10) * DAY_MS);
    await step('arranged: a published template2 portfolio of theirs, offline', async () => {
      const user = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', person.email)
        .executeTakeFirstOrThrow();
      const portfolioId = randomUUID();
      const stamp = new Date().toISOString();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('portfolios')
          .values({
            id: portfolioId,
            user_id: user.id,
            template_id: 'template2',
            data: JSON.stringify(SAMPLE_DATA.template2),
            paid_until: paidUntil.toISOString(),
            created_at: stamp,
            updated_at: stamp,
          })
          .execute();
        await trx
          .insertInto('usernames')
          .values({
            username,
            user_id: user.id,
            portfolio_id: portfolioId,
            created_at: stamp,
            updated_at: stamp,
            unpublished_at: null,
          })
          .execute();
        await bumpPageGeneration(trx);
      });
    });

    const template = await db
      .selectFrom('templates')
      .select(['price_paise', 'discount_percent'])
      .where('id', '=', 'template2')
      .executeTakeFirstOrThrow();
    const rupees = formatRupees(discountedPaise(template.price_paise!, template.discount_percent));

    await step('the quote: portfolio, price, current and new paid-until dates', async () => {
      await page.reload();
      const pay = page.getByRole('button', { name: `Pay ₹${rupees} and renew` });
      await pay.waitFor();
      await expect(
        page.getByText(SAMPLE_DATA.template2.personalDetails.name).isVisible(),
      ).resolves.toBe(true);
      await expect(
        page.getByRole('link', { name: `${baseUrl()}/users/${username}` }).isVisible(),
      ).resolves.toBe(true);
      // The portfolio's mark is its owner's initials, not the template's picture of its sample
      // person beside the owner's name.
      const initials = SAMPLE_DATA.template2.personalDetails.name
        .split(' ')
        .slice(0, 2)
        .map((word) => word[0])
        .join('')
        .toUpperCase();
      await expect(page.locator('.renew__initials').textContent()).resolves.toBe(initials);
      await expect(page.locator('.renew__portfolio img').count()).resolves.toBe(0);
      const terms = page.locator('.renew__terms');
      await expect(terms.textContent()).resolves.toContain(formatTermDate(paidUntil));
      await expect(terms.textContent()).resolves.toContain(formatTermDate(termEndFrom(new Date())));
      await expect(page.getByText('Your page is offline.').isVisible()).resolves.toBe(true);
      // The discounted amount says it is today's discount on the usual price, not a lasting one.
      expect(template.discount_percent).toBeGreaterThan(0);
      const usual = `₹${formatRupees(template.price_paise!)}`;
      await expect(page.locator('.renew__price s').textContent()).resolves.toBe(
        `Usual price: ${usual}`,
      );
      const note = page.locator('.renew__price-note');
      await expect(note.textContent()).resolves.toContain(
        `₹${rupees} is Directive’s usual ${usual} a year with its current ${template.discount_percent}% discount, for the year you add now.`,
      );
      await expect(note.textContent()).resolves.toContain(
        'Later renewals are charged at the template’s price on the day',
      );
      // Its page is offline: no picture of it in small.
      await expect(page.locator('.renew__portfolio iframe').count()).resolves.toBe(0);
      // The site's footer, as on the other builder pages.
      await expect(
        page.getByRole('contentinfo').getByRole('link', { name: 'Refund Policy' }).isVisible(),
      ).resolves.toBe(true);
      await expect(seriousAxeViolations(page, '.top-bar')).resolves.toEqual([]);
    });

    await step(
      'pay in the test checkout: thanked, renewed a year from today, served again',
      async () => {
        const started = Date.now();
        await page.getByRole('button', { name: `Pay ₹${rupees} and renew` }).click();
        const dialog = page.getByRole('dialog', { name: 'Test payment' });
        await dialog.getByRole('button', { name: `Pay ₹${rupees}`, exact: true }).click();
        await page.waitForURL('**/ack');
        await page.getByText(/is renewed until/).waitFor();
        const row = await db
          .selectFrom('usernames')
          .innerJoin('portfolios', 'portfolios.id', 'usernames.portfolio_id')
          .select('portfolios.paid_until')
          .where('usernames.username', '=', username)
          .executeTakeFirstOrThrow();
        const renewed = Date.parse(row.paid_until);
        expect(renewed).toBeGreaterThanOrEqual(termEndFrom(new Date(started)).getTime() - 1000);
        expect(renewed).toBeLessThanOrEqual(termEndFrom(new Date()).getTime());
        const publicPage = await fetch(`${baseUrl()}/users/${username}`);
        expect(publicPage.status).toBe(200);
      },
    );

    // Dropped requests show in the console as the network error Chromium gives them.
    session.allowConsoleError(/net::ERR_CONNECTION_RESET/);
    const renewedUntil = async () =>
      (
        await db
          .selectFrom('usernames')
          .innerJoin('portfolios', 'portfolios.id', 'usernames.portfolio_id')
          .select('portfolios.paid_until')
          .where('usernames.username', '=', username)
          .executeTakeFirstOrThrow()
      ).paid_until;
    const payOnce = async () => {
      await page.goto(renewPath(username));
      await page.getByRole('button', { name: `Pay ₹${rupees} and renew` }).click();
      const dialog = page.getByRole('dialog', { name: 'Test payment' });
      await dialog.getByRole('button', { name: `Pay ₹${rupees}`, exact: true }).click();
    };

    await step(
      'the connection drops while confirming: the page tries again by itself',
      async () => {
        const before = await renewedUntil();
        let dropped = 0;
        await page.route('**/verify-payment', async (route) => {
          if (dropped < 2) {
            dropped += 1;
            return route.abort('connectionreset');
          }
          return route.continue();
        });
        await payOnce();
        await page.getByText(/the connection dropped while we confirmed it/).waitFor();
        await page.waitForURL('**/ack');
        await page.getByText(/is renewed until/).waitFor();
        expect(dropped).toBe(2);
        expect(Date.parse(await renewedUntil())).toBeGreaterThan(Date.parse(before));
        await page.unroute('**/verify-payment');
      },
    );

    await step('a reload while confirming carries the verification on, paid once', async () => {
      const before = await renewedUntil();
      await page.route('**/verify-payment', (route) => route.abort('connectionreset'));
      await payOnce();
      await page.getByText(/the connection dropped while we confirmed it/).waitFor();
      await page.unroute('**/verify-payment');
      await page.reload();
      await page.waitForURL('**/ack');
      await page.getByText(/is renewed until/).waitFor();
      const after = Date.parse(await renewedUntil());
      // One year more, not two: the verification resumed, it was not paid again.
      expect(after - Date.parse(before)).toBeLessThan(367 * DAY_MS);
      expect(after - Date.parse(before)).toBeGreaterThan(364 * DAY_MS);
    });
  });

  it("shows a live page's own picture, as the account page does, on a phone too", async () => {
    const run = randomUUID().slice(0, 8);
    const person = { name: 'Asha Menon', email: `asha-${run}@example.com` };
    const username = `asha-${run}`;
    const page = await session.newPage({ width: 375, height: 812 });
    const userId = await signInOnAccountPage(page, db, person);
    await publishDirectly(db, {
      username,
      templateId: 'template2',
      data: {
        ...SAMPLE_DATA.template2,
        personalDetails: { ...SAMPLE_DATA.template2.personalDetails, name: person.name },
      },
      ownerId: userId,
    });
    await page.goto(renewPath(username));
    await page.getByRole('button', { name: /^Pay ₹.+ and renew$/ }).waitFor();
    // The page itself in small (the owner's photo and name on it), not initials.
    await expect(page.locator('.renew__initials').count()).resolves.toBe(0);
    const frame = page.locator(`.renew__portfolio iframe[src="/users/${username}"]`);
    await frame.waitFor();
    await page.frameLocator(`.renew__portfolio iframe`).getByText(person.name).first().waitFor();
    const box = await page.locator('.renew__thumb').boundingBox();
    expect(box?.width).toBeGreaterThan(80);
    expect(box!.width).toBeLessThan(375 / 2);
    // In the renew page's words: what is paid for, not a renewal that happens by itself.
    await expect(page.locator('.renew__status').textContent()).resolves.toMatch(
      /^Live · paid until /,
    );
    // The date on one line, however the status wraps.
    await expect(
      page.locator('.renew__status .whole-date').evaluate((date) => date.getClientRects().length),
    ).resolves.toBe(1);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).waitFor();
  });

  it('is a 404 page for an address that is no username', async () => {
    const response = await fetch(`${baseUrl()}/account/renew/-nope-`, {
      headers: { accept: 'text/html' },
    });
    expect(response.status).toBe(404);
  });
});

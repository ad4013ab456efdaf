import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { TemplateId } from '../src/shared/templates/catalog.js';
import { SAMPLE_DATA } from '../src/shared/templates/registry.js';
import { publishDirectly } from '../test/publish-directly.js';
import { seriousAxeViolations } from './axe.js';
import { baseUrl, useBrowser } from './browser.js';
import { serverDatabase, signInOnAccountPage, signInThroughPopup } from './fixtures.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAhead = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

describe('the thank-you page opened on its own', () => {
  const session = useBrowser();
  const db = serverDatabase();
  afterAll(async () => {
    await db.destroy();
  });

  it("signed in, offers the person's own latest live page, and nobody else's", async () => {
    const run = randomUUID().slice(0, 8);
    const page = await session.newPage({ width: 1280, height: 900 }, { bypassCSP: true });
    const userId = await signInOnAccountPage(page, db, {
      name: 'Lakshmi Nair',
      email: `lakshmi-${run}@example.com`,
    });

    // A new tab, as after following a bookmark: no state from a payment.
    const tab = await page.context().newPage();
    await tab.goto('/ack');
    await tab.getByRole('heading', { name: 'Thank you!' }).waitFor();
    await tab.getByText('This page was opened on its own').waitFor();
    await tab.getByText('None of your portfolios is live yet.').waitFor();

    // One portfolio per template and person: three templates, three pages.
    const own = (username: string, templateId: TemplateId, paidUntil: string) =>
      publishDirectly(db, {
        username,
        templateId,
        data: SAMPLE_DATA[templateId],
        ownerId: userId,
        paidUntil,
      });
    await own(`older-${run}`, 'template2', daysAhead(120));
    await own(`latest-${run}`, 'template3', daysAhead(365));
    // Ends later, but taken offline by its owner: not offered.
    await own(`off-${run}`, 'template4', daysAhead(400));
    await db
      .updateTable('usernames')
      .set({ unpublished_at: new Date().toISOString() })
      .where('username', '=', `off-${run}`)
      .execute();
    // Someone else's page, ending later still.
    await publishDirectly(db, {
      username: `other-${run}`,
      templateId: 'template3',
      data: SAMPLE_DATA.template3,
      paidUntil: daysAhead(500),
    });

    await tab.reload();
    const found = tab.getByRole('region', { name: 'Your portfolios' });
    // Said in the status line that first said it was looking, so a screen reader hears it.
    await found
      .getByRole('status')
      .filter({ hasText: `Your most recently published portfolio is latest-${run}` })
      .waitFor();
    const url = await found
      .getByRole('link', { name: new RegExp(`/users/latest-${run}`) })
      .getAttribute('href');
    expect(url).toMatch(new RegExp(`/users/latest-${run}$`));
    await expect(
      found.getByRole('link', { name: 'View your portfolio' }).getAttribute('href'),
    ).resolves.toBe(url);
    await expect(
      tab.getByRole('main').getByRole('link', { name: 'My portfolios' }).getAttribute('href'),
    ).resolves.toBe('/account');
    const text = await tab.textContent('main');
    for (const hidden of [`older-${run}`, `off-${run}`, `other-${run}`]) {
      expect(text).not.toContain(hidden);
    }
    await expect(tab.getByText(`lakshmi-${run}@example.com`).isVisible()).resolves.toBe(true);
    await expect(seriousAxeViolations(tab)).resolves.toEqual([]);

    // Signed out from the bar: the page forgets the link at once.
    await tab.getByRole('button', { name: 'Sign out' }).click();
    await tab.getByRole('button', { name: 'Sign in to My portfolios' }).waitFor();
    await expect(tab.textContent('main')).resolves.not.toContain(`latest-${run}`);
  });

  it('signed out, says what happened and signs in to My portfolios', async () => {
    const run = randomUUID().slice(0, 8);
    session.allowConsoleError(/status of 401/);
    const page = await session.newPage({ width: 375, height: 812 }, { bypassCSP: true });
    await page.goto('/ack');
    await page.getByRole('heading', { name: 'Thank you!' }).waitFor();
    await page
      .getByText(
        'This page was opened on its own (in a new tab, or after a reload), so it cannot tell which payment it follows.',
      )
      .waitFor();
    await page
      .getByText('Sign in to see your portfolios, their links and receipts in My portfolios.')
      .waitFor();
    // One way there, not a link beside the button that asks for the same sign-in again.
    await expect(
      page.getByRole('main').getByRole('link', { name: 'My portfolios' }).count(),
    ).resolves.toBe(0);
    await expect(seriousAxeViolations(page)).resolves.toEqual([]);
    await signInThroughPopup(
      page,
      () => page.getByRole('button', { name: 'Sign in to My portfolios' }).click(),
      { name: 'Vikram Shah', email: `vikram-${run}@example.com` },
    );
    await page.waitForURL('**/account');
    await page.getByRole('heading', { name: 'No portfolios yet' }).waitFor();
  });
});

describe('the thank-you page after a payment, on a phone', () => {
  const session = useBrowser();

  it('breaks the address after a slash, never at a hyphen, and names its link whole', async () => {
    // Nobody is signed in: the session check is refused.
    session.allowConsoleError(/status of 401/);
    const page = await session.newPage({ width: 375, height: 812 });
    // Where the payment callback of the redirect flow sends the person.
    const url = `${baseUrl()}/users/meera-mobile`;
    await page.goto(`/ack?url=${encodeURIComponent(url)}`);
    await page.getByRole('heading', { name: 'Thank you!' }).waitFor();

    // A screen reader hears the address as one word, and tests find the link by it.
    const link = page.getByRole('link', { name: `${url} (opens in a new tab)`, exact: true });
    await expect(link.getAttribute('href')).resolves.toBe(url);

    // Each place a line ends, as "last character|first character of the next line", from what
    // is drawn (not the copy only screen readers get).
    const lineEnds = await link.evaluate((anchor) => {
      const walker = document.createTreeWalker(anchor, NodeFilter.SHOW_TEXT);
      const tops: { char: string; top: number }[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement?.closest('.visually-hidden')) continue;
        for (let i = 0; i < (node.textContent ?? '').length; i += 1) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          tops.push({ char: node.textContent![i]!, top: range.getBoundingClientRect().top });
        }
      }
      return tops.flatMap((at, i) =>
        i + 1 < tops.length && tops[i + 1]!.top > at.top + 1
          ? [`${at.char}|${tops[i + 1]!.char}`]
          : [],
      );
    });
    // Too long for one line at 375 px: it wraps, only after a slash (where depends on the test
    // server's port), so "meera-mobile" stays whole.
    expect(lineEnds.length).toBeGreaterThan(0);
    for (const end of lineEnds) expect(end).toMatch(/^\/\|/);

    // Selected to copy, the address comes once (not also its copy for screen readers).
    const selected = await link.locator('.breakable').evaluate((address) => {
      const range = document.createRange();
      range.selectNodeContents(address);
      window.getSelection()!.removeAllRanges();
      window.getSelection()!.addRange(range);
      return window.getSelection()!.toString();
    });
    expect(selected).toBe(url);
  });
});

import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DRAFT_STORAGE_KEY } from '../src/shared/draft.js';
import type { PortfolioData } from '../src/shared/domain/portfolio.js';
import { GRACE_DAYS } from '../src/shared/domain/term.js';
import { SAMPLE_DATA } from '../src/shared/templates/registry.js';
import { publishDirectly } from '../test/publish-directly.js';
import { chooseDraftAction } from './draft-actions.js';
import { seriousAxeViolations } from './axe.js';
import { useBrowser } from './browser.js';
import { openEditor, serverDatabase, signInOnAccountPage as signInOnAccount } from './fixtures.js';

interface AccountSetup {
  /** The start of the person's email address. */
  email: string;
  /** The start of the published username. */
  username: string;
  /** The name on the published page. */
  name: string;
  paidUntil?: string;
}

describe('the account page', () => {
  const session = useBrowser();
  const db = serverDatabase();
  afterAll(async () => {
    await db.destroy();
  });

  /** Signs a fresh person in from the account page's own prompt, after it asked. */
  async function signInOnAccountPage(page: Page, email: string): Promise<string> {
    await page.goto('/account');
    await page.getByRole('heading', { name: 'Sign in to see your portfolios' }).waitFor();
    return signInOnAccount(page, db, { name: 'Meera Iyer', email });
  }

  async function publishFor(
    userId: string,
    username: string,
    name: string,
    paidUntil?: string,
  ): Promise<void> {
    await publishDirectly(db, {
      username,
      templateId: 'template2',
      data: {
        ...SAMPLE_DATA.template2,
        personalDetails: { ...SAMPLE_DATA.template2.personalDetails, name },
      },
      ownerId: userId,
      paidUntil,
    });
  }

  /** Signed in on /account with one published portfolio, its card on the page. */
  async function withPublishedCard(
    page: Page,
    { email, username: prefix, name, paidUntil }: AccountSetup,
  ) {
    const userId = await signInOnAccountPage(
      page,
      `${email}-${randomUUID().slice(0, 8)}@example.com`,
    );
    const username = `${prefix}-${randomUUID().slice(0, 6)}`;
    await publishFor(userId, username, name, paidUntil);
    await page.reload();
    return { userId, username, card: page.getByRole('article', { name: username }) };
  }

  it('asks a signed-out visitor to sign in, then shows the empty state leading to /choose', async () => {
    const page = await session.newPage({ width: 375, height: 812 });
    await signInOnAccountPage(page, `empty-${randomUUID().slice(0, 8)}@example.com`);
    // Phones are welcome here: no redirect to /screen-error.
    expect(new URL(page.url()).pathname).toBe('/account');
    await page.getByRole('heading', { name: 'No portfolios yet' }).waitFor();
    await expect(
      page.getByRole('link', { name: 'Pick a template' }).getAttribute('href'),
    ).resolves.toBe('/choose');
  });

  it('shows a published portfolio: Copy, Unpublish with confirmation, Publish again', async () => {
    const page = await session.newPage({ width: 1280, height: 900 });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const { username, card } = await withPublishedCard(page, {
      email: 'card',
      username: 'meera',
      name: 'Meera Iyer',
    });
    await card.waitFor();
    await expect(card.textContent()).resolves.toContain('Directive');
    // Nothing renews by itself: the card says what is paid for, in the renew page's words, and
    // offers renewing on its face, not only in More: a year from its end, as a quiet link under
    // the date, not a button beside Edit.
    await expect(card.locator('.pcard__state').textContent()).resolves.toMatch(
      /^Live · paid until \d{1,2} [A-Z][a-z]{2} \d{4}$/,
    );
    await expect(card.textContent()).resolves.not.toMatch(/renews/i);
    const renewEarly = card.getByRole('link', { name: `Renew early ${username}` });
    await expect(renewEarly.getAttribute('href')).resolves.toBe(`/account/renew/${username}`);
    await expect(renewEarly.isVisible()).resolves.toBe(true);
    await expect(renewEarly.getAttribute('class')).resolves.toBeNull();
    await expect(card.getByRole('link', { name: `Renew ${username}` }).count()).resolves.toBe(0);
    const link = card.getByRole('link', { name: new RegExp(`/users/${username}`) });
    const url = await link.getAttribute('href');
    expect(url).toMatch(new RegExp(`/users/${username}$`));

    // Copy link is in the Share panel, with the address it copies.
    await card.getByRole('button', { name: `Share ${username}` }).click();
    await card.getByRole('button', { name: 'Copy link' }).click();
    await card.getByRole('button', { name: 'Copied link' }).waitFor();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(url);

    await card.getByRole('button', { name: 'More' }).click();
    await card.getByRole('menuitem', { name: `Unpublish ${username}` }).click();
    const dialog = page.getByRole('dialog', { name: `Unpublish ${username}?` });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Unpublish' }).click();
    await card.getByText('Unpublished · you took this page offline').waitFor();
    const row = await db
      .selectFrom('usernames')
      .select('unpublished_at')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    expect(row.unpublished_at).not.toBeNull();

    await card.getByRole('button', { name: `Publish ${username}` }).click();
    await card.getByRole('button', { name: 'More' }).click();
    await card.getByRole('menuitem', { name: `Unpublish ${username}` }).waitFor();
    await page.keyboard.press('Escape');
    await expect(card.locator('.pcard__state').textContent()).resolves.toMatch(/^Live/);

    mkdirSync('test-results', { recursive: true });
    await page.screenshot({ path: 'test-results/account-1280.png', fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: 'test-results/account-375.png', fullPage: true });
  });

  it("pictures a live page as itself, not the template's sample person, and an offline one as the template", async () => {
    const page = await session.newPage({ width: 1280, height: 900 });
    const { username, card } = await withPublishedCard(page, {
      email: 'thumb',
      username: 'thumb',
      name: 'Ravi Menon Studio',
    });
    const frame = card.locator('.page-thumb--live iframe');
    await frame.waitFor();
    await expect(frame.getAttribute('src')).resolves.toBe(`/users/${username}`);
    const shown = page.frameLocator(`.page-thumb--live iframe[src="/users/${username}"]`);
    await shown.getByText('Ravi Menon Studio').first().waitFor();
    await expect(shown.getByText(SAMPLE_DATA.template2.personalDetails.name).count()).resolves.toBe(
      0,
    );
    // Scaled to the card: no wider than the picture's box.
    const box = await card.locator('.page-thumb--live').boundingBox();
    const drawn = await frame.boundingBox();
    expect(drawn!.width).toBeLessThanOrEqual(box!.width + 1);
    // Not a second way into the page for keys or screen readers.
    await expect(card.locator('.page-thumb--live').getAttribute('inert')).resolves.not.toBeNull();

    await card.getByRole('button', { name: 'More' }).click();
    await card.getByRole('menuitem', { name: `Unpublish ${username}` }).click();
    await page
      .getByRole('dialog', { name: `Unpublish ${username}?` })
      .getByRole('button', { name: 'Unpublish' })
      .click();
    await card.getByText('Unpublished · you took this page offline').waitFor();
    await expect(card.locator('.page-thumb--live').count()).resolves.toBe(0);
    await expect(card.locator('img.pcard__thumb').getAttribute('src')).resolves.toMatch(
      /card-template2/,
    );
  });

  it("keeps each panel in the page for its toggle's aria-controls, hidden until opened", async () => {
    const page = await session.newPage({ width: 1280, height: 900 });
    const { username, card } = await withPublishedCard(page, {
      email: 'panel',
      username: 'panel',
      name: 'Meera Iyer',
    });
    for (const name of [
      `Share ${username}`,
      `Visitors of ${username}`,
      `Receipts of ${username}`,
    ]) {
      const toggle = card.getByRole('button', { name });
      const controls = await toggle.getAttribute('aria-controls');
      const panel = card.locator(`[id="${controls}"]`);
      await expect(panel.count()).resolves.toBe(1);
      await expect(panel.isHidden()).resolves.toBe(true);
      await toggle.click();
      await panel.waitFor({ state: 'visible' });
      await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
      await toggle.click();
      await panel.waitFor({ state: 'hidden' });
      // Hidden, not gone.
      await expect(panel.count()).resolves.toBe(1);
    }
    await card.getByRole('button', { name: `Visitors of ${username}` }).click();
    await card.getByRole('heading', { name: `Visitors of ${username}` }).waitFor();
  });

  it("lets an expired page's Edit be focused, saying why it does nothing", async () => {
    const page = await session.newPage({ width: 1280, height: 900 });
    const lapsed = new Date(Date.now() - (GRACE_DAYS + 2) * 24 * 60 * 60 * 1000).toISOString();
    const { username, card } = await withPublishedCard(page, {
      email: 'old',
      username: 'old',
      name: 'Meera Iyer',
      paidUntil: lapsed,
    });
    const edit = card.getByRole('button', { name: `Edit ${username}` });
    await expect(edit.getAttribute('aria-disabled')).resolves.toBe('true');
    // Not the disabled attribute, which would take it out of the focus order.
    await expect(edit.evaluate((button: HTMLButtonElement) => button.disabled)).resolves.toBe(
      false,
    );
    await edit.focus();
    await expect(
      page.evaluate(() => {
        const focused = document.activeElement;
        const hint = focused?.getAttribute('aria-describedby');
        return hint ? document.getElementById(hint)?.textContent : undefined;
      }),
    ).resolves.toBe('This page has expired: renew it to make changes.');
    // Playwright waits for an aria-disabled control to be enabled: the click is forced.
    await edit.click({ force: true });
    await card.getByRole('link', { name: `Renew ${username}` }).waitFor();
    await expect(edit.textContent()).resolves.toBe(`Edit ${username}`);
    expect(new URL(page.url()).pathname).toBe('/account');
  });

  it('deletes a portfolio only after its username is typed', async () => {
    const page = await session.newPage({ width: 1280, height: 900 });
    const { username, card } = await withPublishedCard(page, {
      email: 'del',
      username: 'gone',
      name: 'Meera Iyer',
    });
    await card.getByRole('button', { name: 'More' }).click();
    await card.getByRole('menuitem', { name: `Delete ${username}` }).click();
    const dialog = page.getByRole('dialog', { name: `Delete ${username}?` });
    await expect(dialog.textContent()).resolves.toContain('does not refund');
    const confirm = dialog.getByRole('button', { name: 'Delete portfolio' });
    await expect(confirm.isDisabled()).resolves.toBe(true);
    await dialog.getByLabel(`Type ${username} to confirm`).fill(username);
    await confirm.click();
    await page.getByRole('heading', { name: 'No portfolios yet' }).waitFor();
    const rows = await db
      .selectFrom('usernames')
      .where('username', '=', username)
      .selectAll()
      .execute();
    expect(rows).toEqual([]);
  });

  it('keeps Unpublish and Delete in a More menu that works by keyboard, on a 360 px phone', async () => {
    const page = await session.newPage({ width: 360, height: 800 }, { bypassCSP: true });
    const { username, card } = await withPublishedCard(page, {
      email: 'menu',
      username: 'menu',
      name: 'Meera Iyer',
    });
    const more = card.getByRole('button', { name: `More actions for ${username}` });
    const focused = (name: string) =>
      expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
        .toBe(name);
    const menu = card.getByRole('menu');
    await expect(more.getAttribute('aria-haspopup')).resolves.toBe('menu');
    await expect(menu.isVisible()).resolves.toBe(false);

    // Arrow keys open it on an end, move through it and wrap; Escape gives focus back.
    // Renew is on the card itself, so the menu starts with Export.
    const firstItem = `Export as JSON Resume of ${username}`;
    await more.focus();
    await page.keyboard.press('ArrowDown');
    await focused(firstItem);
    await expect(more.getAttribute('aria-expanded')).resolves.toBe('true');
    await page.keyboard.press('ArrowDown');
    await focused(`Unpublish ${username}`);
    await page.keyboard.press('ArrowDown');
    await focused(`Delete ${username}`);
    await page.keyboard.press('ArrowDown');
    await focused(firstItem);
    await page.keyboard.press('End');
    await focused(`Delete ${username}`);
    await page.keyboard.press('Home');
    await focused(firstItem);
    await expect(seriousAxeViolations(page, '.test-mode-notice')).resolves.toEqual([]);
    await page.keyboard.press('Escape');
    await expect(menu.isVisible()).resolves.toBe(false);
    await focused(`More actions for ${username}`);
    await page.keyboard.press('ArrowUp');
    await focused(`Delete ${username}`);
    // Tab leaves the menu and closes it.
    await page.keyboard.press('Tab');
    await expect(menu.isVisible()).resolves.toBe(false);

    // Enter opens it too; an item's dialog gives focus back to More when it closes.
    await more.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Delete ${username}?` });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await focused(`More actions for ${username}`);
    // A click elsewhere closes it.
    await more.click();
    await menu.waitFor();
    // (The open menu covers the card's own lines: click the page's heading.)
    await page.getByRole('heading', { level: 1 }).click();
    await expect(menu.isVisible()).resolves.toBe(false);

    // No sideways scroll, and every control of the card a finger's size.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
    await more.click();
    const small = await card.evaluate((article) =>
      [...article.querySelectorAll<HTMLElement>('button, a')]
        .filter((control) => control.checkVisibility() && !control.closest('h2'))
        .map((control) => ({ name: control.textContent, box: control.getBoundingClientRect() }))
        .filter(({ box }) => box.width < 44 || box.height < 44 || box.right > 360)
        .map(({ name }) => name),
    );
    expect(small).toEqual([]);
    mkdirSync('test-results', { recursive: true });
    await page.screenshot({ path: 'test-results/account-menu-360.png', fullPage: true });
  });

  it('on a phone: Edit the one filled button, three panels and More beside it, dates whole, the footer below the first screen while loading', async () => {
    const page = await session.newPage({ width: 375, height: 812 });
    const { username, card } = await withPublishedCard(page, {
      email: 'phone',
      username: 'venkatasubramanian-iy',
      name: 'Meera Iyer',
    });
    await card.waitFor();
    const actions = card.locator('.pcard__actions');
    await expect(actions.locator('.button:not(.button--ghost)').allTextContents()).resolves.toEqual(
      [`Edit ${username}`],
    );
    // Renewing early is a link under the date, not a third button: Edit and View share the row.
    await expect(actions.locator('.pcard__primary > *').allTextContents()).resolves.toEqual([
      `Edit ${username}`,
      `View ${username} (opens in a new tab)`,
    ]);
    await card.getByRole('link', { name: `Renew early ${username}` }).waitFor();
    await expect(actions.locator('.pcard__tool').allTextContents()).resolves.toEqual([
      `Share ${username}`,
      `Visitors of ${username}`,
      `Receipts of ${username}`,
    ]);
    // "Live · paid until 7 Dec 2027": the date on one line, however the pill wraps.
    const dates = card.locator('.whole-date');
    await expect(dates.count()).resolves.toBeGreaterThan(0);
    await expect(
      dates.evaluateAll((spans) =>
        spans.filter((span) => span.getClientRects().length > 1).map((span) => span.textContent),
      ),
    ).resolves.toEqual([]);

    // The Share panel's address breaks only after a slash: each piece on one line.
    await card.getByRole('button', { name: `Share ${username}` }).click();
    const pieces = card.locator('.share__address .breakable__piece');
    await pieces.first().waitFor();
    await expect(
      pieces.evaluateAll((spans) => spans.filter((span) => span.getClientRects().length > 1)),
    ).resolves.toEqual([]);

    // Loading, the footer is already where the loaded page puts it: below the first screen.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/account', async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    await page.getByText('Loading your portfolios…').waitFor();
    const footerTop = () =>
      page.locator('footer').evaluate((footer) => footer.getBoundingClientRect().top);
    await expect(footerTop()).resolves.toBeGreaterThanOrEqual(812);
    // One loading line: the parts below wait for the portfolios, not each with its own.
    const messages = page.getByRole('heading', { name: 'Messages' });
    await expect(messages.isVisible()).resolves.toBe(false);
    answer();
    await card.waitFor();
    await expect(footerTop()).resolves.toBeGreaterThanOrEqual(812);
    await messages.waitFor();
  });

  it('Edit opens the content in the editor; the final preview has the fixed username and Publish changes; sign-out clears the draft', async () => {
    const page = await session.newPage({ width: 1280, height: 900 });
    const userId = await signInOnAccountPage(page, `edit-${randomUUID().slice(0, 8)}@example.com`);
    const username = `edit-${randomUUID().slice(0, 6)}`;
    await publishFor(userId, username, 'Meera Published');
    await page.reload();
    await page
      .getByRole('article', { name: username })
      .getByRole('button', { name: `Edit ${username}` })
      .click();
    await page.waitForURL('**/edit');
    const name = page.getByLabel('Name', { exact: true });
    await expect(name.inputValue()).resolves.toBe('Meera Published');
    await name.fill('Meera Changed');

    await page.goto('/final-preview');
    const fixed = page.getByLabel('Username', { exact: true });
    await expect(fixed.inputValue()).resolves.toBe(username);
    await expect(fixed.getAttribute('readonly')).resolves.not.toBeNull();
    await page.getByRole('button', { name: 'Publish changes' }).click();
    await page.screenshot({ path: 'test-results/account-publish-changes-1280.png' });
    const dialog = page.getByRole('dialog', { name: 'Publish these changes?' });
    await expect(dialog.textContent()).resolves.toContain(`/users/${username}`);
    await dialog.getByRole('button', { name: 'Publish changes now' }).click();
    await page.getByText('Your changes are live.').waitFor();
    // The page's lead says so too: no longer "once you publish them".
    const lead = page.locator('.fp-panel__lead');
    await expect(lead.textContent()).resolves.toContain('as visitors see it now');
    await expect(lead.textContent()).resolves.not.toContain('once you publish');
    const stored = await db
      .selectFrom('portfolios')
      .select('data')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.data).personalDetails.name).toBe('Meera Changed');

    await expect(
      page.evaluate((key) => window.localStorage.getItem(key), DRAFT_STORAGE_KEY),
    ).resolves.not.toBeNull();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await expect(
      page.evaluate((key) => window.localStorage.getItem(key), DRAFT_STORAGE_KEY),
    ).resolves.toBeNull();
  });

  it("Clear this draft resets the editor to the template's defaults after a confirmation", async () => {
    const page = await session.newPage({ width: 1280, height: 900 });
    await page.goto('/about-us');
    const typed = {
      ...SAMPLE_DATA.template2,
      personalDetails: { ...SAMPLE_DATA.template2.personalDetails, name: 'Typed By Me' },
    };
    await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
      DRAFT_STORAGE_KEY,
      JSON.stringify({ templateId: 'template2', data: typed }),
    ] as const);
    await page.goto('/edit');
    const name = page.getByLabel('Name', { exact: true });
    await expect(name.inputValue()).resolves.toBe('Typed By Me');
    await chooseDraftAction(page, 'Clear this draft');
    const dialog = page.getByRole('dialog', { name: 'Clear this draft?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(name.inputValue()).resolves.toBe('Typed By Me');
    // On a phone the action is in the More menu; its dialog opens as the menu closes.
    await page.setViewportSize({ width: 375, height: 812 });
    await chooseDraftAction(page, 'Clear this draft');
    await dialog.waitFor();
    await expect(dialog.isVisible()).resolves.toBe(true);
    // Its two buttons one above the other, the action first, each as wide as the other.
    const [clear, cancel] = await Promise.all(
      ['Clear draft', 'Cancel'].map((name) =>
        dialog.getByRole('button', { name, exact: true }).boundingBox(),
      ),
    );
    expect(clear!.y + clear!.height).toBeLessThanOrEqual(cancel!.y);
    expect(Math.abs(clear!.width - cancel!.width)).toBeLessThan(1);
    await page.keyboard.press('Escape');
    // Focus comes back to More, not to the menu item hidden with its menu.
    await expect
      .poll(() =>
        page
          .getByRole('button', { name: 'More draft actions' })
          .evaluate((button) => button === document.activeElement),
      )
      .toBe(true);
    await page.setViewportSize({ width: 1280, height: 900 });
    await chooseDraftAction(page, 'Clear this draft');
    await dialog.getByRole('button', { name: 'Clear draft' }).click();
    const defaults = (await (await page.request.get('/api/templates/template2')).json()) as {
      data: { personalDetails: { name: string } };
    };
    // The editor starts over with the new content.
    await expect
      .poll(() => page.getByLabel('Name', { exact: true }).inputValue())
      .toBe(defaults.data.personalDetails.name);
    const stored = await page.evaluate(
      (key) => window.localStorage.getItem(key),
      DRAFT_STORAGE_KEY,
    );
    expect(JSON.parse(stored!).data.personalDetails.name).toBe(defaults.data.personalDetails.name);
  });

  it('Clear this draft can start from a blank page: empty fields, the headings kept', async () => {
    const page = await session.newPage({ width: 1280, height: 900 });
    await openEditor(page, 'template4', SAMPLE_DATA.template4);
    await chooseDraftAction(page, 'Clear this draft');
    const dialog = page.getByRole('dialog', { name: 'Clear this draft?' });
    // The example is the choice made for the person; the blank page is one keypress away.
    await expect(
      dialog.getByRole('radio', { name: /The template.s example/ }).isChecked(),
    ).resolves.toBe(true);
    await dialog.getByRole('radio', { name: /A blank page/ }).check();
    await dialog.getByRole('button', { name: 'Clear draft' }).click();
    await expect.poll(() => page.getByLabel('Name', { exact: true }).inputValue()).toBe('');
    await expect(page.getByLabel('Intro', { exact: true }).inputValue()).resolves.toBe('');
    const stored = JSON.parse(
      (await page.evaluate((key) => window.localStorage.getItem(key), DRAFT_STORAGE_KEY))!,
    ) as { data: PortfolioData };
    expect(stored.data.section?.sectionTitle).toBe(SAMPLE_DATA.template4.section?.sectionTitle);
    expect(stored.data.section?.sectionTiles).toEqual([{ img: '', title: '', desc: '', link: '' }]);
    expect(JSON.stringify(stored.data)).not.toContain('/templates/art/');
    // The preview shows the blank page: none of the example person's words.
    const preview = page.frameLocator('iframe');
    await expect
      .poll(() => preview.locator('body').textContent())
      .not.toContain(SAMPLE_DATA.template4.personalDetails.name);
  });

  it('deletes the account after DELETE is typed, and signs out', async () => {
    const page = await session.newPage({ width: 1280, height: 900 });
    const email = `leave-${randomUUID().slice(0, 8)}@example.com`;
    const userId = await signInOnAccountPage(page, email);
    const username = `leave-${randomUUID().slice(0, 6)}`;
    await publishFor(userId, username, 'Meera Leaving');
    await page.reload();
    await page.getByRole('article', { name: username }).waitFor();
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    await dialog.getByLabel(/^Type DELETE or your email address/).fill('delete me');
    await expect(confirm.isDisabled()).resolves.toBe(true);
    await dialog.getByLabel(/^Type DELETE or your email address/).fill('DELETE');
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: 'test-results/account-delete-dialog-375.png' });
    await confirm.click();
    await page.waitForURL((url) => url.pathname === '/');
    // Home is a static page: the app leaves for its document.
    await page
      .getByRole('heading', { level: 1, name: 'Your own portfolio page, online in minutes' })
      .waitFor();
    const user = await db
      .selectFrom('users')
      .select(['email', 'name'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ email: '', name: '' });
    const names = await db
      .selectFrom('usernames')
      .where('user_id', '=', userId)
      .selectAll()
      .execute();
    expect(names).toEqual([]);
    await page.goto('/account');
    await page.getByRole('heading', { name: 'Sign in to see your portfolios' }).waitFor();
  });

  it('passes axe with no serious or critical violations, with a portfolio and its receipts open', async () => {
    const page = await session.newPage({ width: 1280, height: 900 }, { bypassCSP: true });
    const { username, card } = await withPublishedCard(page, {
      email: 'axe',
      username: 'axe',
      name: 'Meera Iyer',
    });
    await card.getByRole('button', { name: `Receipts of ${username}` }).click();
    await card.getByText('No paid orders for this address.').waitFor();
    await expect(seriousAxeViolations(page, '.test-mode-notice')).resolves.toEqual([]);
  });

  it('shares a portfolio: its QR code, and the website ZIP that opens offline looking like the live page', async () => {
    const page = await session.newPage({ width: 1280, height: 900 });
    const { username, card } = await withPublishedCard(page, {
      email: 'zip',
      username: 'zip',
      name: 'Meera Iyer',
    });
    await card.getByRole('button', { name: `Share ${username}` }).click();
    const qr = card.getByRole('img', { name: /^QR code of / });
    await expect
      .poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBeGreaterThan(0);
    mkdirSync('test-results', { recursive: true });
    await card.screenshot({ path: 'test-results/account-share-1280.png' });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('link', { name: `Download as a website (ZIP) for ${username}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${username}-website.zip`);
    const dir = mkdtempSync(path.join(tmpdir(), 'site-'));
    const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
    for (const [name, bytes] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), bytes);
    }

    const live = await session.newPage({ width: 1280, height: 900 });
    await live.goto(`/users/${username}`);
    const offline = await session.newPage({ width: 1280, height: 900 });
    await offline.context().setOffline(true);
    await offline.goto(pathToFileURL(path.join(dir, 'index.html')).href);
    await offline.waitForLoadState('load');
    const look = (target: Page) =>
      target.evaluate(async () => {
        await document.fonts.ready;
        // Pictures below the fold load lazily: every one is loaded before looking.
        const images = [...document.images];
        for (const image of images) image.loading = 'eager';
        await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
        const heading = document.querySelector('h1');
        // The contact part differs on purpose: the live form sends through the server (the
        // owner's address off the page), the files' form opens the mail program (checked below).
        const contact = (document.querySelector('#contactDetails') as HTMLElement).innerText;
        return {
          title: document.title,
          heading: heading?.textContent,
          headingFont: heading ? getComputedStyle(heading).fontFamily : '',
          background: getComputedStyle(document.body.firstElementChild!).backgroundColor,
          text: document.body.innerText.replace(contact, '').replace(/\s+/g, ' ').trim(),
          brokenImages: [...document.images].filter((image) => !image.naturalWidth).length,
          fontsLoaded: [...document.fonts].filter((font) => font.status === 'loaded').length,
        };
      });
    const [onLine, fromDisk] = [await look(live), await look(offline)];
    expect(fromDisk).toEqual(onLine);
    expect(fromDisk.fontsLoaded).toBeGreaterThan(0);
    await expect(offline.locator('#contactDetails form').getAttribute('data-to')).resolves.toBe(
      SAMPLE_DATA.template2.contactDetails.email,
    );
    await expect(live.locator('#contactDetails form').getAttribute('data-contact')).resolves.toBe(
      'server',
    );
    await offline.screenshot({ path: 'test-results/website-zip-offline-1280.png' });
  });

  it('counts visits to the page for its owner, without cookies, and not those of bots', async () => {
    const page = await session.newPage({ width: 1280, height: 900 }, { bypassCSP: true });
    const userId = await signInOnAccountPage(page, `vis-${randomUUID().slice(0, 8)}@example.com`);
    const username = `vis-${randomUUID().slice(0, 6)}`;
    await publishFor(userId, username, 'Meera Iyer');

    const person = await session.newPage(
      { width: 375, height: 812 },
      {
        userAgent:
          'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      },
    );
    for (let visit = 0; visit < 3; visit += 1) await person.goto(`/users/${username}`);
    expect(await person.context().cookies()).toEqual([]);
    const bot = await session.newPage(undefined, {
      userAgent: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    });
    await bot.goto(`/users/${username}`);

    await page.reload();
    const card = page.getByRole('article', { name: username });
    await card.getByRole('button', { name: `Visitors of ${username}` }).click();
    await card.getByText('3 views by about 1 visitor in the last 30 days.').waitFor();
    await card.getByRole('heading', { name: `Visitors of ${username}` }).waitFor();
    await card.getByText('The numbers, day by day').click();
    // Only the days that had views: today's.
    const rows = card.locator('.visits__numbers tbody tr');
    await expect(rows.count()).resolves.toBe(1);
    await expect(rows.first().locator('td').allTextContents()).resolves.toEqual(['3', '1']);
    // The chart's dates are in the page's type, not shrunk with the drawing.
    const tick = await card
      .locator('.visits__ticks span')
      .first()
      .evaluate((node) => ({
        size: parseFloat(getComputedStyle(node).fontSize),
      }));
    expect(tick.size).toBeGreaterThanOrEqual(12);
    mkdirSync('test-results', { recursive: true });
    await card.screenshot({ path: 'test-results/account-visitors-1280.png' });
    await page.setViewportSize({ width: 375, height: 812 });
    await card.screenshot({ path: 'test-results/account-visitors-375.png' });
    await expect(seriousAxeViolations(page, '.test-mode-notice')).resolves.toEqual([]);
  });
});

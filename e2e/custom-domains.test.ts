import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../src/server/db/database.js';
import { publishDirectly } from '../test/publish-directly.js';
import { SAMPLE_DATA } from '../src/shared/templates/registry.js';
import { startBuiltServer, type BuiltServer } from '../test/built-server.js';
import { TestDnsServer } from '../test/dns-server.js';
import { seriousAxeViolations } from './axe.js';
import { useBrowser } from './browser.js';
import { signInOnAccountPage } from './fixtures.js';

const TARGET = 'domains.e2e-portfolio.example';

/**
 * The account card's Custom domain section in Chromium, against the built app with custom
 * domains on and a DNS server on loopback: add (a refused name first), the records to create,
 * Check now by keyboard before and after the records exist, and Remove after confirming.
 */
describe('custom domains on the account page', () => {
  const session = useBrowser();
  let server: BuiltServer;
  let dns: TestDnsServer;
  let db: Db;

  beforeAll(async () => {
    dns = new TestDnsServer();
    const address = await dns.start();
    server = await startBuiltServer({ CUSTOM_DOMAIN_TARGET: TARGET, DNS_SERVERS: address });
    db = openDatabase({ sqliteFile: path.join(server.dataDir, 'portfolio.db') }).db;
  });
  afterAll(async () => {
    await db?.destroy();
    await server?.stop();
    await dns?.stop();
  });

  async function signedInWithPortfolio(page: Page, ...usernames: string[]): Promise<void> {
    const email = `domains-${randomUUID().slice(0, 8)}@example.com`;
    const userId = await signInOnAccountPage(
      page,
      db,
      { name: 'Meera Iyer', email },
      `${server.url}/account`,
    );
    // One portfolio per template and person.
    const templates = ['template2', 'template3'] as const;
    for (const [index, username] of usernames.entries()) {
      const templateId = templates[index]!;
      await publishDirectly(db, {
        username,
        templateId,
        data: SAMPLE_DATA[templateId],
        ownerId: userId,
      });
    }
    await page.reload();
  }

  it('adds a domain, shows its records, verifies it with Check now and removes it', async () => {
    const page = await session.newPage({ width: 1280, height: 900 }, { bypassCSP: true });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const username = `meera-${randomUUID().slice(0, 6)}`;
    const domain = `www.${username}.example`;
    await signedInWithPortfolio(page, username);
    const card = page.getByRole('article', { name: username });
    const section = card.getByRole('region', { name: `Custom domain for ${username}` });
    await section.waitFor();

    // A refused name: the error names the field, and nothing is added.
    const input = section.getByLabel('Domain');
    await input.fill('localhost');
    await section.getByRole('button', { name: 'Add domain' }).click();
    await expect(section.getByRole('alert').textContent()).resolves.toBe(
      'Domain must be a public domain, not localhost.',
    );
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    // One the server refuses (the service's own target): the browser logs its 400.
    session.allowConsoleError(/status of 400/);
    await input.fill(TARGET);
    await input.press('Enter');
    await section.getByText(/^Domain: must be a domain of your own/).waitFor();

    await input.fill(domain.toUpperCase());
    await input.press('Enter');
    await section.getByText('Waiting for DNS').waitFor();
    const rows = section.getByRole('row');
    await expect(rows.count()).resolves.toBe(3);
    const token = await db
      .selectFrom('domains')
      .select('token')
      .where('hostname', '=', domain)
      .executeTakeFirstOrThrow();
    const cells = await rows.allInnerTexts();
    expect(cells[1]).toContain('TXT');
    expect(cells[1]).toContain(`_portfolio-verify.${domain}`);
    expect(cells[1]).toContain(token.token);
    expect(cells[2]).toContain('CNAME');
    expect(cells[2]).toContain(TARGET);
    await section.getByRole('button', { name: `Copy TXT record value for ${domain}` }).click();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(token.token);
    // The Host as providers want it: without the domain they add themselves.
    await section.getByRole('button', { name: `Copy TXT record host for ${domain}` }).click();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(
      '_portfolio-verify.www',
    );
    await section.getByText(`Most DNS providers add ${username}.example to the Host`).waitFor();

    // Check now by keyboard, before the records exist: still waiting, and why.
    const checkNow = section.getByRole('button', { name: `Check now ${domain}` });
    await checkNow.focus();
    await page.keyboard.press('Enter');
    await section
      .getByText(`No TXT record at _portfolio-verify.${domain}`, { exact: false })
      .waitFor();
    expect(await seriousAxeViolations(page, '.top-bar')).toEqual([]);

    mkdirSync('test-results', { recursive: true });
    await page.screenshot({ path: 'test-results/custom-domain-1280.png', fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: 'test-results/custom-domain-375.png', fullPage: true });
    // Copy buttons are a finger's size on a phone.
    const copy = await section
      .getByRole('button', { name: `Copy TXT record value for ${domain}` })
      .boundingBox();
    expect(copy!.height).toBeGreaterThanOrEqual(44);
    expect(copy!.width).toBeGreaterThanOrEqual(44);
    await page.setViewportSize({ width: 1280, height: 900 });

    dns.set(`_portfolio-verify.${domain}`, [{ type: 'TXT', value: token.token }]);
    dns.set(domain, [{ type: 'CNAME', value: TARGET }]);
    await checkNow.focus();
    await page.keyboard.press('Space');
    await section.getByText('Verified', { exact: true }).waitFor();
    await section.getByRole('link', { name: new RegExp(domain) }).waitFor();
    await page.screenshot({ path: 'test-results/custom-domain-verified-1280.png', fullPage: true });

    await section.getByRole('button', { name: `Remove ${domain}` }).click();
    const dialog = page.getByRole('dialog', { name: `Remove ${domain}?` });
    await dialog.getByRole('button', { name: 'Remove domain' }).click();
    // The add form stays on the card meanwhile: wait for the removed domain to leave it.
    await expect.poll(() => section.getByText(domain).count()).toBe(0);
    await section.getByLabel('Domain').waitFor();
    const left = await db
      .selectFrom('domains')
      .select('hostname')
      .where('hostname', '=', domain)
      .execute();
    expect(left).toEqual([]);
  });

  it('loads the domains once for all the cards, and says once when that fails', async () => {
    const page = await session.newPage({ width: 1280, height: 900 }, { bypassCSP: true });
    const run = randomUUID().slice(0, 6);
    const usernames = [`first-${run}`, `second-${run}`];
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/account/domains') asked.push(request.url());
    });
    await signedInWithPortfolio(page, ...usernames);
    for (const username of usernames) {
      await page
        .getByRole('article', { name: username })
        .getByRole('region', { name: `Custom domain for ${username}` })
        .waitFor();
    }
    expect(asked).toHaveLength(1);

    // A domain added on one card shows on that card only.
    const [first, second] = usernames.map((username) =>
      page
        .getByRole('article', { name: username })
        .getByRole('region', { name: `Custom domain for ${username}` }),
    );
    const domain = `www.${usernames[0]}.example`;
    await first!.getByLabel('Domain').fill(domain);
    await first!.getByLabel('Domain').press('Enter');
    await first!.getByText('Waiting for DNS').waitFor();
    await expect(second!.getByText(domain).count()).resolves.toBe(0);
    await expect(second!.getByLabel('Domain').count()).resolves.toBe(1);

    session.allowConsoleError(/status of 500/);
    await page.route('**/api/account/domains', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    await page.reload();
    await page.getByRole('article', { name: usernames[1]! }).waitFor();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    await expect(alert.allTextContents()).resolves.toEqual([
      'Your custom domains could not be loaded. The server had a problem. Please try again in a moment.',
    ]);
    await expect(page.getByRole('region', { name: /^Custom domain for / }).count()).resolves.toBe(
      0,
    );
  });
});

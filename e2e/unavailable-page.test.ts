import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRACE_DAYS } from '../src/shared/domain/term.js';
import { SAMPLE_DATA } from '../src/shared/templates/registry.js';
import { publishDirectly } from '../test/publish-directly.js';
import { seriousAxeViolations } from './axe.js';
import { useBrowser } from './browser.js';
import { serverDatabase, signInThroughPopup, storeDraft } from './fixtures.js';
import { DAY_MS } from '../src/shared/domain/time.js';

const username = `offline-${randomUUID().slice(0, 8)}`;

describe('the page of a portfolio that is not available', () => {
  const session = useBrowser();
  const db = serverDatabase();
  beforeAll(async () => {
    await publishDirectly(db, {
      username,
      templateId: 'template4',
      data: SAMPLE_DATA.template4,
      paidUntil: new Date(Date.now() - (GRACE_DAYS + 2) * DAY_MS).toISOString(),
    });
  });
  afterAll(async () => {
    await db.destroy();
  });

  it.each([1280, 375])(
    'at %i px: 410, a neutral message, a way on, nothing of the owner, no scrolling sideways',
    async (width) => {
      const page = await session.newPage({ width, height: 720 }, { bypassCSP: true });
      // Chromium reports the 410 document itself on the console.
      session.allowConsoleError(/status of 410 \(Gone\)/);
      const response = await page.goto(`/users/${username}`);
      expect(response?.status()).toBe(410);
      expect(response?.headers()['x-robots-tag']).toBe('noindex');
      await expect(page.title()).resolves.toBe('Portfolio not available');
      await page
        .getByRole('heading', { level: 1, name: 'This portfolio is not available' })
        .waitFor();
      await expect(
        page.getByRole('link', { name: 'Build your own portfolio' }).getAttribute('href'),
      ).resolves.toBe('/');
      await expect(page.locator('meta[name="robots"]').getAttribute('content')).resolves.toBe(
        'noindex',
      );
      const text = await page.locator('body').innerText();
      expect(text).not.toContain(SAMPLE_DATA.template4.personalDetails.name);
      expect(text).not.toContain(username);
      await expect(
        page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).resolves.toBeLessThanOrEqual(0);
      // The card sits in the middle of the screen, inside it.
      const box = await page.locator('main').boundingBox();
      expect(box!.x).toBeGreaterThan(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      await expect(seriousAxeViolations(page)).resolves.toEqual([]);
      const dir = path.resolve('test-results');
      mkdirSync(dir, { recursive: true });
      await page.screenshot({ path: path.join(dir, `unavailable-page-${width}.png`) });
    },
  );
});

describe('updating a portfolio whose term has ended, from the final preview', () => {
  const session = useBrowser();
  const db = serverDatabase();
  afterAll(async () => {
    await db.destroy();
  });

  it.each([1280, 375])('at %i px: Submit says the term ended and how to renew', async (width) => {
    const run = randomUUID().slice(0, 8);
    const email = `lapsed-${run}@example.com`;
    const username = `lapsed-${run}`;
    // Signed in at a desktop width (where the bar shows Sign In), then looked at at `width`.
    const page = await session.newPage({ width: 1280, height: 900 });
    // Chromium reports the refused claim itself on the console.
    session.allowConsoleError(/status of 409 \(Conflict\)/);
    await storeDraft(page, { templateId: 'template1', data: SAMPLE_DATA.template1 });
    await page.goto('/final-preview');
    await signInThroughPopup(page, () => page.getByRole('button', { name: 'Sign In' }).click(), {
      name: 'Lata Iyer',
      email,
    });
    await page.getByText('Welcome Lata!').waitFor();

    // This person's own portfolio at this name, a year and three weeks after it was paid for.
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const stamp = new Date().toISOString();
    const portfolioId = randomUUID();
    await db
      .insertInto('portfolios')
      .values({
        id: portfolioId,
        user_id: user.id,
        template_id: 'template1',
        data: JSON.stringify(SAMPLE_DATA.template1),
        paid_until: new Date(Date.now() - (GRACE_DAYS + 7) * DAY_MS).toISOString(),
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    await db
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

    await page.setViewportSize({ width, height: 900 });
    await page.getByLabel('Username').fill(username);
    await page.getByRole('button', { name: 'Use this username' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'yearly term' });
    await alert.waitFor();
    await expect(alert.innerText()).resolves.toMatch(
      new RegExp(
        `The yearly term of /users/${username} ended on .+ and the page has been offline since .+, so changes can no longer be published for free\\. Make Payment renews it for a year and publishes these changes\\.`,
      ),
    );
    await expect(page.getByRole('button', { name: 'Make Payment' }).isEnabled()).resolves.toBe(
      true,
    );
    const dir = path.resolve('test-results');
    mkdirSync(dir, { recursive: true });
    await alert.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(dir, `term-ended-claim-${width}.png`) });
  });
});

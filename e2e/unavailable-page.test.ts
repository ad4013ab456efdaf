import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRACE_DAYS } from '../src/shared/domain/term.js';
import { SAMPLE_DATA } from '../src/shared/templates/registry.js';
import { publishDirectly } from '../test/publish-directly.js';
import { seriousAxeViolations } from './axe.js';
import { useBrowser } from './browser.js';
import { serverDatabase } from './fixtures.js';

const DAY_MS = 24 * 60 * 60 * 1000;
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
      await expect(seriousAxeViolations(page, 'script')).resolves.toEqual([]);
      const dir = path.resolve('test-results');
      mkdirSync(dir, { recursive: true });
      await page.screenshot({ path: path.join(dir, `unavailable-page-${width}.png`) });
    },
  );
});

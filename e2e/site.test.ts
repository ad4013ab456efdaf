import { describe, expect, it } from 'vitest';
import { DRAFT_STORAGE_KEY } from '../src/shared/domain/draft.js';
import { NOT_FOUND_TITLE, PAGE_TITLES } from '../src/shared/routes.js';
import { SAMPLE_DATA } from '../src/shared/templates/registry.js';
import { FOOTER_LINKS } from '../src/client/components/Footer.js';
import { baseUrl, useBrowser } from './browser.js';

describe('every route of the builder', () => {
  const session = useBrowser();

  it.each(Object.entries(PAGE_TITLES))(
    '%s loads without console errors and has its title',
    async (route, title) => {
      const page = await session.newPage({ width: 1280, height: 800 });
      // The editor needs a draft (without one it rightly sends people to /choose).
      if (route === '/edit') {
        await page.addInitScript(([key, draft]) => window.localStorage.setItem(key, draft), [
          DRAFT_STORAGE_KEY,
          JSON.stringify({ templateId: 'template1', data: SAMPLE_DATA.template1 }),
        ] as const);
      }
      const response = await page.goto(route);
      expect(response?.status()).toBe(200);
      await page.waitForLoadState('networkidle');
      await expect(page.title()).resolves.toBe(title);
      await expect(page.locator('h1').first().isVisible()).resolves.toBe(true);
    },
  );

  it('an unknown path is a 404 with a proper not-found page', async () => {
    const page = await session.newPage();
    // Chromium reports the 404 document itself on the console.
    session.allowConsoleError(/status of 404 \(Not Found\)/);
    const response = await page.goto('/definitely/not/here');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' }).isVisible()).resolves.toBe(
      true,
    );
    await expect(page.title()).resolves.toBe(NOT_FOUND_TITLE);
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL(`${baseUrl()}/`);
  });
});

describe('the shared footer', () => {
  const session = useBrowser();

  it.each([
    '/',
    '/about-us',
    '/contact-us',
    '/terms-and-conditions',
    '/privacy-policy',
    '/refund-policy',
  ])('on %s links to every site page', async (route) => {
    const page = await session.newPage({ width: 1280, height: 800 });
    await page.goto(route);
    const footer = page.locator('footer.site-footer');
    for (const link of FOOTER_LINKS) {
      await expect(
        footer.getByRole('link', { name: link.label, exact: true }).getAttribute('href'),
      ).resolves.toBe(link.to);
    }
  });

  it('navigates to each page in the app', async () => {
    const page = await session.newPage({ width: 1280, height: 800 });
    await page.goto('/about-us');
    for (const link of FOOTER_LINKS) {
      await page
        .locator('footer.site-footer')
        .getByRole('link', { name: link.label, exact: true })
        .click();
      await page.waitForURL(`**${link.to}`);
      await page.waitForFunction((title) => document.title === title, PAGE_TITLES[link.to]);
      await expect(page.locator('h1').first().isVisible()).resolves.toBe(true);
    }
  });
});

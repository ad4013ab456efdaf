import { describe, expect, it } from 'vitest';
import { DRAFT_STORAGE_KEY } from '../src/shared/draft.js';
import { NOT_FOUND_TITLE, PAGE_TITLES, renewPath } from '../src/shared/routes.js';
import { SITE_NAME } from '../src/shared/site.js';
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
      // Pages under the builder's top bar (not the template previews, under their own bar):
      // its "Skip to content" takes the keyboard to the page's main part.
      if (/^\/(template\d|edit-)/.test(route)) return;
      const skip = page.getByRole('link', { name: 'Skip to content' });
      await skip.focus();
      await expect(skip.isVisible()).resolves.toBe(true);
      await skip.press('Enter');
      await expect(page.evaluate(() => document.activeElement?.tagName)).resolves.toBe('MAIN');
    },
  );

  it('an unknown path is a 404 with a proper not-found page', async () => {
    const page = await session.newPage();
    // Chromium reports the 404 document itself on the console.
    session.allowConsoleError(/status of 404 \(Not Found\)/);
    const response = await page.goto('/definitely/not/here');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await expect(page.title()).resolves.toBe(NOT_FOUND_TITLE);
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL(`${baseUrl()}/`);
  });
});

describe('the top bar', () => {
  const session = useBrowser();
  const routes = [
    '/',
    '/choose',
    '/edit',
    '/final-preview',
    '/ack',
    '/account',
    renewPath('someone'),
    '/about-us',
    '/contact-us',
    '/terms-and-conditions',
    '/privacy-policy',
    '/refund-policy',
    '/screen-error',
    '/no-such-page',
  ];

  it.each(routes.flatMap((route) => [1280, 360].map((width) => [route, width] as const)))(
    'on %s at %i px: one height, the mark and name linking home, nothing wrapped',
    async (route, width) => {
      const page = await session.newPage({ width, height: 800 });
      session.allowConsoleError(/status of 404 \(Not Found\)/);
      await page.addInitScript(([key, draft]) => window.localStorage.setItem(key, draft), [
        DRAFT_STORAGE_KEY,
        JSON.stringify({ templateId: 'template1', data: SAMPLE_DATA.template1 }),
      ] as const);
      await page.goto(route);
      const bar = page.getByRole('banner');
      const home = bar.getByRole('link', { name: SITE_NAME, exact: true });
      // Polled: a page may draw its bar first and again with the rest (the final preview draws
      // its opening before the server answers), and a read in between finds no element.
      await expect.poll(() => home.getAttribute('href')).toBe('/');
      await expect.poll(() => home.locator('.brand-mark').isVisible()).toBe(true);
      // Phones show the mark alone (the name clipped to a pixel); it stays the link's name.
      await expect
        .poll(() =>
          home.getByText(SITE_NAME).evaluate((name) => {
            const box = name.getBoundingClientRect();
            return (
              box.width > 1 && box.bottom <= name.parentElement!.getBoundingClientRect().bottom
            );
          }),
        )
        .toBe(width > 420);
      await expect
        .poll(() => bar.evaluate((element) => element.getBoundingClientRect().height))
        .toBe(60);
      await expect(
        page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).resolves.toBeLessThanOrEqual(0);
    },
  );
});

describe('pages shorter than the screen', () => {
  const session = useBrowser();
  // The builder pages that carry the strip (the small-screen and not-found pages do not). /ack
  // opened on its own now explains itself and offers the person's page or a sign-in: more than
  // a phone's screen, so it is not among them.
  const routes = ['/account', renewPath('someone')];

  it.each(routes.flatMap((route) => [1280, 375].map((width) => [route, width] as const)))(
    '%s at %i px fits the screen with the test-mode strip above it: no scrolling for nothing',
    async (route, width) => {
      const page = await session.newPage({ width, height: 800 });
      await page.goto(route);
      await page.getByRole('complementary', { name: 'Test mode' }).waitFor();
      await page.locator('h1').first().waitFor();
      // Polled: the strip publishes its height once it is laid out (and again when fonts arrive).
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight))
        .toBeLessThanOrEqual(0);
    },
  );
});

describe('the skip link', () => {
  const session = useBrowser();

  it.each([1280, 375])(
    'at %i px shows nothing over the test-mode strip until the keyboard reaches it',
    async (width) => {
      const page = await session.newPage({ width, height: 800 });
      await page.goto('/account');
      await page.getByRole('complementary', { name: 'Test mode' }).waitFor();
      const skip = page.getByRole('link', { name: 'Skip to content' });
      // Clipped to nothing: at most the one pixel a visually hidden element keeps.
      const area = () =>
        skip.evaluate((link) => {
          const box = link.getBoundingClientRect();
          return box.width * box.height;
        });
      await expect(area()).resolves.toBeLessThanOrEqual(1);
      await page.keyboard.press('Tab');
      await expect.poll(() => skip.evaluate((link) => link === document.activeElement)).toBe(true);
      await expect
        .poll(() => skip.evaluate((link) => link.getBoundingClientRect().top))
        .toBeGreaterThanOrEqual(0);
    },
  );
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

  it('loads each page from a static page and from the app', async () => {
    const page = await session.newPage({ width: 1280, height: 800 });
    await page.goto('/choose');
    await page.getByRole('heading', { level: 1 }).waitFor();
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

describe("the product's header", () => {
  const session = useBrowser();
  // Home, an information page and the app's own pages: static and hydrated, signed out.
  const routes = [
    '/',
    '/about-us',
    '/privacy-policy',
    '/choose',
    '/account',
    '/ack',
    renewPath('someone'),
  ];

  it.each([1280, 375])('is one design on every page at %i px', async (width) => {
    const looks = [];
    for (const route of routes) {
      const page = await session.newPage({ width, height: 800 });
      await page.goto(route);
      const bar = page.getByRole('banner');
      const templates = bar.getByRole('navigation', { name: 'Site' }).getByRole('link', {
        name: 'Templates',
      });
      await templates.waitFor();
      const look = await bar.evaluate((header) => {
        const box = (element: Element) => {
          const { x, width, height } = element.getBoundingClientRect();
          // Across pages, relative to the bar: a notice above it moves the bar, not its parts.
          const top = element.getBoundingClientRect().top - header.getBoundingClientRect().top;
          return [x, top, width, height].map(Math.round).join(',');
        };
        const link = header.querySelector('nav a')!;
        // The font, not the colour: on /choose the link is the current page's, in the accent.
        const style = getComputedStyle(header);
        const linkStyle = getComputedStyle(link);
        return {
          bar: `${Math.round(header.getBoundingClientRect().height)} ${style.position} ${style.backgroundColor}`,
          mark: box(header.querySelector('.brand-mark')!),
          nav: `${box(header.querySelector('nav')!).split(',')[1]} ${linkStyle.font}`,
        };
      });
      looks.push({ route, ...look });
      await page.close();
    }
    // Every page against the home page: the same bar, mark and link type in the same places.
    for (const look of looks) {
      expect({ ...look, route: '/' }, look.route).toEqual(looks[0]);
    }
  });
});

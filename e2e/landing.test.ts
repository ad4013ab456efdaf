import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { TEMPLATE_IDS, templateName } from '../src/shared/templates/catalog.js';
import { seriousAxeViolations } from './axe.js';
import { useBrowser } from './browser.js';
import { signInThroughPopup } from './fixtures.js';

/** Whether the element's box is inside the first screen and drawn at full strength. */
const shownOnFirstScreen = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    return (
      box.top >= 0 &&
      box.bottom <= window.innerHeight &&
      style.visibility === 'visible' &&
      Number(style.opacity) === 1
    );
  });

const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/** Each collage caption's text, where it is drawn, and its contrast against the print's frame. */
const collageCaptions = (page: Page) =>
  page.locator('.collage__caption').evaluateAll((captions) => {
    const channels = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = (color: string) => {
      const [r = 0, g = 0, b = 0] = channels(color).map((value) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    /** The first colour painted behind the element; opaque, or the test says so below. */
    const groundOf = (element: Element) => {
      for (let at: Element | null = element; at; at = at.parentElement) {
        const background = getComputedStyle(at).backgroundColor;
        const alpha = channels(background)[3] ?? 1;
        if (alpha > 0) return { background, opaque: alpha === 1 };
      }
      return { background: 'rgb(255, 255, 255)', opaque: true };
    };
    return captions.map((caption) => {
      const box = caption.getBoundingClientRect();
      const ground = groundOf(caption);
      const [light, dark] = [
        luminance(getComputedStyle(caption).color),
        luminance(ground.background),
      ].sort((a, b) => b - a);
      return {
        // The words drawn, without the link's "Preview " that only screen readers hear.
        text: [...caption.querySelectorAll('*:not(.visually-hidden)')]
          .flatMap((element) => [...element.childNodes])
          .filter((node) => node.nodeType === Node.TEXT_NODE)
          .map((node) => node.textContent)
          .join('')
          .trim(),
        left: box.left,
        right: box.right,
        height: box.height,
        fontSize: parseFloat(getComputedStyle(caption).fontSize),
        opaqueGround: ground.opaque,
        contrast: ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05),
      };
    });
  });

describe('the landing page', () => {
  const session = useBrowser();

  it('says what people get, under the product name, with a collage of the five templates at full strength', async () => {
    const page = await session.newPage({ width: 1440, height: 900 });
    await page.goto('/');
    await expect(page.title()).resolves.toBe('Online Portfolio Builder');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'Your own portfolio page, online in minutes',
    );
    const images = page.locator('.collage__image');
    await expect(images.count()).resolves.toBe(5);
    // Every image really loads (no broken picture in the shop window), and none is dimmed.
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('.collage__image')].every(
        (image) => image.complete && image.naturalWidth > 0,
      ),
    );
    const dimmed = await images.evaluateAll((all) =>
      all.filter((image) => {
        const style = getComputedStyle(image);
        return Number(style.opacity) < 1 || style.filter !== 'none';
      }),
    );
    expect(dimmed).toHaveLength(0);
  });

  it.each([
    [1280, 800],
    [1024, 768],
    [768, 1024],
    [375, 812],
    [320, 640],
  ])(
    'shows each template once at %i px, named in a readable caption that links to its preview',
    async (width, height) => {
      const page = await session.newPage({ width, height });
      await page.goto('/');
      const collage = page.getByRole('list', { name: 'The templates' });
      const links = collage.getByRole('link');
      await expect(links.count()).resolves.toBe(TEMPLATE_IDS.length);
      // Five different templates, in the builder's order, each link named for its preview.
      for (const [index, id] of TEMPLATE_IDS.entries()) {
        const link = collage.getByRole('link', {
          name: `Preview ${templateName(id)}`,
          exact: true,
        });
        await expect(link.getAttribute('href')).resolves.toBe(`/${id}`);
        await expect(links.nth(index).getAttribute('href')).resolves.toBe(`/${id}`);
        await expect(link.isVisible()).resolves.toBe(true);
      }
      const captions = await collageCaptions(page);
      expect(captions.map((caption) => caption.text)).toEqual(TEMPLATE_IDS.map(templateName));
      await expect(page.locator('.hero__eyebrow').textContent()).resolves.toBe(
        'Online Portfolio Builder',
      );
      if (width <= 560) {
        // A row to swipe on a phone, from the first print, each most of the screen wide so that
        // its words can be read.
        await expect(
          page
            .locator('.collage__tile')
            .first()
            .evaluate((tile) => tile.getBoundingClientRect().left),
        ).resolves.toBeGreaterThanOrEqual(0);
        const widths = await page
          .locator('.collage__image')
          .evaluateAll((images) => images.map((image) => image.getBoundingClientRect().width));
        for (const shown of widths) expect(shown).toBeGreaterThanOrEqual(width * 0.7);
      }
      for (const index of captions.keys()) {
        // Each print looked at where it is shown: on a phone, once swiped to.
        await page.locator('.collage__tile').nth(index).scrollIntoViewIfNeeded();
        const caption = (await collageCaptions(page))[index]!;
        // Drawn whole inside the window, at a size a phone can read, on the print's white frame.
        expect(caption.left).toBeGreaterThanOrEqual(0);
        expect(caption.right).toBeLessThanOrEqual(width);
        expect(caption.height).toBeGreaterThan(0);
        expect(caption.fontSize).toBeGreaterThanOrEqual(14);
        expect(caption.opaqueGround).toBe(true);
        expect(caption.contrast).toBeGreaterThanOrEqual(7);
      }
      await expect(overflowsSideways(page)).resolves.toBe(false);
    },
  );

  it.each([
    [1280, 800],
    [375, 812],
  ])(
    "is light like the builder's other pages at %i px: cream paper, ink words",
    async (width, height) => {
      const page = await session.newPage({ width, height });
      await page.goto('/');
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLImageElement>('.collage__image')]
          .filter((image) => image.loading === 'eager')
          .every((image) => image.complete),
      );
      await expect(
        page.evaluate(() => getComputedStyle(document.body).backgroundColor),
      ).resolves.toBe('rgb(250, 247, 242)');
      await expect(
        page.locator('.hero__title').evaluate((title) => getComputedStyle(title).color),
      ).resolves.toBe('rgb(29, 27, 38)');
      // What is painted, pictures and all: the first screen is mostly light (a dark one is ~40).
      const { channels } = await sharp(await page.screenshot()).stats();
      const brightness = channels.slice(0, 3).reduce((sum, channel) => sum + channel.mean, 0) / 3;
      expect(brightness).toBeGreaterThan(190);
    },
  );

  it.each([
    [1440, 900],
    [1280, 800],
    [1024, 768],
    [375, 812],
    [360, 740],
    [320, 640],
  ])(
    'shows the tagline, what it does, the starting price and Get Started from the first paint at %i px',
    async (width, height) => {
      const page = await session.newPage({ width, height });
      await page.goto('/');
      expect(new URL(page.url()).pathname).toBe('/');
      await expect(
        page.getByText('Showcase Your Story, Build Your Brand.').isVisible(),
      ).resolves.toBe(true);
      await expect(page.getByText(/pick a design, fill in your work/).isVisible()).resolves.toBe(
        true,
      );
      // The cheapest template of the seeded price list, as the server decides it.
      await page.getByText('From ₹499 a year, taxes included').waitFor();
      await expect(shownOnFirstScreen(page, '.hero__cta')).resolves.toBe(true);
      await expect(overflowsSideways(page)).resolves.toBe(false);
    },
  );

  it('names the three steps and carries the product mark in its header', async () => {
    const page = await session.newPage({ width: 1280, height: 800 });
    await page.goto('/');
    const steps = await page.locator('.how-steps__item h3').allTextContents();
    expect(steps).toEqual(['Pick a template', 'Fill in your details', 'Publish']);
    await expect(page.getByRole('banner').locator('.brand-mark').isVisible()).resolves.toBe(true);
  });

  it('shows Sign In in its header as /choose does, then who is signed in, on a phone too', async () => {
    const page = await session.newPage({ width: 360, height: 740 });
    await page.goto('/');
    const bar = page.getByRole('banner');
    // The header's main line, measured before the server has said who is here.
    const main = await page.locator('main').boundingBox();
    const signIn = bar.getByRole('button', { name: 'Sign In' });
    await signIn.waitFor();
    await expect(bar.getByRole('link', { name: 'My portfolios' }).count()).resolves.toBe(0);
    // Templates is a word on phones, not a lone house.
    await expect(bar.getByRole('link', { name: 'Templates' }).textContent()).resolves.toBe(
      'Templates',
    );
    const wordWidth = () =>
      bar
        .getByText('Templates')
        .boundingBox()
        .then((box) => box?.width ?? 0);
    await expect(wordWidth()).resolves.toBeGreaterThan(40);
    await expect(page.locator('main').boundingBox()).resolves.toEqual(main);

    const email = `landing-${Date.now()}@example.com`;
    await signInThroughPopup(page, () => signIn.click(), { name: 'Asha Rao', email });
    await bar.getByRole('button', { name: 'Sign out' }).waitFor();
    await expect(
      bar.getByRole('link', { name: 'My portfolios' }).getAttribute('href'),
    ).resolves.toBe('/account');
    await expect(wordWidth()).resolves.toBeGreaterThan(40);
    // Templates, My portfolios and Sign out in one row within the phone's width.
    const tops = await bar
      .locator('.site-header > *')
      .evaluateAll((parts) => parts.map((part) => Math.round(part.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBe(360);
    await expect(page.locator('main').boundingBox()).resolves.toEqual(main);

    // The information pages say the same, with the name on a wider screen.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/about-us');
    await bar.getByText('Welcome Asha!').waitFor();
    await bar.getByRole('button', { name: 'Sign out' }).click();
    await bar.getByRole('button', { name: 'Sign In' }).waitFor();
    await expect(
      page.evaluate(() => fetch('/api/me').then((r) => r.json() as Promise<{ user: unknown }>)),
    ).resolves.toMatchObject({ user: null });
  });

  it('keeps the page still while the price arrives (no layout shift)', async () => {
    const page = await session.newPage({ width: 1280, height: 800 });
    // The price is held back until the page has been measured without it, however slow the
    // machine (a fixed delay could run out first, and the test then compare after with after).
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/templates', async (route) => {
      await answered;
      await route.continue();
    });
    await page.goto('/');
    // Measured once the fonts are in: a font swap is not what this test is about.
    await page.evaluate(() => document.fonts.ready);
    const before = await page.locator('.how-steps').boundingBox();
    answer();
    await page.getByText('From ₹499 a year, taxes included').waitFor();
    const after = await page.locator('.how-steps').boundingBox();
    expect(after?.y).toBe(before?.y);
  });

  it('arrives drawn: heading, steps and Get Started without JavaScript', async () => {
    const page = await session.newPage({ width: 375, height: 812 }, { javaScriptEnabled: false });
    await page.goto('/');
    await expect(page.title()).resolves.toBe('Online Portfolio Builder');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'Your own portfolio page, online in minutes',
    );
    await expect(page.locator('.how-steps__item h3').allTextContents()).resolves.toEqual([
      'Pick a template',
      'Fill in your details',
      'Publish',
    ]);
    await expect(shownOnFirstScreen(page, '.hero__cta')).resolves.toBe(true);
    await expect(
      page.getByRole('link', { name: 'Get Started' }).getAttribute('href'),
    ).resolves.toBe('/choose');
  });

  it('is a static page: no app script runs; its own fills in the year and the price in place', async () => {
    const page = await session.newPage({ width: 375, height: 812 });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    // Records whether anything drawn was thrown away and drawn again.
    await page.addInitScript(() => {
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.removedNodes) {
            if (node instanceof Element) document.documentElement.dataset.redrawn = 'yes';
          }
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/');
    await page.getByText(`© ${new Date().getFullYear()} Online Portfolio Builder`).waitFor();
    await page.getByText('From ₹499 a year, taxes included').waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/^\/assets\/static-page-[\w-]+\.js$/);
    await expect(page.locator('html').getAttribute('data-redrawn')).resolves.toBeNull();
    // Get Started loads the picker's document, which the app then runs.
    await page.evaluate(() => (document.documentElement.dataset.samePage = 'yes'));
    await page.getByRole('link', { name: 'Get Started' }).click();
    await page
      .getByRole('heading', { level: 1, name: 'Pick a Template & Make It Yours' })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/choose');
    await expect(page.title()).resolves.toBe('Pick a template · Online Portfolio Builder');
    await expect(page.locator('html').getAttribute('data-same-page')).resolves.toBeNull();
  });

  it('says nothing about price when the template list cannot be read, and keeps its place', async () => {
    // The browser reports the failed request; the page itself stays quiet.
    session.allowConsoleError(/status of 503/);
    const page = await session.newPage({ width: 1280, height: 800 });
    await page.route('**/api/templates', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }),
    );
    const answered = page.waitForResponse('**/api/templates');
    await page.goto('/');
    await answered;
    await page.getByText(`© ${new Date().getFullYear()} Online Portfolio Builder`).waitFor();
    await expect(page.locator('.hero__price').textContent()).resolves.toBe('');
    await expect(
      page.locator('.hero__price').evaluate((line) => line.getBoundingClientRect().height),
    ).resolves.toBeGreaterThan(0);
  });

  it('leads back to itself from the app by loading its document', async () => {
    const page = await session.newPage({ width: 1280, height: 800 });
    await page.goto('/choose');
    await page
      .getByRole('heading', { level: 1, name: 'Pick a Template & Make It Yours' })
      .waitFor();
    await page.evaluate(() => (document.documentElement.dataset.samePage = 'yes'));
    await page.getByRole('banner').getByRole('link', { name: 'Online Portfolio Builder' }).click();
    await page.getByText('From ₹499 a year, taxes included').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(page.locator('html').getAttribute('data-same-page')).resolves.toBeNull();
  });

  it('fetches on a phone one small AVIF picture per template, under 50 KB together', async () => {
    const page = await session.newPage({ width: 375, height: 812 });
    const fetched: Promise<[string, number]>[] = [];
    page.on('requestfinished', (request) => {
      const name = /\/images\/(collage-[\w-]+\.\w+)$/.exec(request.url())?.[1];
      if (name) fetched.push(request.sizes().then((sizes) => [name, sizes.responseBodySize]));
    });
    await page.goto('/');
    // The lower prints load once laid out near the screen: scrolled to, they are all in.
    await page.locator('.collage__item').last().scrollIntoViewIfNeeded();
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('.collage__image')].every(
        (image) => image.complete && image.naturalWidth > 0,
      ),
    );
    await page.waitForLoadState('networkidle');
    const pictures = await Promise.all(fetched);
    // The browser picks the AVIF source; the WebP fallback is never fetched beside it.
    expect(pictures.map(([name]) => name).sort()).toEqual(
      TEMPLATE_IDS.map((id) => `collage-${id}.avif`),
    );
    const bytes = pictures.reduce((sum, [, size]) => sum + size, 0);
    expect(bytes).toBeLessThan(50 * 1024);
  });

  it('makes each print a link to its template preview that straightens and lifts on focus', async () => {
    const page = await session.newPage({ width: 1440, height: 900 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const tiles = await page
      .locator('.collage__tile')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(tiles).toEqual(TEMPLATE_IDS.map((id) => `/${id}`));
    // Laid by hand: the first print is tilted until it is picked up.
    const first = page.locator('.collage__tile').first();
    await expect(first.evaluate((link) => getComputedStyle(link).rotate)).resolves.not.toBe('0deg');
    // After the top bar (Skip to content, home, Templates, Sign In once the server has
    // answered), tabbing reaches the hero's Get Started first, then the prints, each
    // straightening and lifting in focus.
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).waitFor();
    for (let i = 0; i < 6; i += 1) await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    await expect(focused.getAttribute('href')).resolves.toBe('/template1');
    await expect(
      focused.evaluate((link) => [getComputedStyle(link).rotate, getComputedStyle(link).translate]),
    ).resolves.toEqual(['0deg', '0px -8px']);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/template1');
    await page.locator('#personalDetails').waitFor();
  });

  it('Get Started goes to the template picker', async () => {
    const page = await session.newPage({ width: 1440, height: 900 });
    await page.goto('/');
    await page.getByRole('link', { name: 'Get Started' }).click();
    await page.waitForURL('**/choose');
    expect(new URL(page.url()).pathname).toBe('/choose');
  });

  it('is reachable by keyboard: Tab reaches Get Started', async () => {
    const page = await session.newPage({ width: 1440, height: 900 });
    await page.goto('/');
    for (let i = 0; i < 10; i += 1) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => document.activeElement?.textContent);
      if (focused === 'Get Started') break;
    }
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(
      'Get Started',
    );
  });

  it.each([1280, 375, 320])(
    'passes axe with no serious or critical violations at %i px',
    async (width) => {
      const page = await session.newPage({ width, height: 800 }, { bypassCSP: true });
      await page.goto('/');
      await page.getByText('From ₹499 a year, taxes included').waitFor();
      // The whole page, the collage's links and the contrast of their captions included.
      await expect(seriousAxeViolations(page)).resolves.toEqual([]);
    },
  );
});

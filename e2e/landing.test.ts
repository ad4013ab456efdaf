import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser.js';

const revealOpacity = (page: import('playwright-core').Page) =>
  page.locator('.collage__reveal').evaluate((element) => Number(getComputedStyle(element).opacity));

describe('the landing page', () => {
  const session = useBrowser();

  it('shows the title and a collage of eight template images', async () => {
    const page = await session.newPage({ width: 1440, height: 900 });
    await page.goto('/');
    await expect(page.title()).resolves.toBe('Online Portfolio Builder');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'Online Portfolio Builder',
    );
    const images = page.locator('.collage__image');
    await expect(images.count()).resolves.toBe(8);
    // Every image really loads (no broken picture in the shop window).
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('.collage__image')].every(
        (image) => image.complete && image.naturalWidth > 0,
      ),
    );
  });

  it('reveals the tagline and Get Started when the centre image is hovered, on a wide screen', async () => {
    const page = await session.newPage({ width: 1440, height: 900 });
    await page.goto('/');
    const centre = page.locator('.collage__centre');
    await expect(centre.getAttribute('data-revealed')).resolves.toBe('false');
    await expect(revealOpacity(page)).resolves.toBe(0);

    await centre.hover();
    await expect(centre.getAttribute('data-revealed')).resolves.toBe('true');
    await page.waitForFunction(
      () => getComputedStyle(document.querySelector('.collage__reveal')!).opacity === '1',
    );
    await expect(
      page.getByText('Showcase Your Story, Build Your Brand.').isVisible(),
    ).resolves.toBe(true);

    await page.mouse.move(5, 5);
    await expect(centre.getAttribute('data-revealed')).resolves.toBe('false');
  });

  it('Get Started goes to the template picker', async () => {
    const page = await session.newPage({ width: 1440, height: 900 });
    await page.goto('/');
    await page.locator('.collage__centre').hover();
    await page.getByRole('link', { name: 'Get Started' }).click();
    await page.waitForURL('**/choose');
    expect(new URL(page.url()).pathname).toBe('/choose');
  });

  it('forces the hover state on at 1024 px wide or less', async () => {
    for (const width of [1024, 800]) {
      const page = await session.newPage({ width, height: 800 });
      await page.goto('/');
      await expect(page.locator('.collage__centre').getAttribute('data-revealed')).resolves.toBe(
        'true',
      );
      await expect(page.locator('.collage').getAttribute('data-hovered')).resolves.toBe('true');
      await expect(page.getByRole('link', { name: 'Get Started' }).isVisible()).resolves.toBe(true);
    }
    const wide = await session.newPage({ width: 1025, height: 800 });
    await wide.goto('/');
    await expect(wide.locator('.collage__centre').getAttribute('data-revealed')).resolves.toBe(
      'false',
    );
  });

  it('sends a 750 px wide window to /screen-error, and lets 751 px stay', async () => {
    const small = await session.newPage({ width: 750, height: 900 });
    await small.goto('/');
    await small.waitForURL('**/screen-error');
    await expect(small.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'Please use a larger screen',
    );
    await expect(small.getByText(/not supported on mobile devices/).isVisible()).resolves.toBe(
      true,
    );
    await expect(small.getByText(/desktop or\s+laptop/).isVisible()).resolves.toBe(true);

    const phone = await session.newPage({ width: 375, height: 740 });
    await phone.goto('/');
    await phone.waitForURL('**/screen-error');

    const enough = await session.newPage({ width: 751, height: 900 });
    // The redirect checks the width, then listens for resizes, in one effect: once that listener
    // is added (no other code on this page listens for resizes), the check has run.
    await enough.addInitScript(() => {
      const add = window.addEventListener.bind(window);
      window.addEventListener = ((...args: Parameters<typeof add>) => {
        if (args[0] === 'resize')
          (window as unknown as { resizeListened: boolean }).resizeListened = true;
        add(...args);
      }) as typeof window.addEventListener;
    });
    await enough.goto('/');
    await enough.waitForFunction(
      () => (window as unknown as { resizeListened?: boolean }).resizeListened === true,
    );
    expect(new URL(enough.url()).pathname).toBe('/');
  });

  it('is reachable by keyboard: Tab reaches Get Started and reveals it', async () => {
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
    await expect(page.locator('.collage__centre').getAttribute('data-revealed')).resolves.toBe(
      'true',
    );
  });
});

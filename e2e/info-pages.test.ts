import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser.js';

describe('the site pages', () => {
  const session = useBrowser();

  it('About Us has its headings and a home icon to /choose', async () => {
    const page = await session.newPage({ width: 1280, height: 900 });
    await page.goto('/about-us');
    await page.getByRole('heading', { name: 'Why Choose...?' }).waitFor();
    for (const name of ['Tailored Designs', 'Ease of Use', 'Expert Support', 'Our Mission']) {
      await expect(page.getByRole('heading', { name }).isVisible(), name).resolves.toBe(true);
    }
    await expect(
      page
        .getByText(/can be customised/)
        .first()
        .isVisible(),
    ).resolves.toBe(true);
    // The header's house icon, on its Templates link, leads to the picker.
    const home = page.getByRole('banner').getByRole('link', { name: 'Templates' });
    await expect(home.locator('svg').isVisible()).resolves.toBe(true);
    await home.click();
    await page.waitForURL('**/choose');
  });

  it('the privacy policy is dated 07/01/2025 and names the one sign-in cookie', async () => {
    const page = await session.newPage({ width: 1280, height: 900 });
    await page.goto('/privacy-policy');
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toContain('07/01/2025');
    expect(text).toMatch(/cookie/i);
    expect(text).toMatch(/no (tracking|advertising)/i);
  });

  it('the refund policy states the response and payout times and the no-refund cases', async () => {
    const page = await session.newPage({ width: 1280, height: 900 });
    await page.goto('/refund-policy');
    const text = ((await page.locator('main').textContent()) ?? '').replace(/\s+/g, ' ');
    expect(text).toContain('1-2 business days');
    expect(text).toContain('10 business days');
    expect(text).toMatch(/change of template/i);
    expect(text).toMatch(/same username/i);
  });

  it.each(['/contact-us', '/terms-and-conditions'])('%s has real content', async (route) => {
    const page = await session.newPage({ width: 1280, height: 900 });
    await page.goto(route);
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text.length).toBeGreaterThan(600);
  });

  it.each([
    '/about-us',
    '/privacy-policy',
    '/refund-policy',
    '/terms-and-conditions',
    '/contact-us',
  ])('%s has no horizontal scrolling at 360 px', async (route) => {
    const page = await session.newPage({ width: 360, height: 800 });
    await page.goto(route);
    await page.locator('main').waitFor();
    await expect(
      page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).resolves.toBeLessThanOrEqual(0);
  });

  it.each([375, 1280])(
    'Skip to content, the first stop of the keyboard at %i px, moves focus to the page',
    async (width) => {
      const page = await session.newPage({ width, height: 800 });
      await page.goto('/terms-and-conditions');
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to content' });
      await expect(skip.evaluate((link) => link === document.activeElement)).resolves.toBe(true);
      await expect(skip.isVisible()).resolves.toBe(true);
      await page.keyboard.press('Enter');
      await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('content');
      // The next Tab goes on from the page, past the top bar: the first section link.
      await page.keyboard.press('Tab');
      await expect(page.evaluate(() => document.activeElement?.getAttribute('href'))).resolves.toBe(
        '#these-terms',
      );
    },
  );
});

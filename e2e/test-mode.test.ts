import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser.js';

/** The suite's server runs without Razorpay keys, so the built-in test gateway is active. */
describe('the test-mode notice', () => {
  const session = useBrowser();

  it.each([
    [1280, '/choose'],
    [375, '/template2'],
    [375, '/final-preview'],
  ] as const)(
    'tells people on builder pages that payments are a test, covering nothing (%i px, %s)',
    async (width, path) => {
      const page = await session.newPage({ width, height: 800 });
      await page.goto(path);
      const notice = page.getByRole('complementary', { name: 'Test mode' });
      await notice.waitFor();
      await expect(notice.textContent()).resolves.toMatch(/^Test mode\s*No real payments/);
      // In the flow above the page, not over it: the heading starts below the notice.
      const noticeBox = (await notice.boundingBox())!;
      const headingBox = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
      expect(headingBox.y).toBeGreaterThanOrEqual(noticeBox.y + noticeBox.height);
      expect(noticeBox.width).toBeLessThanOrEqual(width);
      await expect(notice.evaluate((element) => getComputedStyle(element).position)).resolves.toBe(
        'static',
      );
    },
  );

  it('is not on the landing page, which takes no payment', async () => {
    const page = await session.newPage({ width: 1280, height: 800 });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('complementary', { name: 'Test mode' }).count()).resolves.toBe(0);
  });
});

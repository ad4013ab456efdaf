/**
 * The editor on a 375x812 touch phone: the form has the room, the step bar folding away while
 * the fields scroll down and coming back on the way up.
 */
import { describe, expect, it } from 'vitest';
import { SAMPLE_DATA } from '../src/shared/templates/registry.js';
import { useBrowser } from './browser.js';
import { storeDraft } from './fixtures.js';

describe('the editor on a phone', () => {
  const session = useBrowser();

  it('folds the step bar while the fields scroll down, giving the form 640+ px of 812', async () => {
    const page = await session.newPage(
      { width: 375, height: 812 },
      { isMobile: true, hasTouch: true },
    );
    const data = structuredClone(SAMPLE_DATA.template4);
    data.personalDetails.name = 'Ravi Iyer';
    await storeDraft(page, { templateId: 'template4', data });
    await page.goto('/edit');
    await page.locator('#editor-step-heading').waitFor();
    const scroller = page.locator('.editor__scroll');
    const steps = page.getByRole('navigation', { name: 'Editor steps' });
    const room = async () => (await scroller.boundingBox())!.height;
    const atTop = await room();
    await expect(steps.isVisible()).resolves.toBe(true);

    // Down through the fields: the bar folds, the form grows by its height.
    await scroller.evaluate((element) => element.scrollBy(0, 300));
    await expect.poll(room).toBeGreaterThanOrEqual(atTop + 60);
    expect(await room()).toBeGreaterThanOrEqual(640);
    await expect.poll(() => steps.isVisible()).toBe(false);

    // A little way back up: the bar is back, the step names at hand.
    await scroller.evaluate((element) => element.scrollBy(0, -40));
    await expect.poll(() => steps.isVisible()).toBe(true);
    await expect.poll(room).toBe(atTop);
  });

  it('keeps the step bar folded at the bottom of a step, where folding pulls the scroll back', async () => {
    const page = await session.newPage(
      { width: 375, height: 812 },
      { isMobile: true, hasTouch: true },
    );
    await storeDraft(page, { templateId: 'template4', data: SAMPLE_DATA.template4 });
    await page.goto('/edit');
    await page.locator('#editor-step-heading').waitFor();
    const scroller = page.locator('.editor__scroll');
    const steps = page.getByRole('navigation', { name: 'Editor steps' });
    // Straight to the very bottom, as a fling does, then nudges there: the bar stays away.
    const settle = () =>
      page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
    for (let nudge = 0; nudge < 3; nudge += 1) {
      await scroller.evaluate((element) => element.scrollTo(0, element.scrollHeight));
      await expect.poll(() => steps.isVisible()).toBe(false);
      await settle();
      await settle();
      await expect(steps.isVisible()).resolves.toBe(false);
    }
  });
});

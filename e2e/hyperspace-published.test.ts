import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { SAMPLE_DATA } from '../src/shared/templates/registry.js';
import { publishDirectly } from '../test/publish-directly.js';
import { useBrowser } from './browser.js';
import { serverDatabase } from './fixtures.js';

describe("a published Hyperspace page's sidebar", () => {
  const session = useBrowser();
  const db = serverDatabase();

  afterAll(async () => {
    await db.destroy();
  });

  it('marks the part in view as the visitor scrolls, with no script on the page', async () => {
    const username = `hs-spy-${randomUUID().slice(0, 6)}`;
    await publishDirectly(db, {
      username,
      templateId: 'template3',
      data: structuredClone(SAMPLE_DATA.template3),
    });
    const page = await session.newPage({ width: 1440, height: 900 });
    await page.goto(`/users/${username}`);
    await page.locator('#section2').waitFor();
    // The published page is static: nothing runs the template's scroll spy.
    await expect(page.locator('[data-hs-spying]').count()).resolves.toBe(0);
    const marked = () =>
      page
        .locator('.hs-nav a')
        .evaluateAll((links) =>
          links
            .filter((link) => getComputedStyle(link).color === 'rgb(255, 255, 255)')
            .map((link) => link.getAttribute('href')),
        );
    await expect.poll(marked).toEqual(['#personalDetails']);
    for (const id of ['section', 'section2', 'contactDetails']) {
      await page.locator(`#${id}`).evaluate((element) => {
        const top = element.getBoundingClientRect().top + window.scrollY;
        // Its top a little above the middle of the window, as a reader who got there.
        window.scrollTo(0, top - window.innerHeight * 0.4);
      });
      await expect.poll(marked).toEqual([`#${id}`]);
    }
  });
});

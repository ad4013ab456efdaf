import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { isStaticRoute, PRERENDERED_ROUTES } from '../src/shared/prerender.js';
import { CHOOSE_PATH, EDIT_PATH, PAGE_TITLES } from '../src/shared/routes.js';
import { useBrowser } from './browser.js';
import { signInThroughPopup } from './fixtures.js';

/** The builder pages the build draws and the app hydrates (main.tsx). */
const HYDRATED = PRERENDERED_ROUTES.filter((route) => !isStaticRoute(route));

/**
 * Before the page's scripts run: keeps the element the HTML drew first in the root, and counts
 * every time the app's loading status (FirstLoad in router.tsx, all the root holds) is put in.
 */
async function watchTheRoot(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const watched = window as unknown as { drawn?: Element | null; loadingShown: number };
    watched.loadingShown = 0;
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      watched.drawn = document.getElementById('root')!.firstElementChild;
    });
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node instanceof Element && node.matches('#root > p[role="status"]'))
            watched.loadingShown += 1;
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/** Whether React has taken the root's first element (hydrated or drawn it). */
function reactOwnsTheRoot(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const first = document.getElementById('root')!.firstElementChild;
    return !!first && Object.keys(first).some((key) => key.startsWith('__reactFiber'));
  });
}

describe('routing in the app', () => {
  const session = useBrowser();

  it.each(HYDRATED)('hydrates %s as drawn: the same elements, no loading state', async (route) => {
    const page = await session.newPage();
    await watchTheRoot(page);
    await page.goto(route);
    await expect.poll(() => reactOwnsTheRoot(page)).toBe(true);
    // A hydration that found other markup would have drawn the page again, in new elements.
    const kept = await page.evaluate(() => {
      const watched = window as unknown as { drawn?: Element | null; loadingShown: number };
      return {
        drawn: watched.drawn?.outerHTML.slice(0, 40),
        same:
          !!watched.drawn && watched.drawn === document.getElementById('root')!.firstElementChild,
        loadingShown: watched.loadingShown,
      };
    });
    expect(kept.drawn, 'the HTML drew the page').toBeTruthy();
    expect(kept.same, 'the drawn element is the one React took').toBe(true);
    expect(kept.loadingShown).toBe(0);
  });

  it('keeps the page on screen while the next page’s code loads, then shows it', async () => {
    const page = await session.newPage();
    await watchTheRoot(page);
    await page.goto(CHOOSE_PATH);
    await expect.poll(() => reactOwnsTheRoot(page)).toBe(true);
    // The editor's code is not loaded on /choose: picking a template navigates to it.
    await page.getByRole('button', { name: 'Select Directive' }).click();
    await page.waitForURL(`**${EDIT_PATH}`);
    await page.getByRole('heading', { name: 'About you' }).waitFor();
    await expect(page.title()).resolves.not.toBe('');
    await expect(
      page.evaluate(() => (window as unknown as { loadingShown: number }).loadingShown),
    ).resolves.toBe(0);
    // Back is routed by the app too: the picker again, from the code it already has.
    await page.goBack();
    await page
      .getByRole('heading', { level: 1, name: 'Pick a Template & Make It Yours' })
      .waitFor();
  });

  it('says so when a page’s code does not arrive, and loads the page again on request', async () => {
    // The browser's and React's reports of the failed load, which this test causes.
    session.allowConsoleError(
      /Failed to load resource|Failed to fetch dynamically imported module/,
    );
    const page = await session.newPage();
    await page.goto(CHOOSE_PATH);
    await expect.poll(() => reactOwnsTheRoot(page)).toBe(true);
    const editorCode = /\/assets\/EditorPage-[\w-]+\.js$/;
    await page.route(editorCode, (route) => route.abort());
    await page.getByRole('button', { name: 'Select Directive' }).click();
    await page.getByRole('heading', { name: 'This page did not load' }).waitFor();
    await expect(page.title()).resolves.toBe(PAGE_TITLES[EDIT_PATH]);
    await page.unroute(editorCode);
    await page.getByRole('button', { name: 'Load the page again' }).click();
    await page.getByRole('heading', { name: 'About you' }).waitFor();
  });

  it('says so when a drawn page’s own code does not arrive, instead of a page that does nothing', async () => {
    session.allowConsoleError(
      /Failed to load resource|Failed to fetch dynamically imported module/,
    );
    const page = await session.newPage();
    const chooseCode = /\/assets\/ChoosePage-[\w-]+\.js$/;
    await page.route(chooseCode, (route) => route.abort());
    await page.goto(CHOOSE_PATH);
    await page.getByRole('heading', { name: 'This page did not load' }).waitFor();
    await page.unroute(chooseCode);
    await page.getByRole('button', { name: 'Load the page again' }).click();
    await page.getByRole('button', { name: 'Select Directive' }).waitFor();
  });

  it('opens a page the app moves to at its top', async () => {
    const page = await session.newPage({ width: 375, height: 500 });
    await page.goto(CHOOSE_PATH);
    await signInThroughPopup(page, () => page.getByRole('button', { name: 'Sign In' }).click(), {
      name: 'Scroll Tester',
      email: `scroll-${Date.now()}@example.com`,
    });
    const select = page.getByRole('button', { name: 'Select Phantom' });
    await select.scrollIntoViewIfNeeded();
    // Well down the page: more than a screen from its top.
    await expect(page.evaluate(() => window.scrollY)).resolves.toBeGreaterThan(500);
    await page.getByRole('link', { name: 'My portfolios' }).click();
    await page.waitForURL('**/account');
    await page.getByRole('heading', { level: 1, name: 'My portfolios' }).waitFor();
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0);
  });

  it('shows the loading status on a first load of a page the build does not draw', async () => {
    const page = await session.newPage();
    await watchTheRoot(page);
    await page.goto('/account');
    await page.getByRole('heading', { level: 1, name: 'My portfolios' }).waitFor();
    await expect(
      page.evaluate(() => (window as unknown as { loadingShown: number }).loadingShown),
    ).resolves.toBe(1);
  });
});

/**
 * The console check every browser test relies on: what the page itself gets wrong fails a test,
 * while a load Chromium gave up because the machine's network changed (another job on a CI
 * machine adding an interface) does not.
 */
import { describe, expect, it } from 'vitest';
import { isOutsideThePage, useBrowser } from './browser.js';

describe('console errors in browser tests', () => {
  const session = useBrowser();

  it("counts the page's own errors and its failed loads, but not a change of the machine's network", async () => {
    const page = await session.newPage();
    // Every console error, as Chromium words it, whether or not the check lets it through.
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });
    await page.route('**/missing-by-reset.css', (route) => route.abort('connectionreset'));
    await page.goto('/about-us');
    await page.evaluate(async () => {
      console.error('the page went wrong');
      const sheet = document.createElement('link');
      sheet.rel = 'stylesheet';
      sheet.href = '/missing-by-reset.css';
      const failed = new Promise((resolve) => (sheet.onerror = resolve));
      document.head.append(sheet);
      await failed;
      await fetch('/no-such-file-here.txt');
    });
    await expect.poll(() => logged.length).toBe(3);
    expect(logged[0]).toBe('the page went wrong');
    expect(logged[1]).toBe('Failed to load resource: net::ERR_CONNECTION_RESET');
    expect(logged[2]).toMatch(
      /^Failed to load resource: the server responded with a status of 404/,
    );
    expect(logged.filter(isOutsideThePage)).toEqual([]);
    // These are the page's own: the test would fail on them unless it said it expects them.
    for (const pattern of [/went wrong/, /ERR_CONNECTION_RESET/, /status of 404/]) {
      session.allowConsoleError(pattern);
    }
    // The line Chromium writes for a load cut by a network change (seen in a CI run), and only it.
    expect(isOutsideThePage('Failed to load resource: net::ERR_NETWORK_CHANGED')).toBe(true);
    expect(isOutsideThePage('Failed to load resource: net::ERR_CONNECTION_REFUSED')).toBe(false);
    expect(isOutsideThePage('net::ERR_NETWORK_CHANGED from the page itself')).toBe(false);
  });
});

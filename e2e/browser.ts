import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject, onTestFailed } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.js';

export const baseUrl = () => inject('baseUrl');

export interface BrowserSession {
  browser: () => Browser;
  /** A fresh page (its own context) at the given viewport, failing the test on console errors. */
  newPage(
    viewport?: { width: number; height: number },
    options?: {
      bypassCSP?: boolean;
      userAgent?: string;
      hasTouch?: boolean;
      isMobile?: boolean;
      javaScriptEnabled?: boolean;
      deviceScaleFactor?: number;
    },
  ): Promise<Page>;
  /** Console errors the test expects; everything else fails it. */
  allowConsoleError(pattern: RegExp): void;
}

/**
 * One Chromium for a test file. Each page records console errors and uncaught exceptions: a
 * stray one fails the test. A failing test leaves a screenshot in test-results/.
 */
export function useBrowser(): BrowserSession {
  let browser: Browser;
  let contexts: BrowserContext[] = [];
  let pages: Page[] = [];
  let errors: string[] = [];
  let allowed: RegExp[] = [];

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    const unexpected = errors.filter((error) => !allowed.some((pattern) => pattern.test(error)));
    await Promise.all(contexts.map((context) => context.close()));
    contexts = [];
    pages = [];
    errors = [];
    allowed = [];
    expect(unexpected, 'console errors').toEqual([]);
  });

  return {
    browser: () => browser,
    allowConsoleError(pattern) {
      allowed.push(pattern);
    },
    async newPage(viewport = { width: 1280, height: 800 }, options = {}) {
      const context = await browser.newContext({ viewport, baseURL: baseUrl(), ...options });
      contexts.push(context);
      const page = await context.newPage();
      pages.push(page);
      page.on('console', (message) => {
        if (message.type() !== 'error' || isOutsideThePage(message.text())) return;
        errors.push(`${message.text()} @ ${page.url()}`);
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message} @ ${page.url()}`));
      onTestFailed(async ({ task }) => {
        const dir = path.resolve('test-results');
        mkdirSync(dir, { recursive: true });
        const name = task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
        await page
          .screenshot({ path: path.join(dir, `${name}.png`), fullPage: true })
          .catch(() => {});
      });
      return page;
    },
  };
}

/**
 * What Chromium logs for a load that failed because of the machine rather than the page: its
 * network interfaces changed under it (another job adding or removing one). Only the browser's
 * own "Failed to load resource" line for that cause is let through; the page's own errors, and
 * every other failed load, still fail the test.
 */
const MACHINE_NETWORK_CHANGED = /^Failed to load resource: net::ERR_NETWORK_CHANGED$/;

export function isOutsideThePage(consoleError: string): boolean {
  return MACHINE_NETWORK_CHANGED.test(consoleError);
}

import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CLIENT_DIR, startTestApp } from '../../../test/app.js';
import { pageModuleOf } from '../../shared/page-modules.js';
import {
  PRERENDERED_MODES,
  PRERENDERED_ROUTES,
  prerenderedDocument,
} from '../../shared/prerender.js';
import { PAGE_TITLES, PARAMETERISED_PAGES } from '../../shared/routes.js';

const razorpay = {
  RAZORPAY_KEY_ID: 'rzp_test_x',
  RAZORPAY_KEY_SECRET: 'secret',
  RAZORPAY_WEBHOOK_SECRET: 'hook',
};

/** What the page's root element holds, as sent. */
const rootOf = (html: string) => /<div id="root">(.*?)<\/div>\s*<noscript>/s.exec(html)?.[1];

/** Needs the build (npm run build): the drawn pages' HTML is prerendered by it. */
describe('the builder pages as sent', () => {
  it.each([
    ['test', {}],
    ['razorpay', razorpay],
  ] as const)(
    'sends / already drawn, in %s payments mode, with its title and mode',
    async (mode, env) => {
      const t = await startTestApp('sqlite', env);
      try {
        const response = await fetch(`${t.url}/`);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
        const html = await response.text();
        expect(html).toContain('<title>Online Portfolio Builder</title>');
        expect(html).toContain(`<meta name="payments-mode" content="${mode}" />`);
        const root = rootOf(html);
        expect(root).toContain(
          '<h1 id="landing-title" class="hero__title">Online Portfolio Builder</h1>',
        );
        expect(root).toContain('<a class="button hero__cta" href="/choose"');
        // The landing page takes no payment, so it carries no test-mode notice in either mode.
        expect(root).not.toContain('test-mode-notice');
        // Drawn as the first client render draws it: no price until the browser has asked.
        expect(root).toContain('<p class="hero__price" aria-live="polite"></p>');
        expect(root).not.toMatch(/<title|<link/);
        // Its script only makes the drawn page interactive: the first screen's images go first.
        expect(html).toMatch(/<script type="module" fetchpriority="low"/);
      } finally {
        await t.close();
      }
    },
  );

  it("hints each page's own code and styles with its HTML, and nothing the entry already brings", async () => {
    const manifest = JSON.parse(
      readFileSync(path.join(CLIENT_DIR, '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, { file: string; css?: string[] }>;
    const t = await startTestApp('sqlite');
    try {
      for (const [route, address] of [
        ['/choose', '/choose'],
        ['/account/renew/:username', '/account/renew/asha'],
        ['/template3', '/template3'],
      ] as const) {
        const html = await (await fetch(`${t.url}${address}`)).text();
        const page = manifest[pageModuleOf(route)!]!;
        // A drawn page's code waits behind its first screen (low priority); others' does not.
        expect(html, address).toMatch(
          new RegExp(
            `<link rel="modulepreload"( fetchpriority="low")? crossorigin href="/${page.file}">`,
          ),
        );
        for (const css of page.css ?? []) expect(html, address).toContain(`href="/${css}"`);
        expect(html, address).not.toContain(`href="/${manifest['index.html']!.file}">`);
      }
      // The landing page is the entry itself: no hints; a page that does not exist gets none.
      const landing = await (await fetch(`${t.url}/`)).text();
      expect(landing).not.toContain(
        '<link rel="modulepreload" crossorigin href="/assets/ChoosePage',
      );
      const missing = await (
        await fetch(`${t.url}/nowhere`, { headers: { accept: 'text/html' } })
      ).text();
      expect(missing).not.toMatch(/modulepreload[^>]*pages|ChoosePage/);
    } finally {
      await t.close();
    }
  });

  it('knows the module of every builder page that loads one', () => {
    for (const route of [...Object.keys(PAGE_TITLES), ...PARAMETERISED_PAGES.map((p) => p.path)]) {
      if (route === '/' || route === '/screen-error') continue;
      const module = pageModuleOf(route);
      expect(module, route).toBeDefined();
      expect(existsSync(path.join('src/client', module!)), module).toBe(true);
    }
  });

  it.each([
    ['test', {}],
    ['razorpay', razorpay],
  ] as const)(
    'sends the pages without the person drawn, in %s mode, and the others with an empty root',
    async (mode, env) => {
      const t = await startTestApp('sqlite', env);
      try {
        for (const route of PRERENDERED_ROUTES) {
          const html = await (await fetch(`${t.url}${route}`)).text();
          const root = rootOf(html) ?? '';
          expect(root, route).toMatch(/^<[a-z]/);
          // Pages that take payments show the notice in test mode from the first paint.
          if (route === '/choose' || route.startsWith('/template')) {
            expect(root.includes('aria-label="Test mode"'), route).toBe(mode === 'test');
          }
          expect(html, route).toMatch(/<script type="module" fetchpriority="low"/);
          expect(html, route).not.toMatch(/<link rel="modulepreload" crossorigin/);
        }
        // A template preview draws its template: its chunk and styles come with the page.
        const preview = await (await fetch(`${t.url}/template3`)).text();
        expect(rootOf(preview)).toContain('class="hs-');
        expect(preview).toMatch(
          /<link rel="stylesheet" crossorigin href="\/assets\/HyperspaceTemplate-/,
        );
        for (const path of ['/edit', '/final-preview', '/account/renew/asha', '/nowhere']) {
          const html = await (
            await fetch(`${t.url}${path}`, { headers: { accept: 'text/html' } })
          ).text();
          expect(rootOf(html), path).toBe('');
          expect(html, path).not.toContain('fetchpriority="low"');
        }
        for (const route of PRERENDERED_ROUTES) {
          for (const payments of PRERENDERED_MODES) {
            const direct = await fetch(`${t.url}/${prerenderedDocument(route, payments)}`);
            expect(direct.status).toBe(404);
            expect(await direct.text()).not.toContain('id="root"><');
          }
        }
      } finally {
        await t.close();
      }
    },
  );
});

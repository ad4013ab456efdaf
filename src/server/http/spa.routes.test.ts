import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CLIENT_DIR, startTestApp } from '../../../test/app.js';
import { pageModuleOf, routeModulesOf } from '../../shared/page-modules.js';
import {
  isStaticRoute,
  PRERENDERED_MODES,
  PRERENDERED_ROUTES,
  prerenderedDocument,
  STATIC_PAGE_ENTRY,
  STATIC_PAGE_MANIFEST,
  STATIC_ROUTES,
} from '../../shared/prerender.js';
import { PAGE_TITLES, PARAMETERISED_PAGES, templatePreviewed } from '../../shared/routes.js';

const razorpay = {
  RAZORPAY_KEY_ID: 'rzp_test_x',
  RAZORPAY_KEY_SECRET: 'secret',
  RAZORPAY_WEBHOOK_SECRET: 'hook',
};

/** What the page's root element holds, as sent (a static page has no <noscript> after it). */
const rootOf = (html: string) =>
  /<div id="root">(.*?)<\/div>\s*(?:<noscript>|<\/body>)/s.exec(html)?.[1];

/** The manifest of a build, relative to the built client. */
const manifestOf = (name: string) =>
  JSON.parse(readFileSync(path.join(CLIENT_DIR, name), 'utf8')) as Record<
    string,
    { file: string; css?: string[] }
  >;

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
          '<h1 id="landing-title" class="hero__title">Your own portfolio page, online in minutes</h1>',
        );
        expect(root).toContain('<a class="button hero__cta" href="/choose"');
        // The landing page takes no payment, so it carries no test-mode notice in either mode.
        expect(root).not.toContain('test-mode-notice');
        // No price until the browser has asked: the words wait for the amount in a <template>.
        expect(root).toContain(
          '<p class="hero__price" aria-live="polite" data-fills="starting-price"><template>From <strong></strong> a year, taxes included</template></p>',
        );
        expect(root).not.toMatch(/<title|<link/);
        // A static page: the static pages' own script, not the app, after the first screen.
        expect(html).toMatch(
          /<script type="module" fetchpriority="low" crossorigin src="\/assets\/static-page-/,
        );
        expect(html).not.toContain('modulepreload');
      } finally {
        await t.close();
      }
    },
  );

  it("hints each page's own code and styles with its HTML, and nothing the entry already brings", async () => {
    const manifest = manifestOf('.vite/manifest.json');
    const t = await startTestApp('sqlite');
    try {
      for (const [route, address] of [
        ['/choose', '/choose'],
        ['/account/renew/:username', '/account/renew/asha'],
      ] as const) {
        const html = await (await fetch(`${t.url}${address}`)).text();
        const page = manifest[pageModuleOf(route)!]!;
        // A drawn page's code is named to the app starter, which fetches it after the first
        // screen is painted; another page's is preloaded with its HTML.
        expect(html, address).toContain(
          route === '/choose'
            ? ` /${page.file}"></script>`
            : `<link rel="modulepreload" crossorigin href="/${page.file}">`,
        );
        for (const css of page.css ?? []) expect(html, address).toContain(`href="/${css}"`);
        expect(html, address).not.toContain(`href="/${manifest['index.html']!.file}">`);
      }
      // A draft preview's frame fetches its template's code and styles with the page's.
      const frame = await (await fetch(`${t.url}/edit-template1`)).text();
      const template = manifest['../shared/templates/miniport/MiniportTemplate.tsx']!;
      for (const chunk of [manifest[pageModuleOf('/edit-template1')!]!, template]) {
        expect(frame).toContain(`<link rel="modulepreload" crossorigin href="/${chunk.file}">`);
      }
      for (const css of template.css ?? []) expect(frame).toContain(`href="/${css}"`);
      // The landing page is a static page: no hints; a page that does not exist gets none.
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
      if (isStaticRoute(route) || route === '/screen-error' || templatePreviewed(route)) continue;
      const module = pageModuleOf(route);
      expect(module, route).toBeDefined();
      for (const loaded of routeModulesOf(route)) {
        expect(existsSync(path.join('src/client', loaded)), loaded).toBe(true);
      }
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
          // Drawn: an element first, or the app's Suspense boundary (router.tsx) around one.
          expect(root, route).toMatch(/^(?:<!--\$-->)?<[a-z]/);
          // Pages that take payments show the notice in test mode from the first paint.
          if (route === '/choose') {
            expect(root.includes('aria-label="Test mode"'), route).toBe(mode === 'test');
          }
          // A drawn page's script, the app starter or a static page's, waits behind its first
          // screen, and nothing of the app is fetched with it.
          expect(html.match(/<script[^>]*>/g), route).toEqual([
            expect.stringMatching(/^<script type="module" fetchpriority="low" crossorigin src=/),
          ]);
          expect(html, route).not.toContain('modulepreload');
        }
        // A template preview is the server's document (template-previews/), not the app's.
        const preview = await (await fetch(`${t.url}/template3`)).text();
        expect(preview).toContain('class="hs-');
        expect(preview).not.toContain('id="root"');
        expect(preview).not.toContain('type="module"');
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

  it("sends each static page with the static pages' script and stylesheet, and none of the app", async () => {
    const app = manifestOf('.vite/manifest.json');
    const own = manifestOf(STATIC_PAGE_MANIFEST)[STATIC_PAGE_ENTRY]!;
    const t = await startTestApp('sqlite');
    try {
      for (const route of STATIC_ROUTES) {
        const html = await (await fetch(`${t.url}${route}`)).text();
        expect(html, route).toContain(
          `<script type="module" fetchpriority="low" crossorigin src="/${own.file}">`,
        );
        for (const css of own.css ?? []) {
          expect(html, route).toContain(`<link rel="stylesheet" crossorigin href="/${css}">`);
        }
        expect(html.match(/<script/g), route).toHaveLength(1);
        expect(html, route).not.toContain(app['index.html']!.file);
        expect(html, route).not.toMatch(/modulepreload|<noscript>/);
        // Fonts of the first screen still come with the page, so its words do not move.
        expect(html, route).toMatch(/<link rel="preload" href="\/assets\/raleway-300-core-/);
        // Its links lead to documents: the footer's to the other static pages, the year blank
        // until the script fills it in.
        expect(rootOf(html), route).toContain('<a href="/privacy-policy" data-discover="true">');
        expect(rootOf(html), route).toContain('©<span data-fills="year"></span> Online');
      }
    } finally {
      await t.close();
    }
  });

  it('sends every page compressed as the browser asks, the same page, and 304 once it has it', async () => {
    const t = await startTestApp('sqlite');
    try {
      for (const route of ['/', '/choose', '/edit', '/account/renew/asha', '/no-such-page']) {
        const plain = await fetch(`${t.url}${route}`, {
          headers: { accept: 'text/html', 'accept-encoding': 'identity' },
        });
        expect(plain.headers.get('content-encoding'), route).toBeNull();
        const html = await plain.text();
        for (const encoding of ['br', 'gzip']) {
          // fetch undoes the encoding: what it reads must be the page as sent plainly.
          const packed = await fetch(`${t.url}${route}`, {
            headers: { accept: 'text/html', 'accept-encoding': encoding },
          });
          expect(packed.status, route).toBe(plain.status);
          expect(packed.headers.get('content-encoding'), route).toBe(encoding);
          expect(packed.headers.get('vary'), route).toContain('accept-encoding');
          expect(Number(packed.headers.get('content-length')), route).toBeLessThan(html.length / 2);
          expect(await packed.text(), route).toBe(html);
        }
        if (plain.status !== 200) continue;
        const etag = (
          await fetch(`${t.url}${route}`, { headers: { 'accept-encoding': 'br' } })
        ).headers.get('etag');
        expect(etag, route).toMatch(/^"[\w-]+-br"$/);
        const again = await fetch(`${t.url}${route}`, {
          headers: { 'accept-encoding': 'br', 'if-none-match': etag! },
        });
        expect(again.status, route).toBe(304);
        expect((await again.arrayBuffer()).byteLength, route).toBe(0);
      }
      // The app's script, precompressed at build time, names what it varies by, for a cache
      // between us and the browser.
      const script = /href="(\/assets\/client-[^"]+\.js)"/.exec(
        await (await fetch(`${t.url}/edit`)).text(),
      )![1]!;
      for (const encoding of ['br', 'gzip', 'identity']) {
        const asset = await fetch(`${t.url}${script}`, {
          headers: { 'accept-encoding': encoding },
        });
        expect(asset.status, encoding).toBe(200);
        expect(asset.headers.get('vary'), encoding).toContain('accept-encoding');
        expect(asset.headers.get('content-encoding'), encoding).toBe(
          encoding === 'identity' ? null : encoding,
        );
      }
    } finally {
      await t.close();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/app.js';

const razorpay = {
  RAZORPAY_KEY_ID: 'rzp_test_x',
  RAZORPAY_KEY_SECRET: 'secret',
  RAZORPAY_WEBHOOK_SECRET: 'hook',
};

/** What the page's root element holds, as sent. */
const rootOf = (html: string) => /<div id="root">(.*?)<\/div>\s*<noscript>/s.exec(html)?.[1];

/** Needs the build (npm run build): the landing page's HTML is prerendered by it. */
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

  it('sends other pages with an empty root, and the drawn page only at /', async () => {
    const t = await startTestApp('sqlite');
    try {
      for (const path of ['/choose', '/about-us', '/account/renew/asha', '/nowhere']) {
        const html = await (
          await fetch(`${t.url}${path}`, { headers: { accept: 'text/html' } })
        ).text();
        expect(rootOf(html), path).toBe('');
        expect(html, path).not.toContain('fetchpriority="low"');
      }
      const direct = await fetch(`${t.url}/.prerendered/landing.html`);
      expect(direct.status).toBe(404);
      expect(await direct.text()).not.toContain('landing-title');
    } finally {
      await t.close();
    }
  });
});

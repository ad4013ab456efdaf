/**
 * The template previews through the real app, database and render threads (needs the build for
 * the templates' stylesheets): the document, its headers and policy, its caching, and the bar's
 * Use this template following the template's price.
 */
import { describe, expect, it } from 'vitest';
import { CLIENT_DIR, useTestApp } from '../../../test/app.js';
import { TEST_DIALECTS } from '../../../test/database.js';
import { pollUntil } from '../../../test/poll.js';
import { editTemplatePath, PAGE_TITLES, templatePreviewPath } from '../../shared/routes.js';
import { TEMPLATE_IDS } from '../../shared/templates/catalog.js';
import { SITE_DESCRIPTION } from '../../shared/site.js';
import { SAMPLE_DATA } from '../../shared/templates/registry.js';
import { applyPriceChange } from '../admin/prices.js';
import { acquireSharedRenderPool } from '../public-pages/page-render-pool.js';
import { PREVIEW_CONTACT_CLOSED } from '../public-pages/render-page.js';
import { stylesheetText, templateBuild } from '../public-pages/template-assets.js';

const razorpay = {
  RAZORPAY_KEY_ID: 'rzp_test_x',
  RAZORPAY_KEY_SECRET: 'secret',
  RAZORPAY_WEBHOOK_SECRET: 'hook',
};

const USE = 'Use this template</a>';

describe.each(TEST_DIALECTS)('the template previews (%s)', (dialect) => {
  const t = useTestApp(dialect);

  it("sends a template's sample as a document of the server's, with the bar and the page's script", async () => {
    const response = await fetch(`${t.url}/template3`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toContain(`<title>${PAGE_TITLES['/template3']}</title>`);
    expect(html).toContain(`<meta name="description" content="${SITE_DESCRIPTION}">`);
    // The sample as GET /api/templates/template3 answers it, drawn by the template's component.
    expect(html).toContain('class="tpl-hyperspace');
    expect(html).toContain(SAMPLE_DATA.template3.personalDetails.name);
    // The template's stylesheet in the document: one round trip fewer before the first paint.
    expect(html).not.toContain('rel="stylesheet"');
    const css = stylesheetText(CLIENT_DIR, templateBuild(CLIENT_DIR).stylesheets.template3!);
    expect(css).toContain('.tpl-hyperspace');
    expect(html).toContain(`<style>${css}</style>`);
    // The bar: the way back, test mode (no keys configured), and the plain link to the editor.
    expect(html).toContain('<a class="tp-bar__back" href="/choose#template3">');
    expect(html).toContain('aria-label="Test mode"');
    expect(html).toContain(`href="${editTemplatePath('template3')}">${USE}`);
    // The published page's script, none of the app's; a form that sends nothing.
    expect(html).toContain('<script src="/portfolio-contact.js" defer></script>');
    expect(html).not.toMatch(/type="module"|modulepreload|id="root"/);
    expect(html).toContain(PREVIEW_CONTACT_CLOSED);
    // Nothing claims the sample person is someone, nor an address as theirs.
    expect(html).not.toMatch(/application\/ld\+json|og:title|rel="canonical"|name="robots"/);
    // The first view may wait for the render threads to start: seconds on a busy machine.
  }, 60_000);

  it('sends a policy that runs our script and sends no form, and is cached and revalidated', async () => {
    const first = await fetch(`${t.url}/template1`, { headers: { 'accept-encoding': 'br' } });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-encoding')).toBe('br');
    expect(first.headers.get('vary')).toBe('accept-encoding');
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const csp = first.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("form-action 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain('unsafe-eval');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"tp-[\w-]+-br"$/);
    await first.arrayBuffer();

    // The browser's copy is current: 304, no body.
    const again = await fetch(`${t.url}/template1`, {
      headers: { 'accept-encoding': 'br', 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    // Each encoding has its own tag; the same document in each.
    const plain = await fetch(`${t.url}/template1`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('etag')).toBe(etag.replace('-br"', '"'));
    const gzip = await fetch(`${t.url}/template1`, { headers: { 'accept-encoding': 'gzip' } });
    expect(await gzip.text()).toBe(await plain.text());
  });

  it('draws each document once, off the event loop, however many views', async () => {
    // The app's render threads: the process shares one pool (page-render-pool.ts).
    const threads = acquireSharedRenderPool();
    try {
      const views = (count: number) =>
        Promise.all(
          TEMPLATE_IDS.flatMap((id) =>
            Array.from({ length: count }, () =>
              fetch(`${t.url}${templatePreviewPath(id)}`).then((r) => r.text()),
            ),
          ),
        );
      // Each drawn once (at start, or for the first of these views), in a thread of its own.
      const first = await views(1);
      expect(new Set(first).size).toBe(TEMPLATE_IDS.length);
      const drawn = threads.pool.stats();
      expect(drawn.threadIds.length).toBeGreaterThan(0);
      expect(drawn.threadIds).not.toContain(drawn.mainThreadId);
      // Then only sent: many more views draw nothing, and send the same bytes.
      const more = await views(10);
      expect(threads.pool.stats().completed).toBe(drawn.completed);
      expect(new Set(more).size).toBe(TEMPLATE_IDS.length);
    } finally {
      await threads.release();
    }
  });

  it('is not found for a template that does not exist', async () => {
    const response = await fetch(`${t.url}/template9`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(404);
  });

  it('offers Use this template only while the template has a price', async () => {
    const price = await t.database.db
      .selectFrom('templates')
      .select(['price_paise', 'discount_percent'])
      .where('id', '=', 'template5')
      .executeTakeFirstOrThrow();
    expect(price.price_paise).not.toBeNull();
    const priced = await (await fetch(`${t.url}/template5`)).text();
    expect(priced).toContain(USE);
    await applyPriceChange(t.database.db, {
      templateId: 'template5',
      amountPaise: null,
      discountPercent: 0,
    });
    try {
      const unpriced = await pollUntil(
        'the preview without Use this template',
        async () => (await fetch(`${t.url}/template5`)).text(),
        (html) => !html.includes(USE),
      );
      expect(unpriced).toContain('Back to templates');
      expect(unpriced).toContain(SAMPLE_DATA.template5.personalDetails.name);
    } finally {
      await applyPriceChange(t.database.db, {
        templateId: 'template5',
        amountPaise: price.price_paise,
        discountPercent: price.discount_percent,
      });
    }
    await pollUntil(
      'the preview with Use this template again',
      async () => (await fetch(`${t.url}/template5`)).text(),
      (html) => html.includes(USE),
    );
  });
});

describe('a template preview with real payments', () => {
  const t = useTestApp('sqlite', razorpay);

  it('carries no test-mode badge', async () => {
    const html = await (await fetch(`${t.url}/template4`)).text();
    expect(html).toContain('Back to templates');
    expect(html).not.toContain('Test mode');
  });
});

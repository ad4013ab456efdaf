import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.js';
import { TEST_DIALECTS } from '../../../test/database.js';
import { publishDirectly, updateDirectly } from '../../../test/publish-directly.js';
import { TEMPLATE_IDS } from '../../shared/templates/catalog.js';
import { SAMPLE_DATA } from '../../shared/templates/registry.js';

describe.each(TEST_DIALECTS)('public portfolio pages on %s', (dialect) => {
  const t = useTestApp(dialect);
  beforeAll(async () => {
    for (const [index, templateId] of TEMPLATE_IDS.entries()) {
      await publishDirectly(t.database.db, {
        username: `person-${index + 1}`,
        templateId,
        data: SAMPLE_DATA[templateId],
      });
    }
  });

  it.each(TEMPLATE_IDS.map((id, index) => [id, index + 1] as const))(
    '%s renders on the server with the person, meta tags, one script of ours and the headers',
    async (templateId, n) => {
      const data = SAMPLE_DATA[templateId];
      const response = await fetch(`${t.url}/users/person-${n}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      const name = data.personalDetails.name;
      expect(html).toContain(`<title>${name}</title>`);
      expect(html).toContain(data.section!.sectionTiles[0]!.title.replace(/&/g, '&amp;'));
      expect(html).toMatch(/<meta name="description" content="[^"]{20,}">/);
      expect(html).toContain(`<link rel="canonical" href="${t.url}/users/person-${n}">`);
      expect(html).toContain(`<meta property="og:title" content="${name}">`);
      expect(html).toContain('<meta name="twitter:card"');
      // The samples' portraits are SVG, which link previews cannot draw: no og:image for them.
      expect(data.personalDetails.profileImage).toMatch(/\.svg$/);
      expect(html).not.toContain('<meta property="og:image"');
      const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1];
      expect(JSON.parse(jsonLd!)).toMatchObject({
        '@type': 'Person',
        name,
        url: `${t.url}/users/person-${n}`,
      });
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      expect(scripts).toEqual([
        '<script type="application/ld+json">',
        '<script src="/portfolio-contact.js" defer>',
      ]);
      expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/[^"]+\.css">/);
      expect(html).not.toContain('tp-bar');
      expect(html).not.toContain('/choose');
      const csp = response.headers.get('content-security-policy')!;
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain("unsafe-inline'; script");
      expect(csp.split(';').find((d) => d.includes('script-src'))).not.toContain('unsafe-inline');
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
      expect(response.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    },
  );

  it('serves every sub-path like the portfolio itself, and sends mixed case to the lowercase address', async () => {
    const main = await (await fetch(`${t.url}/users/person-1`)).text();
    expect(await (await fetch(`${t.url}/users/person-1/a/b`)).text()).toBe(main);
    const upper = await fetch(`${t.url}/users/Person-1`, { redirect: 'manual' });
    expect(upper.status).toBe(301);
    expect(upper.headers.get('location')).toBe('/users/person-1');
  });

  it.each(['nobody-here', 'x', 'not_valid!', '-leading', 'a'.repeat(40)])(
    'answers 404 with a friendly page for %s',
    async (name) => {
      const response = await fetch(`${t.url}/users/${encodeURIComponent(name)}`);
      expect(response.status).toBe(404);
      const html = await response.text();
      expect(html).toContain('<h1>Portfolio not found</h1>');
      expect(html).not.toContain('Loading..');
    },
  );

  it('answers 304 to a repeat view and shows an update soon after', async () => {
    const { portfolioId } = await publishDirectly(t.database.db, {
      username: 'cached-person',
      templateId: 'template5',
      data: SAMPLE_DATA.template5,
    });
    const first = await fetch(`${t.url}/users/cached-person`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    const etag = first.headers.get('etag')!;
    // Compressed once when rendered, not per request.
    expect(first.headers.get('content-encoding')).toBe('br');
    expect(first.headers.get('vary')).toBe('Accept-Encoding');
    const repeat = await fetch(`${t.url}/users/cached-person`, {
      headers: { 'if-none-match': etag, 'accept-encoding': 'br, gzip' },
    });
    expect(repeat.status).toBe(304);
    const changed = structuredClone(SAMPLE_DATA.template5);
    changed.personalDetails.name = 'A Brand New Name';
    await updateDirectly(t.database.db, portfolioId, changed);
    const fetchAfter = () =>
      fetch(`${t.url}/users/cached-person`, {
        headers: { 'if-none-match': etag, 'accept-encoding': 'br, gzip' },
      });
    // Seen at the next change check (every 100 ms). How soon is the bench's to measure; here that
    // it comes without a restart, within a loaded machine's patience.
    await expect
      .poll(async () => (await fetchAfter()).status, { timeout: 10_000, interval: 20 })
      .toBe(200);
    const after = await fetchAfter();
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(await after.text()).toContain('<title>A Brand New Name</title>');
  });

  it('renders hostile text as text and refuses nothing it should show', async () => {
    const hostile = '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=1">"\'&';
    const data = structuredClone(SAMPLE_DATA.template1);
    data.personalDetails.name = hostile;
    data.personalDetails.intro = hostile;
    data.section!.sectionTiles[0]!.title = hostile;
    await publishDirectly(t.database.db, {
      username: 'hostile-text',
      templateId: 'template1',
      data,
    });
    const html = await (await fetch(`${t.url}/users/hostile-text`)).text();
    expect(html).not.toContain('<script>window.__pwned');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;window.__pwned=1&lt;/script&gt;');
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!;
    expect(jsonLd).not.toContain('</script');
    expect(JSON.parse(jsonLd).name).toBe(hostile);
  });

  it('lists published portfolios in the sitemap and points robots at it', async () => {
    // Rebuilt in the background once the publishes are seen (at least a second after the last
    // build; more on a loaded machine).
    const index = async () => (await fetch(`${t.url}/sitemap.xml`)).text();
    await expect
      .poll(index, { timeout: 10_000, interval: 50 })
      .toContain(`<sitemap><loc>${t.url}/sitemaps/1.xml</loc>`);
    const sitemap = async () => (await fetch(`${t.url}/sitemaps/1.xml`)).text();
    for (let n = 1; n <= 5; n += 1) {
      await expect
        .poll(sitemap, { timeout: 10_000, interval: 50 })
        .toContain(`<loc>${t.url}/users/person-${n}</loc>`);
    }
    // Kept compressed: a client that takes no gzip is sent the same XML, inflated.
    const compressed = await fetch(`${t.url}/sitemaps/1.xml`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(compressed.headers.get('content-encoding')).toBe('gzip');
    const plain = await fetch(`${t.url}/sitemaps/1.xml`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const plainXml = await plain.text();
    expect(plainXml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
    expect(plainXml).toBe(await compressed.text());
    // Only brotli accepted: not gzip, so the XML too.
    const brOnly = await fetch(`${t.url}/sitemaps/1.xml`, { headers: { 'accept-encoding': 'br' } });
    expect(brOnly.headers.get('content-encoding')).toBeNull();
    expect(await brOnly.text()).toBe(plainXml);
    const robots = await (await fetch(`${t.url}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${t.url}/sitemap.xml`);
    expect(robots).toContain('Disallow: /api/');
  });
});

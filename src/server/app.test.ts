import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECTS } from '../../test/database.js';
import { PAGE_TITLES, renewPath, templatePreviewed } from '../shared/routes.js';
import { PRERENDERED_ROUTES } from '../shared/prerender.js';

/** A route that writes, registered only here: bad input must never reach it. */
const WRITE_ROUTE = '/api/test-write';

describe.each(TEST_DIALECTS)('the HTTP application on %s', (dialect) => {
  let t: TestApp;
  let writes = 0;

  beforeAll(async () => {
    t = await startTestApp(
      dialect,
      {},
      {
        beforeListen: (app) => {
          app.post(WRITE_ROUTE, async () => {
            writes += 1;
            return { ok: true };
          });
          app.get('/api/test-crash', async () => {
            throw new Error('secret internal detail: connection string postgres://u:p@h/db');
          });
        },
      },
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers /healthz and /readyz', async () => {
    const health = await fetch(`${t.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${t.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });

  it.each(Object.entries(PAGE_TITLES))(
    'serves the builder page %s with its title',
    async (route, title) => {
      const response = await fetch(`${t.url}${route}`, { headers: { accept: 'text/html' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      const html = await response.text();
      expect(html).toContain(`<title>${title.replace('&', '&#38;')}</title>`);
      // A template preview is a document the server draws (template-previews/), not the app's.
      if (templatePreviewed(route)) {
        expect(html).toContain('<a class="tp-bar__back"');
        expect(html).not.toContain('<div id="root">');
        return;
      }
      // Pages without the person's data arrive drawn (scripts/prerender.ts); the app draws the rest.
      expect(html).toContain(
        PRERENDERED_ROUTES.includes(route) ? '<div id="root"><' : '<div id="root"></div>',
      );
    },
  );

  it('serves a page with a value in its address, and 404 when the value makes no page', async () => {
    const page = await fetch(`${t.url}${renewPath('asha-rao')}`, {
      headers: { accept: 'text/html' },
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(
      '<title>Renew your portfolio · Online Portfolio Builder</title>',
    );
    for (const path of ['/account/renew/-bad-', '/account/renew/a/b', '/account/renew/UPPER_']) {
      const response = await fetch(`${t.url}${path}`, { headers: { accept: 'text/html' } });
      expect(response.status, path).toBe(404);
      expect(await response.text()).toContain('<title>Page not found');
    }
  });

  it('answers an unknown page with the app and HTTP 404', async () => {
    const response = await fetch(`${t.url}/no/such/page`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain(
      '<title>Page not found · Online Portfolio Builder</title>',
    );
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const response = await fetch(`${t.url}/api/nothing-here`, { method: 'POST' });
    expect(response.status).toBe(404);
    const body = await response.json();
    expect(body.error).toMatchObject({
      code: 'not_found',
      message: 'There is nothing at POST /api/nothing-here.',
    });
    expect(body.error.requestId).toBe(response.headers.get('x-request-id'));
  });

  it('refuses malformed JSON with 400 and writes nothing', async () => {
    const response = await fetch(`${t.url}${WRITE_ROUTE}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"templateId": ',
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatchObject({
      code: 'invalid_json',
      message: 'The request body is not valid JSON.',
    });
    expect(writes).toBe(0);
  });

  it('refuses a body that is not JSON with 415 and writes nothing', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const response = await fetch(`${t.url}${WRITE_ROUTE}`, {
        method: 'POST',
        headers: { 'content-type': type },
        body: 'a=b',
      });
      expect(response.status, type).toBe(415);
      expect((await response.json()).error.message).toBe(
        'Send the request body as application/json.',
      );
    }
    expect(writes).toBe(0);
  });

  it('refuses a body over 1 MiB with 413 and writes nothing', async () => {
    const response = await fetch(`${t.url}${WRITE_ROUTE}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: 'x'.repeat(1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect((await response.json()).error.code).toBe('body_too_large');
    expect(writes).toBe(0);
    // The process is still serving.
    expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
  });

  it('accepts a valid JSON body on the same route', async () => {
    const response = await fetch(`${t.url}${WRITE_ROUTE}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"ok":true}',
    });
    expect(response.status).toBe(200);
    expect(writes).toBe(1);
  });

  it('turns an unknown error into a generic 500 with the request id and no internals', async () => {
    const response = await fetch(`${t.url}/api/test-crash`);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain('secret internal detail');
    expect(text).not.toContain('postgres://');
    const body = JSON.parse(text);
    expect(body.error.code).toBe('internal');
    expect(body.error.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.error.requestId).toBe(response.headers.get('x-request-id'));
  });

  it('sends security headers on pages and API answers', async () => {
    for (const path of ['/', '/api/templates', '/healthz']) {
      const response = await fetch(`${t.url}${path}`);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).not.toContain('unsafe-eval');
      expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      // Plain http: no HSTS.
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('caches hashed assets for a year and revalidates the rest', async () => {
    const html = await (await fetch(`${t.url}/`)).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${t.url}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const page = await fetch(`${t.url}/about-us`);
    expect(page.headers.get('cache-control')).toBe('no-cache');
  });

  it('reports not ready, without crashing, once the database is gone', async () => {
    const other = await startTestApp(dialect);
    await other.database.db.destroy();
    const ready = await fetch(`${other.url}/readyz`);
    expect(ready.status).toBe(503);
    expect((await ready.json()).error.message).toBe('The database is not answering.');
    expect((await fetch(`${other.url}/healthz`)).status).toBe(200);
    await other.close();
  });
});

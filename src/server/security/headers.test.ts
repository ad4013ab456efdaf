/**
 * Security headers on everything a browser can load from us: every builder page, the 404 page,
 * public portfolio pages (first render and cached repeat), robots.txt, API answers, built files
 * and the sign-in popup's pages. Over http there is no HSTS; with an https PUBLIC_URL there is.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { TEST_DIALECTS } from '../../../test/database.js';
import { CookieJar, follow } from '../../../test/signin.js';
import { publishDirectly } from '../../../test/publish-directly.js';
import { PAGE_TITLES } from '../../shared/routes.js';
import { SAMPLE_DATA } from '../../shared/templates/registry.js';

const BUILDER_COOP = 'same-origin-allow-popups';
/** The sign-in popup's pages keep window.opener (see http/security-headers.ts). */
const POPUP_COOP = 'unsafe-none';
const HTTPS_ORIGIN = 'https://example.test';

interface Got {
  status: number;
  headers: Headers;
}

/** A GET over plain node:http, so the Host header can be the public one. */
function get(
  t: TestApp,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<Got> {
  const { port } = new URL(t.url);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        headers: { accept: 'text/html,*/*', ...headers },
        // Only to fail a hang with a message: a loaded machine can take seconds to answer.
        timeout: 10_000,
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          const result = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            if (value !== undefined)
              result.set(name, Array.isArray(value) ? value.join(', ') : value);
          }
          resolve({ status: response.statusCode ?? 0, headers: result });
        });
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`${method} ${path}: no answer`)));
    outgoing.on('error', reject);
    outgoing.end();
  });
}

function cspDirectives(headers: Headers): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of (headers.get('content-security-policy') ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

/** The headers every answer must carry; `where` names the request in failure messages. */
function expectSecurityHeaders(
  where: string,
  got: Got,
  expected: { coop: string; https: boolean },
): void {
  const { headers } = got;
  expect(headers.get('content-security-policy'), `${where}: CSP`).toBeTruthy();
  const csp = cspDirectives(headers);
  const scripts = csp.get('script-src');
  expect(scripts, `${where}: CSP script-src`).toBeDefined();
  expect(scripts, `${where}: CSP script-src`).not.toContain("'unsafe-inline'");
  expect(csp.get('object-src'), `${where}: CSP object-src`).toEqual(["'none'"]);
  expect(csp.get('base-uri'), `${where}: CSP base-uri`).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors'), `${where}: CSP frame-ancestors`).toEqual(["'self'"]);
  expect(headers.get('cross-origin-opener-policy'), `${where}: COOP`).toBe(expected.coop);
  expect(headers.get('x-content-type-options'), `${where}: nosniff`).toBe('nosniff');
  expect(headers.get('x-frame-options'), `${where}: X-Frame-Options`).toBe('SAMEORIGIN');
  expect(headers.get('referrer-policy'), `${where}: Referrer-Policy`).toBe(
    'strict-origin-when-cross-origin',
  );
  const hsts = headers.get('strict-transport-security');
  if (expected.https) {
    expect(hsts, `${where}: HSTS`).toMatch(/max-age=(\d+)/);
    expect(
      Number(/max-age=(\d+)/.exec(hsts!)![1]),
      `${where}: HSTS max-age`,
    ).toBeGreaterThanOrEqual(31536000);
    expect(csp.has('upgrade-insecure-requests'), `${where}: upgrade-insecure-requests`).toBe(true);
  } else {
    expect(hsts, `${where}: no HSTS over http`).toBeNull();
  }
}

/** The security-relevant headers of an answer, for comparing two answers to one address. */
function securityHeaders(headers: Headers): Record<string, string | null> {
  const names = [
    'content-security-policy',
    'cross-origin-opener-policy',
    'cross-origin-resource-policy',
    'x-content-type-options',
    'x-frame-options',
    'referrer-policy',
    'strict-transport-security',
    'x-dns-prefetch-control',
    'x-download-options',
    'x-permitted-cross-domain-policies',
    'origin-agent-cluster',
  ];
  return Object.fromEntries(names.map((name) => [name, headers.get(name)]));
}

const BUILDER_PAGES = Object.keys(PAGE_TITLES);

describe.each(TEST_DIALECTS)('security headers on %s', (dialect) => {
  describe.each([
    { scheme: 'http', https: false },
    { scheme: 'https (PUBLIC_URL https://example.test)', https: true },
  ])('over $scheme', ({ https }) => {
    let t: TestApp;
    /** Requests carry the public host, as a browser reaching PUBLIC_URL through a proxy would. */
    let host: string;
    const expectHeaders = (where: string, got: Got, coop = BUILDER_COOP) =>
      expectSecurityHeaders(where, got, { coop, https });

    beforeAll(async () => {
      t = await startTestApp(
        dialect,
        https ? { PUBLIC_URL: HTTPS_ORIGIN, RATE_LIMITS: 'off' } : { RATE_LIMITS: 'off' },
      );
      // startTestApp points the public URL at the loopback port; the https app keeps its own.
      if (https) t.config.publicUrl = HTTPS_ORIGIN;
      host = new URL(t.config.publicUrl).host;
      await publishDirectly(t.database.db, {
        username: 'headers-page',
        templateId: 'template3',
        data: SAMPLE_DATA.template3,
      });
    });
    afterAll(async () => {
      await t?.close();
    });

    it.each(BUILDER_PAGES)('builder page %s', async (route) => {
      const got = await get(t, route, { host });
      expect(got.status).toBe(200);
      expectHeaders(route, got);
    });

    it('the not-found page', async () => {
      const got = await get(t, '/no/such/page', { host });
      expect(got.status).toBe(404);
      expectHeaders('404 page', got);
    });

    it.each([
      ['br, gzip', 'compressed'],
      ['identity', 'uncompressed'],
    ])(
      'a public portfolio page (%s): the first render and the cached repeat carry the same headers',
      async (acceptEncoding) => {
        const first = await get(t, '/users/headers-page', {
          host,
          'accept-encoding': acceptEncoding,
        });
        const repeat = await get(t, '/users/headers-page', {
          host,
          'accept-encoding': acceptEncoding,
        });
        expect([first.status, repeat.status]).toEqual([200, 200]);
        expectHeaders('public page, first', first);
        expectHeaders('public page, repeat', repeat);
        expect(securityHeaders(repeat.headers)).toEqual(securityHeaders(first.headers));
        // A revalidation answered 304 keeps them too.
        const etag = repeat.headers.get('etag');
        expect(etag).toBeTruthy();
        const notModified = await get(t, '/users/headers-page', {
          host,
          'accept-encoding': acceptEncoding,
          'if-none-match': etag!,
        });
        expect(notModified.status).toBe(304);
        expectHeaders('public page, 304', notModified);
      },
    );

    it('a public address with nothing published', async () => {
      const got = await get(t, '/users/nobody-published-here', { host });
      expect(got.status).toBe(404);
      expectHeaders('public 404', got);
    });

    it.each(['/robots.txt', '/sitemap.xml', '/favicon.svg', '/signin-result.js'])(
      'the file %s',
      async (route) => {
        const got = await get(t, route, { host });
        expect(got.status).toBe(200);
        expectHeaders(route, got);
      },
    );

    it.each([
      ['/api/templates', 200],
      ['/api/templates/template1', 200],
      ['/api/me', 200],
      ['/api/portfolios/template1', 401],
      ['/api/no-such-endpoint', 404],
      ['/healthz', 200],
    ] as const)('the API answer of GET %s (%i)', async (route, status) => {
      const got = await get(t, route, { host, accept: 'application/json' });
      expect(got.status).toBe(status);
      expectHeaders(route, got);
    });

    it('the API answer to a refused POST', async () => {
      const { port } = new URL(t.url);
      const got = await new Promise<Got>((resolve, reject) => {
        const outgoing = http.request(
          {
            host: '127.0.0.1',
            port,
            path: '/api/claims',
            method: 'POST',
            headers: { host, origin: t.config.publicUrl, 'content-type': 'application/json' },
          },
          (response) => {
            response.resume();
            response.on('end', () =>
              resolve({
                status: response.statusCode ?? 0,
                headers: new Headers(response.headers as Record<string, string>),
              }),
            );
          },
        );
        outgoing.on('error', reject);
        outgoing.end('{}');
      });
      expect(got.status).toBe(401);
      expectHeaders('POST /api/claims', got);
    });

    it('the sign-in popup: /auth/login, the provider pages and the callback', async () => {
      const login = await get(t, '/auth/login', { host });
      // The https app's provider lives at https://example.test, which the test cannot reach:
      // sign-in cannot start there (502), and that page needs the headers just the same.
      expect(login.status).toBe(https ? 502 : 302);
      expectHeaders('/auth/login', login, POPUP_COOP);

      const callback = await get(t, '/auth/callback?code=x&state=y', { host });
      expect(callback.status).toBe(400);
      expectHeaders('/auth/callback', callback, POPUP_COOP);

      const discovery = await get(t, '/dev-oidc/.well-known/openid-configuration', { host });
      expect(discovery.status).toBe(200);
      expectHeaders('/dev-oidc discovery', discovery, POPUP_COOP);
    });

    it.skipIf(https)('the development sign-in form reached through the redirects', async () => {
      // Only over http: following the redirects needs the app's own URL to be reachable.
      const jar = new CookieJar();
      const { response, url } = await follow(jar, `${t.url}/auth/login`);
      expect(response.status).toBe(200);
      expect(new URL(url).pathname).toMatch(/^\/dev-oidc\/interaction\//);
      expectHeaders('dev sign-in form', response, POPUP_COOP);
    });

    it('answers to malformed or over-long addresses', async () => {
      // Fastify answers these before any hook runs: they must still carry the headers.
      for (const route of ['/api/templates/%E0%A4%A', `/api/templates/${'x'.repeat(150)}`]) {
        const got = await get(t, route, { host, accept: 'application/json' });
        expect(got.status, route).toBeGreaterThanOrEqual(400);
        expect(got.status, route).toBeLessThan(500);
        expectHeaders(route, got);
      }
    });
  });
});

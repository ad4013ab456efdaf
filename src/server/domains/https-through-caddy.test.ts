/**
 * HTTPS for owners' domains end to end: the app, a DNS server on loopback and Debian's Caddy
 * running the shipped deploy/Caddyfile with its internal CA. A domain is added through the API,
 * its records put in DNS, Check now verifies it, and a visitor's TLS connection to Caddy for that
 * name gets a certificate for it and the portfolio with the domain's canonical address; a domain
 * that is not verified gets no certificate at all; a removed one is answered 404 at once.
 */
import { request as httpsRequest } from 'node:https';
import { X509Certificate } from 'node:crypto';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { startCaddy, type RunningCaddy } from '../../../test/caddy.js';
import { TEST_DIALECTS } from '../../../test/database.js';
import { TestDnsServer } from '../../../test/dns-server.js';
import { send } from '../../../test/http.js';
import { orderBody, uniqueName } from '../../../test/orders.js';
import { pollUntil } from '../../../test/poll.js';
import { signIn, type CookieJar } from '../../../test/signin.js';
import type { DomainView } from '../../shared/domains.js';
import { SAMPLE_DATA } from '../../shared/templates/registry.js';

const TARGET = 'domains.caddy-test.example';

interface TlsAnswer {
  status: number;
  body: string;
  location?: string;
  certificate: X509Certificate;
}

/** A visitor of `https://{host}{path}`, with DNS resolving the host to Caddy on loopback. */
function visit(caddy: RunningCaddy, host: string, path = '/'): Promise<TlsAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpsRequest(
      {
        host: '127.0.0.1',
        port: caddy.httpsPort,
        servername: host,
        headers: { host },
        path,
        ca: caddy.rootCertificate(),
        timeout: 15_000,
      },
      (response) => {
        const certificate = new X509Certificate(
          (response.socket as TLSSocket).getPeerCertificate().raw,
        );
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body,
            location: response.headers.location,
            certificate,
          }),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer from ${host}`)));
    request.on('error', reject);
    request.end();
  });
}

describe.each(TEST_DIALECTS)('HTTPS for custom domains through Caddy (%s)', (dialect) => {
  let t: TestApp;
  let dns: TestDnsServer;
  let caddy: RunningCaddy;
  let owner: CookieJar;
  const username = uniqueName('tls');
  const domain = `www.${username}.example`;
  const unverified = `shop.${username}.example`;
  const ownerName = 'Priya Raman';

  beforeAll(async () => {
    dns = new TestDnsServer();
    const server = await dns.start();
    t = await startTestApp(dialect, { CUSTOM_DOMAIN_TARGET: TARGET, DNS_SERVERS: server });
    const upstream = new URL(t.url).host;
    caddy = await startCaddy({
      upstream,
      askUrl: `${t.url}/internal/tls-ask`,
      publicHost: 'portfolio.caddy-test.example',
    });
    owner = await signIn(t.url, { name: ownerName, email: `tls-${dialect}@example.com` });
    const sample = SAMPLE_DATA.template2;
    const data = { ...sample, personalDetails: { ...sample.personalDetails, name: ownerName } };
    const order = await send(t, owner, {
      path: '/create-order',
      body: orderBody(username, 'template2', { data }),
    });
    const orderId = (order.body as { order_id: string }).order_id;
    const paid = await send(t, owner, { path: '/test-gateway/pay', body: { order_id: orderId } });
    await send(t, owner, { path: '/verify-payment', body: paid.body });
    // Caddy's internal CA is made as it starts (for its own host); wait for its root.
    await pollUntil(
      'Caddy internal CA',
      async () => {
        try {
          return caddy.rootCertificate().length;
        } catch {
          return 0;
        }
      },
      (length) => length > 0,
    );
  }, 90_000);

  afterAll(async () => {
    await caddy?.stop();
    await t?.close();
    await dns?.stop();
  });

  it('verifies a domain, gets it a certificate and serves the portfolio over HTTPS', async () => {
    const added = await send(t, owner, {
      path: `/api/account/portfolios/${username}/domains`,
      body: { hostname: domain },
    });
    expect(added.status).toBe(201);
    await send(t, owner, {
      path: `/api/account/portfolios/${username}/domains`,
      body: { hostname: unverified },
    });
    for (const record of (added.body as DomainView).records) {
      dns.set(record.name, [{ type: record.type, value: record.value }]);
    }
    const checked = await send(t, owner, {
      path: `/api/account/domains/${domain}/check`,
      body: {},
    });
    expect(checked.body).toMatchObject({ state: 'verified' });
    await t.app.storedPages.checkForChanges();

    const page = await visit(caddy, domain);
    expect(page.status, caddy.output()).toBe(200);
    expect(page.certificate.subjectAltName).toContain(`DNS:${domain}`);
    expect(page.body).toContain(ownerName);
    expect(page.body).toContain(`<link rel="canonical" href="https://${domain}/">`);
    // Caddy asked, so the domain is now served over HTTPS and the old address redirects to it.
    const domains = await send(t, owner, { path: '/api/account/domains' });
    const state = (domains.body as { domains: DomainView[] }).domains.find(
      (d) => d.hostname === domain,
    )?.state;
    expect(state).toBe('https');
    await t.app.storedPages.checkForChanges();
    const old = await fetch(`${t.url}/users/${username}`, { redirect: 'manual' });
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe(`https://${domain}/`);
    // The ask endpoint is not reachable through Caddy, on an owner's domain or on ours.
    for (const host of [domain, 'portfolio.caddy-test.example']) {
      const asked = await visit(caddy, host, `/internal/tls-ask?domain=${domain}`);
      expect(asked.status, host).toBe(404);
      expect(asked.body, host).not.toBe('yes');
    }
  });

  it('refuses the TLS handshake for a domain that is not verified', async () => {
    // Caddy asked the app, which said no: the handshake ends with a TLS alert, no certificate.
    await expect(visit(caddy, unverified)).rejects.toThrow(/alert|handshake|ECONNRESET|socket/i);
    await expect(visit(caddy, 'never-added.example')).rejects.toThrow();
  });

  it('answers a removed domain with 404 at once', async () => {
    const removed = await send(t, owner, {
      method: 'DELETE',
      path: `/api/account/domains/${domain}`,
    });
    expect(removed.status).toBe(204);
    await t.app.storedPages.checkForChanges();
    const after = await visit(caddy, domain);
    expect(after.status).toBe(404);
    expect(after.body).not.toContain(ownerName);
    expect((await fetch(`${t.url}/users/${username}`, { redirect: 'manual' })).status).toBe(200);
  });
});

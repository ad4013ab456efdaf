import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { CookieJar, popupStatus, request, signInUntilCallback } from '../../../test/signin.js';
import { registerDevProvider, type DevProviderSettings } from './dev-provider.js';
import { SESSION_COOKIE } from './sessions.js';

/**
 * The app against a second OpenID provider on loopback that behaves the way Google may: an ID
 * token whose `iss` lacks the scheme, an email it has not verified.
 */
async function startWithProvider(
  quirks: Pick<DevProviderSettings, 'emailVerified'> & {
    /** Makes `iss` the issuer without its scheme, as Google's `accounts.google.com`. */
    bareIssuer?: boolean;
    /** Any other `iss`. */
    idTokenIssuer?: string;
    /** The app treats the bare form as its provider's, as it does for Google. */
    acceptBare?: boolean;
  },
) {
  const issuerServer = Fastify();
  let issuerUrl = '';
  // The provider needs the app's address and the app the provider's: both are known once listening.
  let appUrl = '';
  const bare = () => `${new URL(issuerUrl).host}/dev-oidc`;
  registerDevProvider(issuerServer, {
    publicUrl: () => issuerUrl,
    clientId: 'google-like-client',
    clientSecret: 'google-like-secret',
    redirectUris: () => [`${appUrl}/auth/callback`],
    cookieSecret: 'issuer-cookie-secret-0123456789abcdef',
    trustProxy: false,
    rateLimits: false,
    emailVerified: quirks.emailVerified,
    get idTokenIssuer() {
      return quirks.bareIssuer ? bare() : quirks.idTokenIssuer;
    },
  });
  await issuerServer.listen({ port: 0, host: '127.0.0.1' });
  const address = issuerServer.server.address();
  issuerUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const app = await startTestApp('sqlite', {
    OIDC_ISSUER: `${issuerUrl}/dev-oidc`,
    OIDC_CLIENT_ID: 'google-like-client',
    OIDC_CLIENT_SECRET: 'google-like-secret',
  });
  appUrl = app.url;
  if (quirks.acceptBare && app.config.signIn.kind === 'oidc') {
    app.config.signIn.idTokenIssuerAliases = [bare()];
  }
  return {
    app,
    issuerUrl,
    bare,
    close: async () => {
      await app.close();
      await issuerServer.close();
    },
  };
}

const running: { close(): Promise<void> }[] = [];
afterAll(async () => {
  await Promise.all(running.map((one) => one.close()));
});
const start = async (quirks: Parameters<typeof startWithProvider>[0]) => {
  const started = await startWithProvider(quirks);
  running.push(started);
  return started;
};

/** Signs in through the provider; returns the popup's answer and what was stored. */
async function attempt(app: TestApp, email: string) {
  const jar = new CookieJar();
  const { callbackUrl } = await signInUntilCallback(jar, app.url, { name: 'Quirk Test', email });
  const response = await request(jar, callbackUrl);
  const status = response.status;
  const html = await response.clone().text();
  return {
    status,
    html,
    popup: await popupStatus(response),
    session: jar.get(SESSION_COOKIE),
    users: await app.database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .execute(),
  };
}

describe('an ID token whose issuer lacks the scheme (Google writes accounts.google.com)', () => {
  it('is accepted when the provider is known to write it, and the account keeps the full issuer', async () => {
    const { app, issuerUrl } = await start({ bareIssuer: true, acceptBare: true });
    const result = await attempt(app, 'bare@example.com');
    expect(result.popup).toBe('success');
    expect(result.session).toBeDefined();
    expect(result.users).toHaveLength(1);
    expect(result.users[0]!.issuer).toBe(`${issuerUrl}/dev-oidc`);
    // Signing in again finds the same account.
    const again = await attempt(app, 'bare@example.com');
    expect(again.popup).toBe('success');
    expect(again.users).toHaveLength(1);
  });

  it('is refused from any other provider', async () => {
    const { app } = await start({ bareIssuer: true });
    const result = await attempt(app, 'other@example.com');
    expect(result.status).toBe(400);
    expect(result.popup).toBe('provider_error');
    expect(result.session).toBeUndefined();
    expect(result.users).toEqual([]);
  });

  it('still refuses an issuer that is neither form', async () => {
    const { app } = await start({ idTokenIssuer: 'accounts.evil.example', acceptBare: true });
    const result = await attempt(app, 'evil@example.com');
    expect(result.popup).toBe('provider_error');
    expect(result.session).toBeUndefined();
    expect(result.users).toEqual([]);
  });
});

describe('an email address the provider has not verified', () => {
  it('is refused with a clear message, and no account or session is made', async () => {
    const { app } = await start({ emailVerified: false });
    const result = await attempt(app, 'unverified@example.com');
    expect(result.status).toBe(400);
    expect(result.popup).toBe('email_unverified');
    expect(result.html).toContain('Email address not verified');
    expect(result.html).toContain(
      'Your 127.0.0.1 account&#39;s email address is not verified, so it cannot receive your receipts.',
    );
    expect(result.session).toBeUndefined();
    expect(result.users).toEqual([]);
  });
});

import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, useTestApp, type TestApp } from '../../../test/app.js';
import { TEST_DIALECTS } from '../../../test/database.js';
import {
  CookieJar,
  follow,
  popupStatus,
  request,
  signIn,
  signInUntilCallback,
} from '../../../test/signin.js';
import { registerDevProvider } from './dev-provider.js';
import { SESSION_COOKIE } from './sessions.js';
import { hashToken } from './tokens.js';

const me = async (t: TestApp, jar: CookieJar) =>
  (await (await request(jar, `${t.url}/api/me`)).json()) as {
    user: { name: string; givenName: string; email: string } | null;
  };

describe.each(TEST_DIALECTS)('sign-in with the built-in provider on %s', (dialect) => {
  const t = useTestApp(dialect);

  const sessionCount = async () =>
    (await t.database.db.selectFrom('sessions').selectAll().execute()).length;

  it('signs in through the provider, creates the user and a server-side session', async () => {
    const jar = await signIn(t.url, { name: 'Asha Rao', email: 'asha@example.com' });
    const token = jar.get(SESSION_COOKIE)!;
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(await me(t, jar)).toEqual({
      user: { name: 'Asha Rao', givenName: 'Asha', email: 'asha@example.com', picture: null },
      portfolios: [],
    });
    const user = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'asha@example.com')
      .executeTakeFirstOrThrow();
    expect(user.issuer).toBe(`${t.url}/dev-oidc`);
    expect(user.email_verified).toBe(1);
    // Only a hash of the cookie is stored.
    const sessions = await t.database.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(sessions.map((s) => s.token_hash)).toEqual([hashToken(token)]);
    expect(JSON.stringify(sessions)).not.toContain(token);
  });

  it('sets the session cookie HttpOnly and SameSite=Lax', async () => {
    const jar = new CookieJar();
    const { callbackUrl } = await signInUntilCallback(jar, t.url, {
      name: 'Cookie Check',
      email: 'cookie@example.com',
    });
    const response = await request(jar, callbackUrl);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/); // plain http here
    expect(response.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
  });

  it('keeps the same account when the same person signs in again', async () => {
    await signIn(t.url, { name: 'Ravi K', email: 'ravi@example.com' });
    const again = await signIn(t.url, { name: 'Ravi Kumar', email: 'ravi@example.com' });
    const users = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'ravi@example.com')
      .execute();
    expect(users).toHaveLength(1);
    expect(users[0]!.name).toBe('Ravi Kumar');
    expect((await me(t, again)).user?.name).toBe('Ravi Kumar');
  });

  it('ends without a session when the state is tampered with', async () => {
    const before = await sessionCount();
    const jar = new CookieJar();
    const { callbackUrl } = await signInUntilCallback(jar, t.url, {
      name: 'M',
      email: 'mallory@example.com',
    });
    const tampered = new URL(callbackUrl);
    tampered.searchParams.set('state', `${tampered.searchParams.get('state')}x`);
    const response = await request(jar, tampered.toString());
    expect(response.status).toBe(400);
    expect(await popupStatus(response)).toBe('invalid_state');
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
    expect(await sessionCount()).toBe(before);
  });

  it('refuses a replayed code', async () => {
    const jar = new CookieJar();
    const { callbackUrl } = await signInUntilCallback(jar, t.url, {
      name: 'Once',
      email: 'once@example.com',
    });
    const first = await request(jar, callbackUrl);
    expect(await popupStatus(first)).toBe('success');
    const before = await sessionCount();
    const attacker = new CookieJar();
    const replay = await request(attacker, callbackUrl);
    expect(await popupStatus(replay)).toBe('invalid_state');
    expect(attacker.get(SESSION_COOKIE)).toBeUndefined();
    expect(await sessionCount()).toBe(before);
  });

  it('refuses an ID token whose nonce does not match', async () => {
    const before = await sessionCount();
    const jar = new CookieJar();
    const { callbackUrl } = await signInUntilCallback(jar, t.url, {
      name: 'N',
      email: 'nonce@example.com',
    });
    const state = new URL(callbackUrl).searchParams.get('state')!;
    await t.database.db
      .updateTable('login_attempts')
      .set({ nonce: 'not-the-nonce-that-was-sent' })
      .where('state', '=', state)
      .execute();
    const response = await request(jar, callbackUrl);
    expect(await popupStatus(response)).toBe('provider_error');
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
    expect(await sessionCount()).toBe(before);
  });

  it('reports access_denied when the person cancels at the provider', async () => {
    const before = await sessionCount();
    const jar = new CookieJar();
    const { callbackUrl } = await signInUntilCallback(
      jar,
      t.url,
      { name: 'C', email: 'cancel@example.com' },
      'abort',
    );
    expect(new URL(callbackUrl).searchParams.get('error')).toBe('access_denied');
    const response = await request(jar, callbackUrl);
    expect(await popupStatus(response)).toBe('access_denied');
    expect(await sessionCount()).toBe(before);
  });

  it('reports cookies when the browser did not keep the sign-in cookie', async () => {
    const jar = new CookieJar();
    const { callbackUrl } = await signInUntilCallback(jar, t.url, {
      name: 'NoCookies',
      email: 'nc@example.com',
    });
    jar.delete('pb_signin');
    const response = await request(jar, callbackUrl);
    expect(await popupStatus(response)).toBe('cookies');
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
  });

  it('answers the development sign-in form with clear errors', async () => {
    const jar = new CookieJar();
    const { response, url } = await follow(jar, `${t.url}/auth/login`);
    const html = await response.text();
    expect(html).toContain('<title>Development sign-in</title>');
    expect(html).toContain('<label for="name">Name</label>');
    expect(html).toContain('<label for="email">Email</label>');
    expect(html).toContain('>Sign in</button>');
    const action = new URL(/action="([^"]+)"/.exec(html)![1]!, url);
    const bad = await request(jar, action.toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: t.url },
      body: 'name=%3Cscript%3E&email=not-an-email',
    });
    expect(bad.status).toBe(400);
    const page = await bad.text();
    expect(page).toContain('Please type an email address like name@example.com.');
    expect(page).toContain('value="&#60;script&#62;"');
    expect(page).not.toContain('<script>');
  });

  it('treats an unknown or expired session cookie as signed out', async () => {
    const stranger = new CookieJar();
    stranger.store(
      new Response(null, { headers: { 'set-cookie': `${SESSION_COOKIE}=forged-token-value` } }),
    );
    expect((await me(t, stranger)).user).toBeNull();

    const jar = await signIn(t.url, { name: 'Expiring', email: 'expiring@example.com' });
    expect((await me(t, jar)).user).not.toBeNull();
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashToken(jar.get(SESSION_COOKIE)!))
      .execute();
    expect((await me(t, jar)).user).toBeNull();
  });

  it('signs out on the server, and refuses a sign-out from another site', async () => {
    const jar = await signIn(t.url, { name: 'Leaving', email: 'leaving@example.com' });
    const hash = hashToken(jar.get(SESSION_COOKIE)!);
    const forged = await request(jar, `${t.url}/auth/logout`, {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
    });
    expect(forged.status).toBe(403);
    expect((await me(t, jar)).user?.name).toBe('Leaving');

    const copy = new CookieJar();
    copy.store(
      new Response(null, {
        headers: { 'set-cookie': `${SESSION_COOKIE}=${jar.get(SESSION_COOKIE)}` },
      }),
    );
    const out = await request(jar, `${t.url}/auth/logout`, {
      method: 'POST',
      headers: { origin: t.url },
    });
    expect(out.status).toBe(204);
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
    // The old cookie is dead on the server too, not just forgotten by this browser.
    expect((await me(t, copy)).user).toBeNull();
    expect(
      await t.database.db
        .selectFrom('sessions')
        .selectAll()
        .where('token_hash', '=', hash)
        .execute(),
    ).toEqual([]);
  });
});

describe('sign-in with an external OpenID provider configured like Google', () => {
  let t: TestApp;
  let issuerServer: ReturnType<typeof Fastify>;
  let issuerUrl = '';

  beforeAll(async () => {
    // A second, independent oidc-provider on loopback: discovery, client_secret_post, PKCE.
    issuerServer = Fastify();
    registerDevProvider(issuerServer, {
      publicUrl: () => issuerUrl,
      clientId: 'google-like-client.apps.example',
      clientSecret: 'google-like-secret',
      redirectUris: () => [`${t.url}/auth/callback`],
      cookieSecret: 'issuer-cookie-secret-0123456789abcdef',
      trustProxy: false,
      rateLimits: false,
    });
    await issuerServer.listen({ port: 0, host: '127.0.0.1' });
    const address = issuerServer.server.address();
    issuerUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    t = await startTestApp('sqlite', {
      OIDC_ISSUER: `${issuerUrl}/dev-oidc`,
      OIDC_CLIENT_ID: 'google-like-client.apps.example',
      OIDC_CLIENT_SECRET: 'google-like-secret',
    });
  });
  afterAll(async () => {
    await t.close();
    await issuerServer.close();
  });

  it('completes the flow against the external issuer and keys the account on its subject', async () => {
    const jar = await signIn(t.url, { name: 'Meera Iyer', email: 'meera@example.com' });
    expect((await me(t, jar)).user).toMatchObject({
      name: 'Meera Iyer',
      email: 'meera@example.com',
    });
    const user = await t.database.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(user.issuer).toBe(`${issuerUrl}/dev-oidc`);
    expect(user.subject).toBe(Buffer.from('meera@example.com').toString('base64url'));
  });

  it('does not offer the built-in provider when a real one is configured', async () => {
    const response = await fetch(`${t.url}/dev-oidc/.well-known/openid-configuration`);
    expect(response.status).toBe(404);
  });

  it('reports network when the issuer cannot be reached', async () => {
    const down = await startTestApp('sqlite', {
      OIDC_ISSUER: 'http://127.0.0.1:9/unreachable',
      OIDC_CLIENT_ID: 'x',
      OIDC_CLIENT_SECRET: 'y',
    });
    const response = await fetch(`${down.url}/auth/login`, { redirect: 'manual' });
    expect(response.status).toBe(502);
    expect(await popupStatus(response)).toBe('network');
    await down.close();
  });
});

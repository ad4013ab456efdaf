import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import { z } from 'zod';
import { SIGN_IN_PATH, type MeResponse, type SignInStatus } from '../../shared/auth.js';
import { servedOverHttps, type Config } from '../config.js';
import type { Db } from '../db/database.js';
import { escapeHtml, smallPage } from '../html.js';
import { rateLimitHooks } from '../http/rate-limit.js';
import { addressText } from '../http/route-rules.js';
import { listPublishedPortfolios } from '../portfolios/portfolios.repository.js';
import { DEV_PROVIDER_PATH, registerDevProvider } from './dev-provider.js';
import { consumeLoginAttempt, insertLoginAttempt } from './login-attempts.repository.js';
import { OidcClient, SignInError, type OidcProviderSettings } from './oidc-client.js';
import {
  OWN_PAGES_COOKIE,
  OWN_PAGES_MAX_AGE_SECONDS,
  ownPagesCookieOptions,
  ownPagesValue,
} from '../visits/own-pages.js';
import { endSession, startSession } from './sessions.js';
import { hashToken, newToken } from './tokens.js';
import { upsertUserFromProfile } from './users.repository.js';

/** Binds a sign-in attempt to the browser that started it (login CSRF protection). */
const BROWSER_COOKIE = 'pb_signin';
const ATTEMPT_MINUTES = 10;
const CALLBACK_PATH = '/auth/callback';

/** What the provider sends back; it may add parameters of its own (Google adds several). */
const callbackQuery = z.looseObject({
  state: addressText(200).optional(),
  code: addressText(2048).optional(),
  error: addressText(200).optional(),
  error_description: addressText(2048).optional(),
});

const DONE_TEXT: Record<SignInStatus, { title: string; text: string }> = {
  // Shown when the builder is no longer this window's opener (cut by the browser or the
  // provider, or a phone that opened the sign-in as a tab); otherwise the window closes at once.
  success: {
    title: 'Signed in',
    text: 'You are signed in. You can close this window or tab and go back to the builder, which now shows you signed in.',
  },
  access_denied: { title: 'Sign-in cancelled', text: 'Sign-in was cancelled.' },
  provider_error: { title: 'Sign-in failed', text: 'The sign-in service reported a problem.' },
  invalid_state: {
    title: 'Sign-in expired',
    text: 'This sign-in had expired or was already used.',
  },
  network: { title: 'Sign-in unavailable', text: 'The sign-in service could not be reached.' },
  cookies: { title: 'Cookies needed', text: 'Sign-in needs cookies to be allowed for this site.' },
  internal: { title: 'Sign-in failed', text: 'Something went wrong while signing you in.' },
  rate_limited: {
    title: 'Please wait a moment',
    text: 'There have been too many sign-in attempts from this network. Try again in a minute.',
  },
  email_unverified: {
    title: 'Email address not verified',
    text: "Your account's email address is not verified, so it cannot receive your receipts. Verify it, then sign in again.",
  },
};

/**
 * Whether the browser is opening this address as a page of its own (the sign-in popup), and not
 * loading it as an image, a frame or from a script. Browsers that send Fetch Metadata always send
 * Sec-Fetch-Dest; a client without it (an older browser, a script) cannot be told apart and is
 * let through. Sec-Fetch-Mode alone proves nothing: Node's fetch sends `cors` on its own.
 */
function isTopLevelNavigation(request: FastifyRequest): boolean {
  const dest = request.headers['sec-fetch-dest'];
  if (dest === undefined) return true;
  const mode = request.headers['sec-fetch-mode'];
  return dest === 'document' && (mode === undefined || mode === 'navigate');
}

const NOT_A_NAVIGATION =
  'Sign-in starts only when this address is opened as a page. It cannot be loaded as an image, in a frame or by a script.';

export function registerAuthRoutes(app: FastifyInstance, db: Db, config: Config): void {
  const redirectUri = () => `${config.publicUrl}${CALLBACK_PATH}`;
  let settings: () => OidcProviderSettings;
  if (config.signIn.kind === 'oidc') {
    const provider = config.signIn;
    settings = () => ({
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      idTokenIssuerAliases: provider.idTokenIssuerAliases,
    });
  } else {
    const clientId = 'portfolio-builder';
    const clientSecret = createHmac('sha256', config.sessionSecret)
      .update('dev-oidc-client')
      .digest('base64url');
    registerDevProvider(app, {
      publicUrl: () => config.publicUrl,
      clientId,
      clientSecret,
      redirectUris: () => [redirectUri()],
      cookieSecret: createHmac('sha256', config.sessionSecret)
        .update('dev-oidc-cookies')
        .digest('base64url'),
      trustProxy: config.trustProxy !== false,
      rateLimits: config.rateLimits,
    });
    settings = () => ({
      issuer: `${config.publicUrl}${DEV_PROVIDER_PATH}`,
      clientId,
      clientSecret,
    });
  }
  const oidc = new OidcClient(settings);
  const secure = servedOverHttps(config.publicUrl);

  /** The popup's last page: posts only a status to the opener, at our exact origin, and closes. */
  const done = (reply: FastifyReply, status: SignInStatus, httpStatus = 200) => {
    const { title, text } =
      status === 'email_unverified' && config.signIn.kind === 'oidc'
        ? {
            title: DONE_TEXT[status].title,
            text: `Your ${config.signIn.label} account's email address is not verified, so it cannot receive your receipts. Verify it with ${config.signIn.label}, then sign in again.`,
          }
        : DONE_TEXT[status];
    return (
      reply
        .status(httpStatus)
        .header('cache-control', 'no-store')
        // The opener must stay reachable from this page (DESIGN.md: no COOP on the callback).
        .header('cross-origin-opener-policy', 'unsafe-none')
        .type('text/html; charset=utf-8')
        .send(
          smallPage({
            title,
            bodyAttributes: ` data-status="${status}" data-origin="${escapeHtml(new URL(config.publicUrl).origin)}"`,
            body: `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p><a href="/choose">Continue to the builder</a></p>`,
            scripts: ['/signin-result.js'],
          }),
        )
    );
  };

  const limits = rateLimitHooks(app, { enabled: config.rateLimits });
  // A refused sign-in in the popup tells the builder why, like any other ending.
  const signInLimit = limits.perIp('signIn', {
    page: (reply) => done(reply, 'rate_limited', 429),
  });

  // A page that embeds /auth/login (say as an image) must not start sign-ins for its visitors:
  // refused before the rate limit counts it, before any row or cookie is written.
  const navigationOnly = async (request: FastifyRequest, reply: FastifyReply) => {
    if (isTopLevelNavigation(request)) return;
    return reply
      .status(400)
      .header('cache-control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send(NOT_A_NAVIGATION);
  };

  app.get(SIGN_IN_PATH, { onRequest: [navigationOnly, ...signInLimit] }, async (request, reply) => {
    const browser = newToken();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const codeVerifier = client.randomPKCECodeVerifier();
    const now = new Date();
    let url: URL;
    try {
      url = await oidc.authorizationUrl({
        redirectUri: redirectUri(),
        state,
        nonce,
        codeVerifier,
      });
    } catch (error) {
      request.log.warn({ err: error }, 'sign-in could not start');
      return done(reply, error instanceof SignInError ? error.status : 'internal', 502);
    }
    await insertLoginAttempt(db, {
      state,
      browser_hash: hashToken(browser),
      code_verifier: codeVerifier,
      nonce,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + ATTEMPT_MINUTES * 60_000).toISOString(),
    });
    reply.setCookie(BROWSER_COOKIE, browser, {
      path: '/auth',
      httpOnly: true,
      sameSite: 'lax',
      secure,
      maxAge: ATTEMPT_MINUTES * 60,
    });
    return reply.header('cache-control', 'no-store').redirect(url.toString());
  });

  app.get<{ Querystring: z.infer<typeof callbackQuery> }>(
    CALLBACK_PATH,
    { config: { query: callbackQuery } },
    async (request, reply) => {
      const browser = request.cookies[BROWSER_COOKIE];
      reply.clearCookie(BROWSER_COOKIE, { path: '/auth', httpOnly: true, sameSite: 'lax', secure });
      const state = request.query.state;
      const now = new Date();
      const attempt = state ? await consumeLoginAttempt(db, state, now) : undefined;
      if (!browser) return done(reply, attempt ? 'cookies' : 'invalid_state', 400);
      if (!attempt || attempt.browser_hash !== hashToken(browser))
        return done(reply, 'invalid_state', 400);
      if (request.query.error) {
        return done(
          reply,
          request.query.error === 'access_denied' ? 'access_denied' : 'provider_error',
          400,
        );
      }
      try {
        // The address the provider sent the browser to is the redirect URI we gave it, with its
        // answer in the query: built from the same string, the two always agree.
        const queryAt = request.url.indexOf('?');
        const query = queryAt === -1 ? '' : request.url.slice(queryAt);
        const profile = await oidc.finish(new URL(`${redirectUri()}${query}`), {
          state: attempt.state,
          nonce: attempt.nonce,
          codeVerifier: attempt.code_verifier,
        });
        const user = await upsertUserFromProfile(db, profile, now);
        await startSession(db, config, reply, user.id, now);
        request.log.info({ userId: user.id }, 'signed in');
        return done(reply, 'success');
      } catch (error) {
        request.log.warn({ err: error }, 'sign-in failed');
        return done(reply, error instanceof SignInError ? error.status : 'internal', 400);
      }
    },
  );

  app.post('/auth/logout', async (request, reply) => {
    await endSession(db, config, request, reply);
    return reply.status(204).send();
  });

  app.get('/api/me', async (request, reply): Promise<MeResponse> => {
    reply.header('cache-control', 'no-store');
    const user = await request.currentUser();
    if (!user) return { user: null, portfolios: [] };
    const portfolios = await listPublishedPortfolios(db, user.id);
    // Every builder page asks this: from the first page after paying on, this browser is
    // marked as the owner's, so their own views of their pages are not counted as visits.
    reply.setCookie(
      OWN_PAGES_COOKIE,
      ownPagesValue(portfolios.flatMap(({ username }) => (username ? [username] : []))),
      {
        ...ownPagesCookieOptions(servedOverHttps(config.publicUrl)),
        maxAge: OWN_PAGES_MAX_AGE_SECONDS,
      },
    );
    return {
      user: {
        name: user.name,
        givenName: user.given_name ?? user.name.split(/\s+/)[0]!,
        email: user.email,
        picture: user.picture,
      },
      portfolios,
    };
  });
}

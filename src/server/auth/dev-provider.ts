import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { parse as parseQuery } from 'node:querystring';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import Provider, {
  type Configuration,
  type InteractionResults,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import { LIMITS } from '../../shared/domain/limits.js';
import { EMAIL_PATTERN } from '../../shared/domain/email.js';
import { HttpError } from '../http/errors.js';
import { escapeHtml, smallPage } from '../html.js';
import { rateLimitHooks } from '../http/rate-limit.js';
import { POPUP_COOP } from '../http/security-headers.js';
import { DevProviderStore } from './dev-provider-store.js';

export const DEV_PROVIDER_PATH = '/dev-oidc';

export interface DevProviderSettings {
  /** Our own origin; the provider's issuer is `${publicUrl}/dev-oidc`. */
  publicUrl: () => string;
  clientId: string;
  clientSecret: string;
  /** Where the provider may send people back to (our /auth/callback). */
  redirectUris: () => string[];
  cookieSecret: string;
  trustProxy: boolean;
  /** Per-address request limits on every provider route (RATE_LIMITS.devProvider). */
  rateLimits: boolean;
  /** Where the provider keeps its records; tests pass one to look inside. */
  store?: DevProviderStore;
  /**
   * Tests act as providers that differ from this one: `emailVerified: false` vouches for no
   * address, and `idTokenIssuer` is written as the ID tokens' `iss` instead of the issuer URL
   * (Google may write `accounts.google.com` for `https://accounts.google.com`).
   */
  emailVerified?: boolean;
  idTokenIssuer?: string;
}

/** The same JWT with some claims replaced, signed again (RS256) with the provider's key. */
function resignJwt(jwt: string, claims: Record<string, unknown>, key: KeyObject): string {
  const [header = '', payload = ''] = jwt.split('.');
  const body = { ...JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')), ...claims };
  const input = `${header}.${Buffer.from(JSON.stringify(body)).toString('base64url')}`;
  return `${input}.${sign('sha256', Buffer.from(input), key).toString('base64url')}`;
}

interface DevAccount {
  email: string;
  name: string;
}

/** The sign-in form holds a name and an email address: a few hundred bytes. */
const FORM_LIMIT_BYTES = 4096;

/** The account id is the email itself, encoded: the same email is the same person across restarts. */
const accountIdFor = (email: string) => Buffer.from(email.toLowerCase()).toString('base64url');
const emailFromAccountId = (id: string) => Buffer.from(id, 'base64url').toString('utf8');

/**
 * A real OpenID provider (oidc-provider) mounted on our own server for development: the person
 * types a name and an email instead of holding a Google account. The sign-in flow that talks to
 * it is exactly the production one.
 */
export function registerDevProvider(app: FastifyInstance, settings: DevProviderSettings): void {
  // Names typed on the form, read back when the provider issues the ID token minutes later.
  const names = new LRUCache<string, DevAccount>({ max: 5_000, ttl: 10 * 60_000 });
  const store = settings.store ?? new DevProviderStore();
  const limits = rateLimitHooks(app, { enabled: settings.rateLimits });
  let provider: Provider | undefined;

  // Built on first use: the issuer must carry the port the server really listens on.
  const getProvider = (): Provider => {
    if (provider) return provider;
    const publicUrl = settings.publicUrl();
    const privateKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const signingKey = privateKey.export({ format: 'jwk' });
    const configuration: Configuration = {
      clients: [
        {
          client_id: settings.clientId,
          client_secret: settings.clientSecret,
          redirect_uris: settings.redirectUris(),
          response_types: ['code'],
          grant_types: ['authorization_code'],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
      claims: {
        openid: ['sub'],
        email: ['email', 'email_verified'],
        profile: ['name', 'given_name'],
      },
      conformIdTokenClaims: false,
      adapter: store.adapterFactory(),
      // Everything here lives minutes at most: the session that matters is our own cookie.
      ttl: {
        AccessToken: 600,
        AuthorizationCode: 60,
        Grant: 600,
        IdToken: 600,
        Interaction: 600,
        Session: 600,
      },
      cookies: { keys: [settings.cookieSecret] },
      jwks: { keys: [{ ...signingKey, use: 'sig', alg: 'RS256', kid: 'dev' }] },
      features: { devInteractions: { enabled: false } },
      pkce: { required: () => true, methods: ['S256'] },
      interactions: {
        url: (_ctx: KoaContextWithOIDC, interaction) =>
          `${DEV_PROVIDER_PATH}/interaction/${interaction.uid}`,
      },
      // No consent step: the built-in provider grants what our one client asks for.
      loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
        const accountId = ctx.oidc.session?.accountId;
        const client = ctx.oidc.client;
        if (!accountId || !client) return undefined;
        const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId });
        grant.addOIDCScope('openid email profile');
        await grant.save();
        return grant;
      },
      findAccount: async (_ctx: KoaContextWithOIDC, id: string) => {
        const email = emailFromAccountId(id);
        if (email.length > LIMITS.line || !EMAIL_PATTERN.test(email)) return undefined;
        const name = names.get(id)?.name ?? email.split('@')[0]!;
        return {
          accountId: id,
          claims: async () => ({
            sub: id,
            email,
            email_verified: settings.emailVerified ?? true,
            name,
            given_name: name.split(/\s+/)[0],
          }),
        };
      },
      renderError: async (ctx: KoaContextWithOIDC, out) => {
        ctx.type = 'html';
        ctx.body = smallPage({
          title: 'Development sign-in error',
          body: `<span class="badge">Development sign-in</span><h1>Sign-in failed</h1><p class="error">${escapeHtml(String(out.error_description ?? out.error))}</p><p>Close this window and start again.</p>`,
        });
      },
    };
    provider = new Provider(`${publicUrl}${DEV_PROVIDER_PATH}`, configuration);
    provider.proxy = settings.trustProxy;
    const idTokenIssuer = settings.idTokenIssuer;
    if (idTokenIssuer) {
      const { prototype } = provider.IdToken;
      const issue = prototype.issue;
      prototype.issue = async function (this: typeof prototype, ...args: Parameters<typeof issue>) {
        const token = await issue.apply(this, args);
        return args[0]?.use === 'idtoken'
          ? resignJwt(token, { iss: idTokenIssuer }, privateKey)
          : token;
      };
    }
    return provider;
  };

  const loginPage = (uid: string, values: { name: string; email: string }, error?: string) =>
    smallPage({
      title: 'Development sign-in',
      body: `<span class="badge">Development sign-in</span>
<h1>Development sign-in</h1>
<p>This server has no Google sign-in configured. Type any name and email to sign in as that person; no password is needed.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${DEV_PROVIDER_PATH}/interaction/${escapeHtml(uid)}/login" novalidate>
  <label for="name">Name</label>
  <input id="name" name="name" autocomplete="name" required maxlength="${LIMITS.name}" value="${escapeHtml(values.name)}" autofocus>
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="email" required maxlength="${LIMITS.line}" value="${escapeHtml(values.email)}">
  <div class="actions">
    <button type="submit">Sign in</button>
    <button type="submit" class="secondary" formaction="${DEV_PROVIDER_PATH}/interaction/${escapeHtml(uid)}/abort">Cancel</button>
  </div>
</form>`,
    });

  app.register(async (scope) => {
    // Every provider route, before anything is read or stored: it is reachable without signing in.
    for (const hook of limits.perIp('devProvider')) scope.addHook('onRequest', hook);
    // oidc-provider reads its own request bodies; ours are small forms.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

    const readForm = async (request: FastifyRequest): Promise<Record<string, string>> => {
      // Bytes are counted as each chunk arrives, so a form over the limit is refused before
      // any of it is decoded or checked (a single chunk can be 64 KiB).
      const chunks: Buffer[] = [];
      let bytes = 0;
      for await (const chunk of request.raw as AsyncIterable<Buffer>) {
        bytes += chunk.length;
        if (bytes > FORM_LIMIT_BYTES) {
          throw new HttpError(413, 'body_too_large', 'This form is too large.');
        }
        chunks.push(chunk);
      }
      const parsed = parseQuery(Buffer.concat(chunks).toString('utf8'));
      return Object.fromEntries(
        Object.entries(parsed).map(([key, value]) => [
          key,
          String(Array.isArray(value) ? value[0] : (value ?? '')),
        ]),
      );
    };

    const finish = async (
      request: FastifyRequest,
      reply: FastifyReply,
      result: InteractionResults,
    ) => {
      reply.hijack();
      reply.raw.setHeader('cross-origin-opener-policy', POPUP_COOP);
      try {
        await getProvider().interactionFinished(request.raw, reply.raw, result, {
          mergeWithLastSubmission: false,
        });
      } catch (error) {
        // The reply is ours now, so no error handler will answer: the sign-in ended meanwhile.
        request.log.warn({ err: error }, 'development sign-in could not be finished');
        if (!reply.raw.headersSent) {
          reply.raw.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
        }
        reply.raw.end('This sign-in has ended. Close this window and sign in again.');
      }
    };

    scope.get<{ Params: { uid: string } }>(
      `${DEV_PROVIDER_PATH}/interaction/:uid`,
      async (request, reply) => {
        const details = await getProvider().interactionDetails(request.raw, reply.raw);
        reply.header('cache-control', 'no-store');
        return reply
          .type('text/html; charset=utf-8')
          .send(loginPage(details.uid, { name: '', email: '' }));
      },
    );

    scope.post<{ Params: { uid: string } }>(
      `${DEV_PROVIDER_PATH}/interaction/:uid/login`,
      async (request, reply) => {
        const details = await getProvider().interactionDetails(request.raw, reply.raw);
        const form = await readForm(request);
        const name = (form.name ?? '').trim();
        const email = (form.email ?? '').trim();
        const problem = !name
          ? 'Please type a name.'
          : name.length > LIMITS.name
            ? `The name must be at most ${LIMITS.name} characters.`
            : email.length > LIMITS.line || !EMAIL_PATTERN.test(email)
              ? 'Please type an email address like name@example.com.'
              : undefined;
        if (problem) {
          return reply
            .status(400)
            .header('cache-control', 'no-store')
            .type('text/html; charset=utf-8')
            .send(loginPage(details.uid, { name, email }, problem));
        }
        const accountId = accountIdFor(email);
        names.set(accountId, { email, name });
        await finish(request, reply, { login: { accountId } });
      },
    );

    scope.post<{ Params: { uid: string } }>(
      `${DEV_PROVIDER_PATH}/interaction/:uid/abort`,
      async (request, reply) => {
        // Throws (answered as an error page) for a sign-in that does not exist or has expired,
        // before finish() takes the reply over.
        await getProvider().interactionDetails(request.raw, reply.raw);
        await finish(request, reply, {
          error: 'access_denied',
          error_description: 'The person cancelled the sign-in.',
        });
      },
    );

    // Everything else (discovery, authorize, token, keys) is the provider's own.
    const forward = (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      reply.raw.setHeader('cross-origin-opener-policy', POPUP_COOP);
      // Like a mounted Express app: oidc-provider routes on url and builds links from originalUrl.
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = raw.url!.slice(DEV_PROVIDER_PATH.length) || '/';
      getProvider().callback()(request.raw, reply.raw);
    };
    scope.all(DEV_PROVIDER_PATH, forward);
    scope.all(`${DEV_PROVIDER_PATH}/*`, forward);
  });
}

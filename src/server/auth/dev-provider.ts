import { generateKeyPairSync } from 'node:crypto';
import { parse as parseQuery } from 'node:querystring';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Provider, {
  type Adapter,
  type AdapterPayload,
  type Configuration,
  type InteractionResults,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import { LIMITS } from '../../shared/domain/limits.js';
import { escapeHtml, smallPage } from '../http/html.js';
import { POPUP_COOP } from '../http/security-headers.js';

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
}

interface DevAccount {
  email: string;
  name: string;
}

/**
 * The provider's short-lived records (interactions, codes, grants) in this process's memory:
 * enough for a development sign-in, which starts and ends on one server within minutes.
 */
class MemoryAdapter implements Adapter {
  private static records = new Map<string, { payload: AdapterPayload; expiresAt: number }>();

  constructor(private readonly model: string) {}

  private key(id: string) {
    return `${this.model}:${id}`;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    MemoryAdapter.records.set(this.key(id), { payload, expiresAt: Date.now() + expiresIn * 1000 });
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    const record = MemoryAdapter.records.get(this.key(id));
    if (!record || record.expiresAt < Date.now()) return undefined;
    return record.payload;
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return [...MemoryAdapter.records.values()].find((r) => r.payload.userCode === userCode)
      ?.payload;
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return [...MemoryAdapter.records.values()].find((r) => r.payload.uid === uid)?.payload;
  }

  async consume(id: string): Promise<void> {
    const record = MemoryAdapter.records.get(this.key(id));
    if (record) record.payload.consumed = Math.floor(Date.now() / 1000);
  }

  async destroy(id: string): Promise<void> {
    MemoryAdapter.records.delete(this.key(id));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    for (const [key, record] of MemoryAdapter.records) {
      if (record.payload.grantId === grantId) MemoryAdapter.records.delete(key);
    }
  }
}

/** The account id is the email itself, encoded: the same email is the same person across restarts. */
const accountIdFor = (email: string) => Buffer.from(email.toLowerCase()).toString('base64url');
const emailFromAccountId = (id: string) => Buffer.from(id, 'base64url').toString('utf8');

const EMAIL_PATTERN = /^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[^\s@<>()[\],;:"]+$/;

/**
 * A real OpenID provider (oidc-provider) mounted on our own server for development: the person
 * types a name and an email instead of holding a Google account. The sign-in flow that talks to
 * it is exactly the production one.
 */
export function registerDevProvider(app: FastifyInstance, settings: DevProviderSettings): void {
  const names = new Map<string, DevAccount>();
  let provider: Provider | undefined;

  // Built on first use: the issuer must carry the port the server really listens on.
  const getProvider = (): Provider => {
    if (provider) return provider;
    const publicUrl = settings.publicUrl();
    const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      format: 'jwk',
    });
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
      adapter: MemoryAdapter,
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
        if (!EMAIL_PATTERN.test(email)) return undefined;
        const name = names.get(id)?.name ?? email.split('@')[0]!;
        return {
          accountId: id,
          claims: async () => ({
            sub: id,
            email,
            email_verified: true,
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
    // oidc-provider reads its own request bodies; ours are small forms.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

    const readForm = async (request: FastifyRequest): Promise<Record<string, string>> => {
      let raw = '';
      for await (const chunk of request.raw) {
        raw += String(chunk);
        if (raw.length > 10_000) break;
      }
      const parsed = parseQuery(raw);
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
            : !EMAIL_PATTERN.test(email) || email.length > LIMITS.line
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

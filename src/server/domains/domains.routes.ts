import type { FastifyInstance, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { AddDomainRequest, DomainsResponse, DomainView } from '../../shared/domains.js';
import { normaliseUsername } from '../../shared/domain/username.js';
import { badRequest, conflict, HttpError, notFound, refusalsAsHttp } from '../http/errors.js';
import { refusedByLimit } from '../http/rate-limit.js';
import { addressText, usernameParam } from '../http/route-rules.js';
import {
  addDomain,
  checkDomain,
  customDomainsEnabled,
  domainsOf,
  mayHaveCertificate,
  ownedDomain,
  removeDomain,
  requireDomainsOffered,
  viewOf,
  type DomainsContext,
} from './domains.service.js';
import { DomainError } from './errors.js';

/** The path Caddy's on-demand TLS `ask` calls, with `?domain=`. */
export const TLS_ASK_PATH = '/internal/tls-ask';

const hostnameParams = { params: z.object({ hostname: addressText(300) }) };
const usernameParams = { params: z.object({ username: usernameParam }) };

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Who may ask: a request with the shared secret, or one straight from this machine (Caddy beside
 * the app). A request that came through a proxy (it carries X-Forwarded-For) is not "from this
 * machine" even though its connection is: Caddy in front of the app would otherwise pass
 * anybody's question through.
 */
function mayAsk(request: FastifyRequest, secret: string | undefined): boolean {
  const given = (request.query as { secret?: string }).secret;
  if (secret && given) {
    const a = Buffer.from(given);
    const b = Buffer.from(secret);
    return a.length === b.length && timingSafeEqual(a, b);
  }
  return (
    LOOPBACK.has(request.socket.remoteAddress ?? '') &&
    request.headers['x-forwarded-for'] === undefined
  );
}

/** The typed name of POST .../domains: text of a sensible length, checked further by the rules. */
function readHostname(body: unknown): string {
  const typed = ((body ?? {}) as Partial<Record<keyof AddDomainRequest, unknown>>).hostname;
  if (typeof typed !== 'string' || typed.length > 1000) {
    throw badRequest('hostname is required, as text', 'hostname');
  }
  return typed;
}

/** How each refusal of the domain rules is answered over HTTP. */
function httpErrorFor(error: DomainError): HttpError {
  switch (error.refusal) {
    case 'not_offered':
    case 'not_yours':
      return notFound(error.message);
    case 'invalid_hostname':
    case 'too_many':
      return badRequest(error.message, 'hostname');
    case 'taken':
      return conflict(error.message, 'hostname');
  }
}

const answer = refusalsAsHttp(DomainError, httpErrorFor);

/** The account page's custom domains, and the question Caddy asks before it gets a certificate. */
export function registerDomainRoutes(app: FastifyInstance, ctx: DomainsContext): void {
  app.get(
    '/api/account/domains',
    { config: { signedIn: true } },
    async (request, reply): Promise<DomainsResponse> => {
      const user = await request.requireUser();
      reply.header('cache-control', 'no-store');
      return { enabled: customDomainsEnabled(ctx.config), domains: await domainsOf(ctx, user.id) };
    },
  );

  app.post<{ Params: { username: string }; Body: Partial<AddDomainRequest> }>(
    '/api/account/portfolios/:username/domains',
    { config: { signedIn: true, rateLimits: ['accountPerUser'], ...usernameParams } },
    async (request, reply): Promise<DomainView> => {
      const user = await request.requireUser();
      // Whether domains are offered at all is answered first, whatever was typed.
      await answer(async () => requireDomainsOffered(ctx.config));
      const hostname = readHostname(request.body);
      const view = await answer(() =>
        addDomain(ctx, user.id, normaliseUsername(request.params.username), hostname),
      );
      reply.status(201);
      return view;
    },
  );

  app.post<{ Params: { hostname: string } }>(
    '/api/account/domains/:hostname/check',
    { config: { signedIn: true, rateLimits: ['domainChecksPerUser'], ...hostnameParams } },
    async (request, reply) => {
      const user = await request.requireUser();
      // Whose it is first: nobody else's requests may use up the owner's checks of it.
      const domain = await answer(() => ownedDomain(ctx, user.id, request.params.hostname));
      // Per person and name: someone else's claim of the name cannot use up the owner's checks.
      const key = `${user.id} ${domain.hostname}`;
      if (await refusedByLimit(request, reply, 'domainChecksPerDomain', key)) {
        return reply;
      }
      return viewOf(ctx.config, await checkDomain(ctx, domain));
    },
  );

  app.delete<{ Params: { hostname: string } }>(
    '/api/account/domains/:hostname',
    { config: { signedIn: true, rateLimits: ['accountPerUser'], ...hostnameParams } },
    async (request, reply) => {
      const user = await request.requireUser();
      await answer(() => removeDomain(ctx, user.id, request.params.hostname));
      return reply.status(204).send();
    },
  );

  app.get<{ Querystring: { domain: string; secret?: string } }>(
    TLS_ASK_PATH,
    {
      config: {
        rateLimits: ['tlsAskPerIp'],
        query: z.object({ domain: addressText(300), secret: addressText(200).optional() }),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!mayAsk(request, ctx.config.askSecret)) {
        return reply.status(403).type('text/plain').send('forbidden');
      }
      const yes = await mayHaveCertificate(ctx, request.query.domain);
      return reply
        .status(yes ? 200 : 404)
        .type('text/plain')
        .send(yes ? 'yes' : 'no');
    },
  );
}

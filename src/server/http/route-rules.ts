import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { z as zod } from 'zod';
import { LIMITS } from '../../shared/domain/limits.js';
import { badRequest } from './errors.js';
import { RATE_LIMITS, rateLimitHooks, type RateLimitName } from './rate-limit.js';

/**
 * What a route declares about the work a request may cost before its handler runs, read by one
 * onRoute hook (registerRouteRules) so every route gets the same treatment:
 *
 * - Bodies: at most SMALL_BODY_BYTES unless the route sets Fastify's own `bodyLimit`
 *   (PORTFOLIO_BODY_BYTES for the two routes that carry a portfolio document).
 * - `signedIn`: the session is checked in onRequest, so an anonymous request is answered 401
 *   before its body is read or parsed (Fastify parses bodies before preValidation).
 * - `query` / `params`: zod schemas checked in onRequest; anything else in the address (a
 *   repeated parameter, a wrong type) is a 400 naming the parameter, and the handler sees the
 *   parsed values.
 * - `rateLimits`: limits of RATE_LIMITS counted in onRequest, per address before the session
 *   check and per person after it.
 */
export interface RouteRules {
  signedIn?: boolean;
  query?: zod.ZodType;
  params?: zod.ZodType;
  rateLimits?: readonly RateLimitName[];
}

declare module 'fastify' {
  // Declaration merging: the route's `config` carries these rules.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface FastifyContextConfig extends RouteRules {}
}

/** Ids, flags and a few fields: everything but the portfolio routes needs a few KiB at most. */
export const SMALL_BODY_BYTES = 4 * 1024;
/** A portfolio document plus the order's own fields, with room for JSON escapes. */
export const PORTFOLIO_BODY_BYTES = LIMITS.documentBytes + 64 * 1024;

/** The first problem of a query string or path parameters, as a 400 naming the parameter. */
function parseAddressPart(schema: zod.ZodType, value: unknown, part: 'query' | 'path'): unknown {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const name = issue.path.map(String).join('.');
  const where = part === 'query' ? 'query parameter' : 'address part';
  throw badRequest(
    name ? `The ${where} "${name}" ${issue.message}.` : `The ${where}s are not valid.`,
    name || part,
  );
}

export interface DeclaredRoute {
  method: string | string[];
  url: string;
  rules: RouteRules;
  bodyLimit: number | undefined;
  handler: (...args: never[]) => unknown;
}

/** Every route with what it declared, so tests can audit the rules of the whole app. */
const declaredRoutes = new WeakMap<FastifyInstance, DeclaredRoute[]>();

export function routesDeclared(app: FastifyInstance): DeclaredRoute[] {
  return declaredRoutes.get(app) ?? [];
}

/** Registers the onRoute hook; call before any route is added. */
export function registerRouteRules(app: FastifyInstance): void {
  const limits = rateLimitHooks(app, { enabled: app.deps.config.rateLimits });
  const declared: DeclaredRoute[] = [];
  declaredRoutes.set(app, declared);
  app.addHook('onRoute', (route) => {
    const rules: RouteRules = route.config ?? {};
    declared.push({
      method: route.method,
      url: route.url,
      rules,
      bodyLimit: route.bodyLimit,
      handler: route.handler,
    });
    const hooks: onRequestAsyncHookHandler[] = [];
    if (rules.params || rules.query) {
      const { params, query } = rules;
      hooks.push(async (request: FastifyRequest) => {
        if (params) request.params = parseAddressPart(params, request.params, 'path');
        if (query) request.query = parseAddressPart(query, request.query, 'query');
      });
    }
    const perIp = (rules.rateLimits ?? []).filter((name) => RATE_LIMITS[name].by === 'ip');
    const perUser = (rules.rateLimits ?? []).filter((name) => RATE_LIMITS[name].by === 'user');
    for (const name of perIp) hooks.push(...limits.perIp(name));
    if (rules.signedIn) {
      hooks.push(async (request: FastifyRequest) => {
        await request.requireUser();
      });
    }
    for (const name of perUser) hooks.push(...limits.perUser(name));
    if (hooks.length === 0) return;
    const own = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [...own, ...hooks] as typeof route.onRequest;
  });
}

/** One query parameter or address part: a single piece of text of at most `max` characters. */
export const addressText = (max: number) =>
  zod
    .string({ error: 'must be given once, as text' })
    .max(max, { error: `must be at most ${max} characters`, abort: true });

/**
 * A username in a route's address (`:username`): longer than any username, so a too-long one is
 * still answered by the slice's own rules, short enough to refuse a runaway address early.
 */
export const usernameParam = addressText(60);

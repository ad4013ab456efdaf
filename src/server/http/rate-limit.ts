import { ipNetwork } from '../net/ip-network.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './errors.js';
import {
  DatabaseRateLimitStore,
  RedisRateLimitStore,
  type RateLimitStore,
  type TakeResult,
} from './rate-limit-store.js';
import { escapeHtml, smallPage } from '../html.js';

/**
 * Request limits per client address and per signed-in user.
 *
 * The algorithm is a token bucket (capacity `limit`, refilled at `limit` per `windowSeconds`),
 * written as GCRA: each (rule, key) keeps one number, the time at which its bucket would be full
 * again. Why this over a sliding window:
 * - a whole burst up to `limit` is allowed at once, which is how people actually use the site
 *   (ten quick tries, then nothing), while a steady flood is held to the refill rate;
 * - a refused client waits only until one token is back (a few seconds), not a whole window;
 * - one integer per key, exact Retry-After, and a key whose bucket is full carries no
 *   information, so it can be forgotten without changing any answer: that is the eviction rule.
 *
 * The app keeps the buckets where every process sees them (rate-limit-store.ts: Redis when
 * REDIS_URL is set, else the database), so a client gets each limit once however many processes
 * serve it. Why our own stores and not rate-limiter-flexible's: its counters are fixed windows
 * (docs/decisions/0013-request-limits-stay-a-token-bucket.md).
 */
export interface RateLimitRule {
  /** Requests allowed in one burst, and refilled over `windowSeconds`. */
  limit: number;
  windowSeconds: number;
  /** What is counted, for the message: "Too many {what} from {whom}". */
  what: string;
  /** 'page': counted per public page by the route itself (contact messages). */
  by: 'ip' | 'user' | 'page';
}

/**
 * Every limit in one place. A real person signs in perhaps ten times and creates a dozen orders
 * in two minutes while trying things out; each limit is several times that, and the refill
 * gives one more try within 20 seconds at most.
 */
export const RATE_LIMITS = {
  /**
   * GET /auth/login per address: 60 per 10 minutes (one back every 10 s). No password is
   * guessed here (the provider owns credentials); the limit bounds sign-in rows and provider
   * work per address. 60 rather than 30 because an office, campus or carrier NAT puts several
   * people behind one address.
   */
  signIn: { limit: 60, windowSeconds: 600, what: 'sign-in attempts', by: 'ip' },
  /**
   * /dev-oidc/* per address: 600 per 10 minutes (one back every second). A development sign-in
   * makes about six requests to the built-in provider, so this is ten times the sign-in limit,
   * while a flood of anonymous requests can no longer fill the provider's memory.
   */
  devProvider: {
    limit: 600,
    windowSeconds: 600,
    what: 'development sign-in requests',
    by: 'ip',
  },
  /** POST /api/claims per user: 120 a minute. People press Submit, they do not type into it. */
  claimsPerUser: { limit: 120, windowSeconds: 60, what: 'username checks', by: 'user' },
  /** POST /api/claims per address: 300 a minute, so one address cannot enumerate names fast. */
  claimsPerIp: { limit: 300, windowSeconds: 60, what: 'username checks', by: 'ip' },
  /**
   * POST /create-order per user: 30 per 10 minutes. Each order calls the payment provider and
   * holds a username for 15 minutes, so this also bounds how many names one account can hold.
   */
  ordersPerUser: { limit: 30, windowSeconds: 600, what: 'orders', by: 'user' },
  /** POST /create-order per address: 60 per 10 minutes, against many accounts on one address. */
  ordersPerIp: { limit: 60, windowSeconds: 600, what: 'orders', by: 'ip' },
  /**
   * POST /verify-payment per user: 30 per 10 minutes. A payment is verified once; the page
   * retries a few times at most. Each check computes an HMAC and reads the order.
   */
  verifyPerUser: { limit: 30, windowSeconds: 600, what: 'payment checks', by: 'user' },
  /** POST /verify-payment per address: 60 per 10 minutes, before the session is looked up. */
  verifyPerIp: { limit: 60, windowSeconds: 600, what: 'payment checks', by: 'ip' },
  /**
   * The built-in gateway's Pay and Decline (/test-gateway/*) per person: 30 per 10 minutes, as
   * many as the orders they pay; each one writes a row (a payment or a failure event).
   */
  testPaymentsPerUser: { limit: 30, windowSeconds: 600, what: 'test payments', by: 'user' },
  /** The same per address: 60 per 10 minutes, before the session is looked up. */
  testPaymentsPerIp: { limit: 60, windowSeconds: 600, what: 'test payments', by: 'ip' },
  /**
   * POST /payments/callback per address: 60 per 10 minutes. A person's browser comes back here
   * once per payment, from the provider's page, without our cookie; nothing else should.
   */
  paymentCallbackPerIp: { limit: 60, windowSeconds: 600, what: 'payment returns', by: 'ip' },
  /**
   * POST /webhooks/razorpay per address: 600 a minute. Razorpay sends from a few addresses and
   * retries in bursts after an outage; this only stops a flood of unsigned posts.
   */
  webhooksPerIp: { limit: 600, windowSeconds: 60, what: 'webhook deliveries', by: 'ip' },
  /**
   * POST /api/uploads per user: 60 per 10 minutes. A photographer drops a whole folder at once;
   * each upload costs seconds of image processing, so a steady stream is held to one in 10 s.
   */
  uploadsPerUser: { limit: 60, windowSeconds: 600, what: 'uploads', by: 'user' },
  /** POST /api/uploads per address: 120 per 10 minutes, against many accounts on one address. */
  uploadsPerIp: { limit: 120, windowSeconds: 600, what: 'uploads', by: 'ip' },
  /**
   * GET /api/uploads per user: 30 a minute. Each lists up to 2,000 uploads with their addresses;
   * no page of the builder asks for it more than once on opening.
   */
  uploadListsPerUser: { limit: 30, windowSeconds: 60, what: 'upload lists', by: 'user' },
  /**
   * POST /api/uploads/touch and DELETE /api/uploads/:hash per user: 120 per 10 minutes. The
   * editor touches once when it opens a draft; a removal is a click, and it reaches the storage.
   */
  uploadChangesPerUser: { limit: 120, windowSeconds: 600, what: 'upload changes', by: 'user' },
  /**
   * GET /api/portfolios/:templateId per user: 120 a minute. The editor loads a published page's
   * data when it opens; each load reads and checks a document of up to 256 KB.
   */
  portfolioLoadsPerUser: { limit: 120, windowSeconds: 60, what: 'portfolio loads', by: 'user' },
  /**
   * Account changes per user (unpublish, publish, delete a portfolio, delete the account): 60 per
   * 10 minutes. Each bumps the page generation, which every process then acts on.
   */
  accountPerUser: { limit: 60, windowSeconds: 600, what: 'account changes', by: 'user' },
  /**
   * GET /api/account/export and a portfolio's website.zip per user: 30 per 10 minutes (one back
   * every 20 s); each reads every portfolio of the person, or every file of one, in full.
   */
  exportPerUser: { limit: 30, windowSeconds: 600, what: 'data exports', by: 'user' },
  /**
   * GET /receipts/:file per address: 120 per 10 minutes. A receipt page is read now and then;
   * each PDF is drawn on request (a few milliseconds), so a flood of them is bounded here.
   */
  receiptsPerIp: { limit: 120, windowSeconds: 600, what: 'receipt views', by: 'ip' },
  /**
   * POST /users/:username/contact per address: 15 per 5 minutes (one back every 20 s). A person
   * writes to a portfolio once or twice; a few people behind one office address still fit, and
   * a script is held to three a minute.
   */
  contactPerIp: { limit: 15, windowSeconds: 300, what: 'messages', by: 'ip' },
  /**
   * Messages to one page from everyone: 30 per 10 minutes (one back every 20 s), counted only
   * for well-formed messages, so that a burst from many addresses cannot fill the owner's inbox
   * at once; the daily cap per owner (CONTACT_LIMITS) bounds the day.
   */
  contactPerPage: {
    limit: 30,
    windowSeconds: 600,
    what: 'messages to this portfolio',
    by: 'page',
  },
  /**
   * What one network may take of a page's allowance at once: 10 (one back every 20 s), taken
   * before the page's, so that messages sent together (each counting the day before any is
   * stored) cannot spend more of the page's allowance than the network may send in a day.
   */
  contactPerNetworkPage: {
    limit: 10,
    windowSeconds: 200,
    what: 'messages to this portfolio from your network',
    by: 'page',
  },
  /**
   * Of the page's allowance, what networks that already wrote to the page today may use together:
   * 20 at once (one back every 20 s), so that 10 stay for people writing for the first time
   * however a few networks repeat themselves.
   */
  contactPerPageRepeat: {
    limit: 20,
    windowSeconds: 400,
    what: 'messages to this portfolio',
    by: 'page',
  },
  /**
   * GET /api/contact/start per address: 120 per 10 minutes. The page's script asks once when the
   * form comes into view; the answer is a signed time, cheap to make.
   */
  contactStartPerIp: { limit: 120, windowSeconds: 600, what: 'contact form starts', by: 'ip' },
  /**
   * Check now on a custom domain, per user: 30 per 10 minutes (one back every 20 s). Each sends
   * several DNS queries; the periodic re-checks need no clicks.
   */
  domainChecksPerUser: { limit: 30, windowSeconds: 600, what: 'domain checks', by: 'user' },
  /**
   * Check now per person and domain: 15 per 5 minutes (one back every 20 s), so one domain's
   * DNS servers are not queried in a loop through us. Counted per person as well, since several
   * people may claim one name: another's checks must not use up the owner's.
   */
  domainChecksPerDomain: {
    limit: 15,
    windowSeconds: 300,
    what: 'checks of this domain',
    by: 'user',
  },
  /**
   * Sharing, renewing and revoking preview links per user: 30 per 10 minutes (one back every
   * 20 s). Each share stores a whole portfolio document; people share again after an edit, not
   * on every keystroke.
   */
  previewLinksPerUser: { limit: 30, windowSeconds: 600, what: 'preview link changes', by: 'user' },
  /** Sharing a preview per address: 60 per 10 minutes, against many accounts on one address. */
  previewLinksPerIp: { limit: 60, windowSeconds: 600, what: 'preview link changes', by: 'ip' },
  /**
   * GET /preview/:token per address: 120 a minute. A preview is seen by a few people and each
   * version is rendered once; this also bounds guessing at tokens (256 random bits make it
   * hopeless).
   */
  previewViewsPerIp: { limit: 120, windowSeconds: 60, what: 'preview views', by: 'ip' },
  /**
   * GET /internal/tls-ask per address: Caddy asks once per certificate it wants; 120 a minute
   * bounds a client that reaches the endpoint from loopback in a loop.
   */
  tlsAskPerIp: { limit: 120, windowSeconds: 60, what: 'certificate questions', by: 'ip' },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof RATE_LIMITS;

/**
 * The address a limit counts against. IPv6 addresses are grouped by their /64 network, since
 * one subscriber is usually given a whole /64 and could otherwise rotate through it (narrower
 * than the visitor counts' /48: a limit refuses people, so it should not catch neighbours).
 */
export const clientNetwork = (ip: string) => ipNetwork(ip, 64);

/** Counts requests in a store shared by every process, on a clock tests may replace. */
export class SharedRateLimiter {
  /** The clock, in milliseconds. Tests replace it to move time without waiting. */
  now: () => number = Date.now;

  constructor(private readonly store: RateLimitStore) {}

  take(ruleName: string, rule: RateLimitRule, key: string): Promise<TakeResult> {
    const windowMs = rule.windowSeconds * 1000;
    // Rule names have no colon, so the first one ends the name (IPv6 keys have more).
    return this.store.take(
      `${ruleName}:${key}`,
      { intervalMs: windowMs / rule.limit, windowMs },
      this.now(),
    );
  }

  close(): Promise<void> {
    return this.store.close();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** One limiter per app instance, shared by every limited route (see rate-limit.ts). */
    rateLimiter: SharedRateLimiter;
  }
}

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** How a route answers a refused page load itself (the retry headers are already set). */
export type RefusedPage = (reply: FastifyReply, seconds: number) => FastifyReply;

function refuse(
  request: FastifyRequest,
  reply: FastifyReply,
  rule: RateLimitRule,
  seconds: number,
  page?: RefusedPage,
): FastifyReply {
  const whom = rule.by === 'user' ? 'your account' : 'this network';
  const wait = seconds === 1 ? '1 second' : `${seconds} seconds`;
  const message = `Too many ${rule.what} from ${whom}. Try again in ${wait}.`;
  request.log.warn({ limit: rule.what, by: rule.by, retryAfter: seconds }, 'rate limited');
  reply.status(429).header('retry-after', String(seconds)).header('cache-control', 'no-store');
  // The sign-in popup is a page the browser navigates to: it shows words, not JSON. So is a
  // form posted without JavaScript, when its route says how to answer it (`page`).
  if ((request.method === 'GET' || page) && (request.headers.accept ?? '').includes('text/html')) {
    if (page) return page(reply, seconds);
    return reply.type('text/html; charset=utf-8').send(
      smallPage({
        title: `Too many ${rule.what}`,
        body: `<h1>Please wait a moment</h1><p>${escapeHtml(message)}</p>`,
      }),
    );
  }
  return reply.send(errorBody('rate_limited', message, { requestId: request.id }));
}

/**
 * Route hooks that apply the limits of RATE_LIMITS, sharing the app's limiter (created here on
 * first use, so every app instance counts on its own). With `enabled` false they are empty.
 *
 * - `perIp(name)`: an onRequest hook, so a refused request is answered before its body is read.
 * - `perUser(name)`: a preHandler; counts only signed-in requests (the route answers 401 to
 *   the others, and the per-address limit already counts them).
 */
export function rateLimitHooks(
  app: FastifyInstance,
  options: { enabled: boolean },
): {
  perIp(name: RateLimitName, options?: { page?: RefusedPage }): Hook[];
  perUser(name: RateLimitName): Hook[];
} {
  if (!options.enabled) return { perIp: () => [], perUser: () => [] };
  if (!app.hasDecorator('rateLimiter')) {
    const { config, db } = app.deps;
    const limiter = new SharedRateLimiter(
      config.redisUrl ? new RedisRateLimitStore(config.redisUrl) : new DatabaseRateLimitStore(db),
    );
    app.decorate('rateLimiter', limiter);
    app.addHook('onClose', async () => limiter.close());
  }
  const limiter = app.rateLimiter;
  const hook =
    (
      name: RateLimitName,
      keyOf: (request: FastifyRequest) => Promise<string | undefined>,
      page?: RefusedPage,
    ): Hook =>
    async (request, reply) => {
      const key = await keyOf(request);
      if (key === undefined) return;
      const rule: RateLimitRule = RATE_LIMITS[name];
      let result: TakeResult;
      try {
        result = await limiter.take(name, rule, key);
      } catch (error) {
        // The store is away: these limits bound abuse, and refusing everyone would be worse.
        request.log.warn({ err: error, limit: rule.what }, 'rate limit store unavailable: allowed');
        return;
      }
      if (!result.allowed) return refuse(request, reply, rule, result.retryAfterSeconds, page);
    };
  return {
    perIp: (name, perIpOptions) => [
      hook(name, async (request) => clientNetwork(request.ip), perIpOptions?.page),
    ],
    perUser: (name) => [hook(name, async (request) => (await request.currentUser())?.id)],
  };
}

/**
 * Applies one limit of RATE_LIMITS to a key of the route's own choosing (e.g. the domain a
 * request is about); answers 429 and returns true when refused. Nothing is counted when rate
 * limits are off.
 */
export async function refusedByLimit(
  request: FastifyRequest,
  reply: FastifyReply,
  name: RateLimitName,
  key: string,
): Promise<boolean> {
  const app = request.server;
  if (!app.deps.config.rateLimits || !app.hasDecorator('rateLimiter')) return false;
  const rule: RateLimitRule = RATE_LIMITS[name];
  let result: TakeResult;
  try {
    result = await app.rateLimiter.take(name, rule, key);
  } catch (error) {
    request.log.warn({ err: error, limit: rule.what }, 'rate limit store unavailable: allowed');
    return false;
  }
  if (result.allowed) return false;
  refuse(request, reply, rule, result.retryAfterSeconds);
  return true;
}

import { createHmac, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import path from 'node:path';
import proxyAddr from '@fastify/proxy-addr';
import fastifyCookie from '@fastify/cookie';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
} from 'fastify';
import { registerAccountRoutes } from './account/account.routes.js';
import { ReceiptPdfs } from './receipts/receipt-pdfs.js';
import { registerReceiptRoutes } from './receipts/receipts.routes.js';
import { ContactTokens } from './contact/contact-token.js';
import { registerContactRoutes } from './contact/contact.routes.js';
import { VisitCounter } from './visits/visit-counter.js';
import { registerVisitRoutes } from './visits/visits.routes.js';
import { registerAuthRoutes } from './auth/auth.routes.js';
import { registerSessions } from './auth/sessions.js';
import { servedOverHttps, type Config } from './config.js';
import type { Db, Dialect } from './db/database.js';
import { createCustomHostRouter, servedDomainOf } from './domains/custom-hosts.js';
import { DnsChecker } from './domains/dns-check.js';
import { DomainDirectory } from './domains/domain-directory.js';
import { registerDomainRoutes } from './domains/domains.routes.js';
import { customDomainsEnabled, type DomainsContext } from './domains/domains.service.js';
import { errorBody, registerErrorHandler } from './http/errors.js';
import { registerJsonBodies } from './http/json-bodies.js';
import {
  createGuardedServer,
  SLOW_CLIENT_LIMITS,
  type SlowClientLimits,
} from './http/slow-clients.js';
import { registerHealthRoutes } from './http/health.routes.js';
import { Metrics } from './metrics/metrics.js';
import { registerMetricsRoutes } from './metrics/metrics.routes.js';
import { registerOriginCheck } from './http/origin-check.js';
import { registerRouteRules, SMALL_BODY_BYTES } from './http/route-rules.js';
import {
  rawSecurityHeaders,
  registerSecurityHeaders,
  securityHeaderSet,
} from './http/security-headers.js';
import { registerSpa } from './http/spa.routes.js';
import { loggerOptions } from './logger.js';
import { createMailer } from './mail/mailer.js';
import { PeriodicJobs } from './periodic-jobs.js';
import { registerOrderRoutes } from './orders/orders.routes.js';
import { findBuiltinOrder } from './orders/orders.service.js';
import {
  PAYMENT_CALLBACK_PATH,
  registerPaymentCallbackRoutes,
} from './orders/payment-callback.routes.js';
import { registerWebhookRoutes } from './orders/webhooks.routes.js';
import { BuiltinGateway } from './payments/builtin-gateway.js';
import { registerBuiltinGatewayRoutes } from './payments/builtin-gateway.routes.js';
import type { PaymentGateway } from './payments/gateway.js';
import { createGateway } from './payments/create-gateway.js';
import { registerPortfolioRoutes } from './portfolios/portfolios.routes.js';
import { PreviewTokens } from './preview-links/preview-tokens.js';
import { registerPreviewLinkRoutes } from './preview-links/preview-links.routes.js';
import { registerPublicPages } from './public-pages/public-pages.routes.js';
import { registerSiteModeRoutes, siteMode } from './site-mode.js';
import { registerTemplateRoutes } from './templates/templates.routes.js';
import { registerTemplatePreviewRoutes } from './template-previews/template-previews.routes.js';
import { createMediaStorage } from './uploads/create-storage.js';
import { IMAGE_SHUTDOWN_GRACE_MS, ImagePool } from './uploads/image-pool.js';
import type { MediaStorage } from './uploads/storage.js';
import { IncomingFiles } from './uploads/incoming.js';
import { registerUploadRoutes } from './uploads/uploads.routes.js';

export interface AppDeps {
  config: Config;
  db: Db;
  dialect: Dialect;
  /** The Vite build of the builder (dist/client); without it pages answer 503. */
  clientDir?: string;
  /** Overrides the logger, e.g. a test capturing log lines. */
  logger?: FastifyServerOptions['logger'];
  /** URLs per child sitemap; smaller than the protocol's 50,000 only in tests. */
  sitemapUrlsPerChild?: number;
  /** What one client may hold of connections and time; shorter only in tests. */
  slowClientLimits?: SlowClientLimits;
  /** How long an image may take to process (IMAGE_TASK_TIMEOUT_MS); longer only in tests. */
  imageTaskTimeoutMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Makes /readyz answer 503 while the process goes on serving (shutdown.ts). */
    startDraining: () => void;
    /** The periodic jobs (jobs/schedules.ts); main.ts starts them, tests call runOnce(). */
    jobs: PeriodicJobs;
    gateway: PaymentGateway;
    /** Where uploaded images are stored (for deleteUploadsOf and pages that show them). */
    mediaStorage: MediaStorage;
    /** Visitor counts of public pages; flushes every 10 s, tests call flush(). */
    visits: VisitCounter;
    /** The served custom domains, as this process knows them. */
    domainDirectory: DomainDirectory;
  }
}

/** Which hops of a request's path TRUST_PROXY believes, as proxy-addr asks (hop 0: the peer). */
function proxyTrust(setting: Config['trustProxy']): (address: string, hop: number) => boolean {
  if (typeof setting === 'boolean') return () => setting;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return proxyAddr.compile(setting);
}

/** Fastify's types take a hop count as a function: trust the nearest `hops` proxies only. */
function fastifyTrustProxy(setting: Config['trustProxy']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

/** The visitor hashes' key: derived from the session secret, never stored in the database. */
function visitorPepper(sessionSecret: string): string {
  return createHmac('sha256', sessionSecret).update('visitor counts').digest('base64url');
}

/** `ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255`, the longest way to write an IP address. */
const LONGEST_IP_ADDRESS = 45;

/**
 * The client's address as Fastify reads it, for code that runs before Fastify (the fast path):
 * always an IP address ('' if the socket has already gone).
 */
function clientAddress(setting: Config['trustProxy']) {
  // No proxy trusted: the socket's peer, without parsing X-Forwarded-For on every view.
  if (setting === false) return (request: IncomingMessage) => request.socket.remoteAddress ?? '';
  const trust = proxyTrust(setting);
  return (request: IncomingMessage) => {
    // What a trusted proxy passed on is still text: anything but an address counts as the
    // socket's. isIP accepts an IPv6 zone of any length (`fe80::1%<16 KB>`), so the length of
    // the longest written address is a bound of its own.
    const claimed = proxyAddr(request, trust);
    return claimed.length <= LONGEST_IP_ADDRESS && isIP(claimed)
      ? claimed
      : (request.socket.remoteAddress ?? '');
  };
}

/** Whether a socket's peer is a proxy whose connections carry many people's requests. */
function trustedProxy(setting: Config['trustProxy']): (address: string) => boolean {
  const trust = proxyTrust(setting);
  return (address) => trust(address, 0);
}

/**
 * PUBLIC_URL's host name, for code that asks on every request (custom domains, referrers):
 * parsed again only when the address changes (tests learn theirs after start-up).
 */
function publicHostOf(config: Config): () => string {
  let url = '';
  let host = '';
  return () => {
    if (config.publicUrl !== url) {
      url = config.publicUrl;
      host = new URL(url).hostname;
    }
    return host;
  };
}

/** Builds the whole HTTP application without listening, so tests can run it on any port. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const gateway = createGateway(deps.config, deps.db);
  const securityOptions = {
    https: servedOverHttps(deps.config.publicUrl),
    razorpayCheckout: gateway.kind === 'razorpay',
  };
  const securityHeaders = rawSecurityHeaders(securityOptions);
  const ownHost = publicHostOf(deps.config);
  const domainsOn = customDomainsEnabled(deps.config.customDomains);
  const domainDirectory = new DomainDirectory(deps.db);
  // Owners' domains are mapped onto /users/{name} ahead of everything (domains/custom-hosts.ts).
  const customHosts = createCustomHostRouter({
    ownHost,
    directory: domainDirectory,
    securityHeaders,
  });
  const app = Fastify({
    // An address Fastify cannot decode (bad %-escape, a parameter over 100 characters) is
    // answered before any hook runs: give it our headers and our error shape all the same.
    frameworkErrors: (error, request, reply) => {
      securityHeaders(request.raw, reply.raw);
      // The reply is typed for any route here; this answer is a plain one.
      return (reply as unknown as FastifyReply)
        .status(error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400)
        .send(
          errorBody('bad_request', 'The address of this request is not valid.', {
            requestId: request.id,
          }),
        );
    },
    serverFactory: (fastifyHandler) => {
      // Views of public pages are answered ahead of Fastify (public-pages/fast-path.ts);
      // everything else, and those too while the server is closing, goes through Fastify.
      const answer = (request: IncomingMessage, response: ServerResponse) => {
        if (server.listening) app.publicPageFastPath(request, response, fastifyHandler);
        else fastifyHandler(request, response);
      };
      // Without custom domains, no request needs its Host looked at first.
      const server = createGuardedServer(
        deps.slowClientLimits ?? SLOW_CLIENT_LIMITS,
        trustedProxy(deps.config.trustProxy),
        domainsOn ? (request, response) => customHosts(request, response, answer) : answer,
      );
      // What Fastify sets on the servers it creates itself.
      server.keepAliveTimeout = 72_000;
      return server;
    },
    logger: deps.logger ?? loggerOptions(deps.config.logLevel),
    // Routes that need more say so (http/route-rules.ts).
    bodyLimit: SMALL_BODY_BYTES,
    trustProxy: fastifyTrustProxy(deps.config.trustProxy),
    // Our own ids: a client-sent x-request-id is not trusted into the logs.
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true },
    // Finish in-flight requests on close, but do not wait for idle keep-alive sockets.
    forceCloseConnections: 'idle',
    // A request that still arrives on an open connection while closing is answered, not refused:
    // the load balancer was told to stop before the close began (shutdown.ts drains first).
    return503OnClosing: false,
  });
  app.decorate('deps', deps);
  // Fastify runs onClose hooks last-registered first: registered before every other, this one
  // closes the database after all the work that writes to it has stopped (the visitor counts'
  // last flush, a sitemap build, a page render).
  app.addHook('onClose', async () => deps.db.destroy());

  // JSON is the only body the API reads, and none of it nests deeply.
  app.removeContentTypeParser('text/plain');
  registerJsonBodies(app);

  // While shutting down, answers still in flight end their keep-alive connection, so that
  // closing the server does not wait on sockets the clients would keep open.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Draining: the process still serves, but tells the load balancer (through /readyz) to stop
  // sending it requests, before it stops accepting them.
  let draining = false;
  app.decorate('startDraining', () => {
    draining = true;
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
  });

  registerErrorHandler(app);
  // Read when scraped: every source below exists by then.
  const metrics = new Metrics({
    db: deps.db,
    pageCache: () => app.storedPages.cacheStats(),
    jobs: () => app.jobs.all(),
    imagesQueued: () => imagePool.queued(),
  });
  metrics.observe(app);
  registerMetricsRoutes(app, metrics, deps.config.metricsToken);
  registerRouteRules(app);
  app.decorate('gateway', gateway);
  await registerSecurityHeaders(app, securityOptions);
  await app.register(fastifyCookie);
  registerOriginCheck(app, {
    publicUrl: () => deps.config.publicUrl,
    // Both come from the provider's servers or pages and carry a signature instead.
    exempt: (path) => path.startsWith('/webhooks/') || path === PAYMENT_CALLBACK_PATH,
    pageDomain: (request) => servedDomainOf.get(request.raw),
  });
  registerSessions(app, deps.db);
  registerHealthRoutes(app, deps.db, {
    dataDir: deps.config.dataDir,
    minFreeBytes: deps.config.minFreeDiskBytes,
    draining: () => draining,
  });
  registerAuthRoutes(app, deps.db, deps.config);
  registerTemplateRoutes(app, deps.db);
  registerSiteModeRoutes(app, deps.config);
  registerPortfolioRoutes(app, deps.db);
  const publicUrl = () => deps.config.publicUrl;
  const orders = { db: deps.db, gateway, publicUrl, seller: deps.config.seller };
  const mediaStorage = createMediaStorage(deps.config);
  const imagePool = new ImagePool(undefined, deps.imageTaskTimeoutMs);
  // When the server starts closing, images being processed get a few seconds to finish (their
  // uploads are among the requests shutting down waits for), then their processes are killed:
  // a hostile file cannot hold shutdown past its grace.
  app.addHook('preClose', async () => {
    void imagePool.close(IMAGE_SHUTDOWN_GRACE_MS);
  });
  registerOrderRoutes(app, orders, { db: deps.db, storage: mediaStorage, pool: imagePool });
  registerWebhookRoutes(app, orders);
  registerPaymentCallbackRoutes(app, orders);
  if (gateway instanceof BuiltinGateway) {
    registerBuiltinGatewayRoutes(app, {
      db: deps.db,
      gateway,
      findOrder: (userId, gatewayOrderId) => findBuiltinOrder(orders, userId, gatewayOrderId),
    });
  }
  const contactTokens = new ContactTokens(deps.config.sessionSecret);
  const visits = new VisitCounter(
    deps.db,
    app.log,
    clientAddress(deps.config.trustProxy),
    ownHost,
    visitorPepper(deps.config.sessionSecret),
  );
  app.decorate('visits', visits);
  app.addHook('onReady', async () => visits.start());
  app.addHook('onClose', async () => visits.stop());
  registerPublicPages(app, {
    db: deps.db,
    publicUrl,
    mediaBase: mediaStorage.mediaBase,
    clientDir: deps.clientDir,
    cacheBytes: deps.config.pageCacheBytes,
    sitemapUrlsPerChild: deps.sitemapUrlsPerChild,
    contactToken: () => contactTokens.issue(),
    onView: (username, request) => {
      metrics.countPageView();
      visits.count(username, request);
    },
    // Without custom domains there is no list to keep: the change check stays as it was.
    onGeneration: domainsOn ? () => domainDirectory.refresh() : undefined,
    closing: () => closing,
    securityHeaders: securityHeaderSet(securityOptions),
  });
  registerContactRoutes(app, {
    db: deps.db,
    tokens: contactTokens,
    publicUrl,
    now: () => new Date(),
  });
  app.decorate('domainDirectory', domainDirectory);
  if (domainsOn) app.addHook('onReady', async () => domainDirectory.refresh());
  const domains: DomainsContext = {
    db: deps.db,
    config: deps.config.customDomains,
    dns: new DnsChecker(deps.config.customDomains),
    publicUrl,
    now: () => new Date(),
  };
  registerDomainRoutes(app, domains);
  const incoming = new IncomingFiles(path.join(deps.config.dataDir, 'incoming'));
  app.addHook('onReady', async () => {
    const removed = await incoming.clearLeftovers();
    if (removed > 0)
      app.log.info({ removed }, 'removed unfinished uploads left by a stopped process');
    const halfWritten = await mediaStorage.clearLeftovers();
    if (halfWritten > 0) {
      app.log.info({ removed: halfWritten }, 'removed half-written image files left behind');
    }
  });
  registerUploadRoutes(app, {
    db: deps.db,
    storage: mediaStorage,
    pool: imagePool,
    incoming,
    quotaBytes: deps.config.uploadQuotaBytes,
    now: () => new Date(),
  });
  app.decorate('mediaStorage', mediaStorage);
  registerPreviewLinkRoutes(app, {
    db: deps.db,
    tokens: new PreviewTokens(deps.config.sessionSecret),
    publicUrl,
    now: () => new Date(),
    clientDir: deps.clientDir,
    mediaBase: mediaStorage.mediaBase,
  });
  registerTemplatePreviewRoutes(app, {
    db: deps.db,
    clientDir: deps.clientDir,
    publicUrl,
    mediaBase: mediaStorage.mediaBase,
    testMode: siteMode(deps.config).payments === 'test',
    log: app.log,
  });
  registerAccountRoutes(app, {
    db: deps.db,
    storage: mediaStorage,
    publicUrl,
    now: () => new Date(),
    clientDir: deps.clientDir,
  });
  const receiptPdfs = new ReceiptPdfs();
  registerReceiptRoutes(app, { db: deps.db, pdfs: receiptPdfs });
  app.addHook('onClose', async () => receiptPdfs.close());
  registerVisitRoutes(app, { db: deps.db, visits, now: () => new Date() });
  app.decorate(
    'jobs',
    new PeriodicJobs({
      db: deps.db,
      log: app.log,
      mailer: createMailer({
        smtpUrl: deps.config.smtpUrl,
        from: deps.config.mailFrom,
        log: app.log,
      }),
      mediaStorage,
      orders,
      domains,
      publicUrl,
      termScheduleMs: deps.config.termScheduleMs,
    }),
  );
  await registerSpa(app, deps.clientDir, siteMode(deps.config));

  app.addHook('onClose', async () => {
    await app.jobs.stop();
    await imagePool.close();
    await mediaStorage.close();
  });

  return app;
}

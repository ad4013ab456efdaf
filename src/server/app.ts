import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import fastifyCookie from '@fastify/cookie';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
} from 'fastify';
import { registerAuthRoutes } from './auth/auth.routes.js';
import { registerSessions } from './auth/sessions.js';
import type { Config } from './config.js';
import type { Db, Dialect } from './db/database.js';
import { errorBody, registerErrorHandler } from './http/errors.js';
import { registerHealthRoutes } from './http/health.routes.js';
import { registerOriginCheck } from './http/origin-check.js';
import { rawSecurityHeaders, registerSecurityHeaders } from './http/security-headers.js';
import { registerSpa } from './http/spa.routes.js';
import { loggerOptions } from './logger.js';
import { createMailer } from './mail/mailer.js';
import { OutboxWorker } from './mail/outbox.worker.js';
import { registerOrderRoutes } from './orders/orders.routes.js';
import type { PaymentGateway } from './payments/gateway.js';
import { RazorpayGateway } from './payments/razorpay.gateway.js';
import { registerTestGatewayRoutes } from './payments/test-gateway.routes.js';
import { TestGateway } from './payments/test.gateway.js';
import { registerWebhookRoutes } from './payments/webhooks.routes.js';
import { registerPortfolioRoutes } from './portfolios/portfolios.routes.js';
import type { PublicPageFastPath } from './public-pages/fast-path.js';
import { registerPublicPages } from './public-pages/public-pages.routes.js';
import { registerTemplateRoutes } from './templates/templates.routes.js';

export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface AppDeps {
  config: Config;
  db: Db;
  dialect: Dialect;
  /** The Vite build of the builder (dist/client); without it pages answer 503. */
  clientDir?: string;
  /** Overrides the logger, e.g. a test capturing log lines. */
  logger?: FastifyServerOptions['logger'];
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Sends queued mail; main.ts starts it, tests may drive it with tick(). */
    outbox: OutboxWorker;
    gateway: PaymentGateway;
  }
}

function createGateway(config: Config): PaymentGateway {
  const payments = config.payments;
  return payments.kind === 'razorpay'
    ? new RazorpayGateway(
        payments.keyId,
        payments.keySecret,
        payments.webhookSecret,
        payments.apiBase,
      )
    : new TestGateway(config.sessionSecret);
}

/** Fastify's types take a hop count as a function: trust the nearest `hops` proxies only. */
function fastifyTrustProxy(setting: Config['trustProxy']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

/** Builds the whole HTTP application without listening, so tests can run it on any port. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  // Repeat views of public pages are answered ahead of Fastify (public-pages/fast-path.ts);
  // everything else, and those too while the server is closing, goes through Fastify.
  const publicPages: { fastPath?: PublicPageFastPath } = {};
  const gateway = createGateway(deps.config);
  const securityOptions = {
    https: deps.config.publicUrl.startsWith('https:'),
    razorpayCheckout: gateway.kind === 'razorpay',
  };
  const securityHeaders = rawSecurityHeaders(securityOptions);
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
      const server = createServer((request, response) => {
        if (publicPages.fastPath && server.listening) {
          publicPages.fastPath(request, response, fastifyHandler);
        } else {
          fastifyHandler(request, response);
        }
      });
      // What Fastify sets on the servers it creates itself.
      server.keepAliveTimeout = 72_000;
      return server;
    },
    logger: deps.logger ?? loggerOptions(deps.config.logLevel),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: fastifyTrustProxy(deps.config.trustProxy),
    // Our own ids: a client-sent x-request-id is not trusted into the logs.
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true },
    // Finish in-flight requests on close, but do not wait for idle keep-alive sockets.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  });
  app.decorate('deps', deps);

  // JSON is the only body the API reads.
  app.removeContentTypeParser('text/plain');

  // While shutting down, answers still in flight end their keep-alive connection, so that
  // closing the server does not wait on sockets the clients would keep open.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
  });

  registerErrorHandler(app);
  app.decorate('gateway', gateway);
  await registerSecurityHeaders(app, securityOptions);
  await app.register(fastifyCookie);
  registerOriginCheck(app, {
    publicUrl: () => deps.config.publicUrl,
    exempt: (path) => path.startsWith('/webhooks/'),
  });
  registerSessions(app, deps.db);
  registerHealthRoutes(app, deps.db);
  registerAuthRoutes(app, deps.db, deps.config);
  registerTemplateRoutes(app, deps.db);
  registerPortfolioRoutes(app, deps.db);
  const publicUrl = () => deps.config.publicUrl;
  registerOrderRoutes(app, { db: deps.db, gateway, publicUrl });
  registerWebhookRoutes(app, { db: deps.db, gateway, publicUrl });
  if (gateway instanceof TestGateway) registerTestGatewayRoutes(app, { db: deps.db, gateway });
  publicPages.fastPath = registerPublicPages(app, {
    db: deps.db,
    publicUrl,
    clientDir: deps.clientDir,
  });
  app.decorate(
    'outbox',
    new OutboxWorker(
      deps.db,
      createMailer({ smtpUrl: deps.config.smtpUrl, from: deps.config.mailFrom, log: app.log }),
      app.log,
    ),
  );
  await registerSpa(app, deps.clientDir);

  app.addHook('onClose', async () => {
    await app.outbox.stop();
    await deps.db.destroy();
  });

  return app;
}

import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { registerAuthRoutes } from './auth/auth.routes.js';
import { registerSessions } from './auth/sessions.js';
import type { Config } from './config.js';
import type { Db, Dialect } from './db/database.js';
import { registerErrorHandler } from './http/errors.js';
import { registerHealthRoutes } from './http/health.routes.js';
import { registerOriginCheck } from './http/origin-check.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerSpa } from './http/spa.routes.js';
import { loggerOptions } from './logger.js';
import { registerPortfolioRoutes } from './portfolios/portfolios.routes.js';
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
  }
}

/** Builds the whole HTTP application without listening, so tests can run it on any port. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(deps.config.logLevel),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: deps.config.trustProxy,
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
  await registerSecurityHeaders(app, { https: deps.config.publicUrl.startsWith('https:') });
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
  await registerSpa(app, deps.clientDir);

  app.addHook('onClose', async () => {
    await deps.db.destroy();
  });

  return app;
}

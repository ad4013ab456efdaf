import type { FastifyServerOptions } from 'fastify';

/** Paths pino replaces with [Redacted] wherever they appear in a log line. */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'config.sessionSecret',
  'config.databaseUrl',
  '*.password',
  '*.secret',
  '*.clientSecret',
  '*.keySecret',
  '*.webhookSecret',
];

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[Redacted]' },
    serializers: {
      // Method, path and who asked; never headers (they carry the session cookie).
      req: (request) => ({
        method: request.method,
        // A preview link's token opens someone's draft: it never reaches the logs.
        url: request.url.replace(/^\/preview\/[^/?#]+/, '/preview/[token]'),
        remoteAddress: request.ip,
        userAgent: request.headers['user-agent'],
      }),
    },
  };
}

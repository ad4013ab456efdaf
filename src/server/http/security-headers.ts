import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export const POPUP_COOP = 'unsafe-none';

export function isPopupPath(url: string): boolean {
  return url.startsWith('/auth/') || url.startsWith('/dev-oidc');
}

export interface SecurityHeaderOptions {
  https: boolean;
  razorpayCheckout: boolean;
}

/**
 * Headers for every answer. Builder pages open the sign-in popup and must keep `window.opener`,
 * hence `same-origin-allow-popups` rather than helmet's `same-origin`.
 */
function helmetOptions(options: SecurityHeaderOptions): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Razorpay's checkout is a script and frames of its own, allowed only when it is in use.
        scriptSrc: [
          "'self'",
          ...(options.razorpayCheckout ? ['https://checkout.razorpay.com'] : []),
        ],
        // React sets style attributes (e.g. the preview iframe's height); no inline <style> of ours.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Portfolio images are the users' own URLs, on any https (or http) host.
        imgSrc: ["'self'", 'data:', 'https:', 'http:'],
        fontSrc: ["'self'"],
        connectSrc: [
          "'self'",
          ...(options.razorpayCheckout ? ['https://lumberjack.razorpay.com'] : []),
        ],
        frameSrc: [
          "'self'",
          ...(options.razorpayCheckout
            ? ['https://api.razorpay.com', 'https://checkout.razorpay.com']
            : []),
        ],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'sameorigin' },
    // HSTS only means something (and is only honoured) over https.
    strictTransportSecurity: options.https ? { maxAge: 31536000, includeSubDomains: false } : false,
  };
}

/**
 * The same headers for answers Fastify makes before any hook runs (an address it cannot
 * decode): applied to the raw response.
 */
export function rawSecurityHeaders(
  options: SecurityHeaderOptions,
): (request: IncomingMessage, response: ServerResponse) => void {
  const middleware = helmet(helmetOptions(options));
  return (request, response) => middleware(request, response, () => {});
}

/**
 * The headers the middleware sets, as a list: the same on every answer (nothing in them depends
 * on the request), so an answer made outside Fastify (a public page's, page-answers.ts) carries
 * exactly what the hook gives every other.
 */
export function securityHeaderSet(options: SecurityHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  const middleware = helmet(helmetOptions(options));
  middleware({} as IncomingMessage, collector as unknown as ServerResponse, () => {});
  return headers;
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeaderOptions,
): Promise<void> {
  // helmet itself, once: the Fastify wrapper would build the middleware again on every request.
  const apply = rawSecurityHeaders(options);
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw);
    done();
  });

  // Every page that can load inside the sign-in popup carries no opener policy: a change of
  // policy between the popup's pages would sever window.opener, and the popup could not report
  // back (from the popup's initial blank page to unsafe-none keeps the opener, by the spec).
  // Replies that bypass Fastify (the dev provider's own) set it themselves.
  app.addHook('onSend', async (request, reply) => {
    if (isPopupPath(request.url)) reply.header('cross-origin-opener-policy', POPUP_COOP);
  });
}

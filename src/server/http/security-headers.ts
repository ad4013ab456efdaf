import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export const POPUP_COOP = 'unsafe-none';

export function isPopupPath(url: string): boolean {
  return url.startsWith('/auth/') || url.startsWith('/dev-oidc');
}

/**
 * Headers for every answer. Builder pages open the sign-in popup and must keep `window.opener`,
 * hence `same-origin-allow-popups` rather than helmet's `same-origin`.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { https: boolean; razorpayCheckout: boolean },
): Promise<void> {
  await app.register(helmet, {
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
  });

  // Every page that can load inside the sign-in popup carries no opener policy: a change of
  // policy between the popup's pages would sever window.opener, and the popup could not report
  // back (from the popup's initial blank page to unsafe-none keeps the opener, by the spec).
  // Replies that bypass Fastify (the dev provider's own) set it themselves.
  app.addHook('onSend', async (request, reply) => {
    if (isPopupPath(request.url)) reply.header('cross-origin-opener-policy', POPUP_COOP);
  });
}

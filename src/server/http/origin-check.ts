import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from './errors.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cross-site request forgery guard for cookie-authenticated calls: a state-changing request
 * from a browser must come from our own origin. Browsers always send Origin (or at least
 * Sec-Fetch-Site) on such requests; same-origin calls need no extra token.
 * Paths in `exempt` authenticate otherwise (webhooks carry a signature).
 */
export function registerOriginCheck(
  app: FastifyInstance,
  options: {
    publicUrl: () => string;
    exempt: (path: string) => boolean;
    /** An owner's domain the request came in on (its page posts from there), if any. */
    pageDomain?: (request: FastifyRequest) => string | undefined;
  },
): void {
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const path = request.url.split('?')[0]!;
    if (options.exempt(path)) return;
    const origin = request.headers.origin;
    const expected = new URL(options.publicUrl()).origin;
    if (origin !== undefined) {
      const domain = options.pageDomain?.(request);
      if (domain !== undefined && hostnameOf(origin) === domain) return;
      if (origin !== expected) {
        throw forbidden('This request came from another site and was refused.');
      }
      return;
    }
    if (request.headers['sec-fetch-site'] === 'cross-site') {
      throw forbidden('This request came from another site and was refused.');
    }
  });
}

function hostnameOf(origin: string): string | undefined {
  try {
    return new URL(origin).hostname;
  } catch {
    return undefined;
  }
}

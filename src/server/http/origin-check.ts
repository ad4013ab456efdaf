import type { FastifyInstance } from 'fastify';
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
  options: { publicUrl: () => string; exempt: (path: string) => boolean },
): void {
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const path = request.url.split('?')[0]!;
    if (options.exempt(path)) return;
    const origin = request.headers.origin;
    const expected = new URL(options.publicUrl()).origin;
    if (origin !== undefined) {
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

import { CHOOSE_PATH } from './routes.js';
import type { SiteMode } from './site-mode.js';
import { TEMPLATE_IDS } from './templates/catalog.js';

/**
 * The builder pages whose first view does not depend on the person (nobody signed in, no draft,
 * no price fetched yet): the build draws each once (scripts/prerender.ts), the server sends that
 * document for the route (src/server/http/spa.routes.ts), and the app hydrates it (main.tsx).
 */
export const PRERENDERED_ROUTES: readonly string[] = [
  '/',
  CHOOSE_PATH,
  ...TEMPLATE_IDS.map((id) => `/${id}`),
  '/about-us',
  '/contact-us',
  '/terms-and-conditions',
  '/privacy-policy',
  '/refund-policy',
];

/** The payments modes a page is drawn in: the test-mode notice is part of the first paint. */
export const PRERENDERED_MODES: readonly SiteMode['payments'][] = ['razorpay', 'test'];

/**
 * Where the build leaves a route's prerendered document for a payments mode, relative to the
 * built client: in a dot folder, which the static file server does not serve, because the server
 * sends it for its route only, with the payments mode and title written in.
 */
export function prerenderedDocument(route: string, payments: SiteMode['payments']): string {
  const name = route === '/' ? 'landing' : route.slice(1).replaceAll('/', '-');
  return `.prerendered/${name}.${payments}.html`;
}

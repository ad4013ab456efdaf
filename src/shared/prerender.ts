import { CHOOSE_PATH } from './routes.js';
import type { SiteMode } from './site-mode.js';

/**
 * The pages that are documents, not parts of the app: the landing page and the information
 * pages. The build draws them from their React components (src/client/static-pages.tsx) and they
 * are never hydrated: a small script of their own (src/client/static-page.ts) fills in what is
 * live, and their links, and the app's links to them, load the document.
 */
export const STATIC_ROUTES: readonly string[] = [
  '/',
  '/about-us',
  '/contact-us',
  '/terms-and-conditions',
  '/privacy-policy',
  '/refund-policy',
];

export function isStaticRoute(route: string): boolean {
  return STATIC_ROUTES.includes(route);
}

/**
 * The static pages' script and stylesheet, and the app starter below: their own build's manifest
 * (vite.static.config.ts), relative to the built client, and the static pages' entry's key there.
 */
export const STATIC_PAGE_MANIFEST = '.vite/static-page.json';
export const STATIC_PAGE_ENTRY = 'static-page.ts';

/**
 * The script that starts the app on a drawn page once its first screen is painted
 * (src/client/start-after-first-screen.ts): its key in the same manifest.
 */
export const APP_STARTER_ENTRY = 'start-after-first-screen.ts';

/**
 * The builder pages whose first view does not depend on the person (nobody signed in, no draft,
 * no price fetched yet): the build draws each once (scripts/prerender.ts) and the server sends
 * that document for the route (src/server/http/spa.routes.ts). The app hydrates those that are
 * not static (main.tsx).
 */
export const PRERENDERED_ROUTES: readonly string[] = [...STATIC_ROUTES, CHOOSE_PATH];

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

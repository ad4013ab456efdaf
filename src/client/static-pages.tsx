import type { RouteObject } from 'react-router';
import { STATIC_ROUTES } from '../shared/prerender.js';
import { LandingPage } from './pages/LandingPage.js';
import { AboutPage } from './pages/info/AboutPage.js';
import { ContactPage } from './pages/info/ContactPage.js';
import { PrivacyPage } from './pages/info/PrivacyPage.js';
import { RefundPage } from './pages/info/RefundPage.js';
import { TermsPage } from './pages/info/TermsPage.js';

const PAGES: Readonly<Record<string, RouteObject['Component']>> = {
  '/': LandingPage,
  '/about-us': AboutPage,
  '/contact-us': ContactPage,
  '/terms-and-conditions': TermsPage,
  '/privacy-policy': PrivacyPage,
  '/refund-policy': RefundPage,
};

/**
 * The static pages (STATIC_ROUTES) as the build draws them (prerender.tsx). They are not routes
 * of the app: React writes their markup once, at build time, and static-page.ts fills in the
 * live parts in the browser. Their stylesheets are static-page.ts's.
 */
export const staticPageRoutes: RouteObject[] = STATIC_ROUTES.map((path) => {
  const Component = PAGES[path];
  if (!Component) throw new Error(`no component draws the static page ${path}`);
  return { path, Component };
});

import { TEMPLATE_IDS } from './templates/catalog.js';

/**
 * The module each builder page loads on demand (src/client/router.tsx), as the build's manifest
 * names it: the server hints it with the page's HTML so that a direct load fetches the app and
 * the page together, and the size bench counts it. Pages built into the entry have none, nor do
 * the static pages (src/shared/prerender.ts) or the template previews (drawn by the server),
 * which are not the app's.
 */
const PAGE_MODULES: Readonly<Record<string, string>> = {
  '/choose': 'pages/ChoosePage.tsx',
  '/edit': 'pages/EditorPage.tsx',
  '/final-preview': 'pages/FinalPreviewPage.tsx',
  '/ack': 'pages/AckPage.tsx',
  '/account': 'pages/AccountPage.tsx',
  '/account/renew/:username': 'pages/RenewPage.tsx',
  ...Object.fromEntries(TEMPLATE_IDS.map((id) => [`/edit-${id}`, 'pages/DraftPreviewPage.tsx'])),
};

/** The lazy module of a builder route (as the router and PAGE_TITLES write it), if it has one. */
export function pageModuleOf(route: string): string | undefined {
  return PAGE_MODULES[route];
}

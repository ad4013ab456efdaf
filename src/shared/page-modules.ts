import { TEMPLATE_IDS, type TemplateId } from './templates/catalog.js';

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

/**
 * The component module each template's draft preview draws (src/shared/templates/catalog.ts), as
 * the manifest names it: hinted too, so that the frame fetches the template with its page rather
 * than once the page has run.
 */
const TEMPLATE_MODULES: Readonly<Record<TemplateId, string>> = {
  template1: '../shared/templates/miniport/MiniportTemplate.tsx',
  template2: '../shared/templates/directive/DirectiveTemplate.tsx',
  template3: '../shared/templates/hyperspace/HyperspaceTemplate.tsx',
  template4: '../shared/templates/solid-state/SolidStateTemplate.tsx',
  template5: '../shared/templates/phantom/PhantomTemplate.tsx',
};

/** Every module a builder route loads on demand at once: its page's, then its template's. */
export function routeModulesOf(route: string): string[] {
  const page = PAGE_MODULES[route];
  const template = TEMPLATE_IDS.find((id) => route === `/edit-${id}`);
  return [...(page ? [page] : []), ...(template ? [TEMPLATE_MODULES[template]] : [])];
}

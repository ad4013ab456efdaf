import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter, useRoutes } from 'react-router';
import type { SiteMode } from '../shared/site-mode.js';
import { PrerenderedPaymentsMode } from './components/TestModeNotice.js';
import { isStaticRoute } from '../shared/prerender.js';
import { AppRoutes, loadPagesShown } from './router.js';
import { staticPageRoutes } from './static-pages.js';

function StaticPages() {
  return useRoutes(staticPageRoutes);
}

/**
 * The HTML of a builder page as the browser's first render draws it (nobody signed in, nothing
 * fetched yet, payments in the given mode), for the build to put in the page so it paints before
 * its script runs. Built for Node by scripts/prerender.ts; main.tsx then hydrates it, unless it
 * is a static page (static-pages.tsx), which is drawn from its own table and never hydrated.
 */
export async function renderPage(
  pathname: string,
  payments: SiteMode['payments'],
): Promise<string> {
  const isStatic = isStaticRoute(pathname);
  // As main.tsx does before it hydrates: the page's code.
  if (!isStatic) await loadPagesShown(pathname);
  const html = renderToString(
    <StrictMode>
      <PrerenderedPaymentsMode value={payments}>
        <StaticRouter location={pathname}>
          {isStatic ? <StaticPages /> : <AppRoutes />}
        </StaticRouter>
      </PrerenderedPaymentsMode>
    </StrictMode>,
  );
  // A Suspense boundary that React could not fill writes `<!--$!-->`: the page would hydrate as
  // its loading state.
  if (html.includes('<!--$!-->')) throw new Error(`${pathname} suspended while being drawn`);
  // React puts what belongs in <head> first: the page's <title>, which the server writes there
  // itself, and image preloads, which the <img> tags right after make needless. The root element
  // then holds exactly what the first client render draws.
  return html.replace(/^(?:<link [^>]*\/>|<title>[^<]*<\/title>)*/, '');
}

import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { SiteMode } from '../shared/site-mode.js';
import { PrerenderedPaymentsMode } from './components/TestModeNotice.js';
import { isStaticRoute } from '../shared/prerender.js';
import { routes } from './router.js';
import { staticPageRoutes } from './static-pages.js';

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
  const handler = createStaticHandler(isStaticRoute(pathname) ? staticPageRoutes : routes);
  const context = await handler.query(new Request(new URL(pathname, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${pathname} redirects; nothing to prerender`);
  const html = renderToString(
    <StrictMode>
      <PrerenderedPaymentsMode value={payments}>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </PrerenderedPaymentsMode>
    </StrictMode>,
  );
  // React puts what belongs in <head> first: the page's <title>, which the server writes there
  // itself, and image preloads, which the <img> tags right after make needless. The root element
  // then holds exactly what the first client render draws.
  return html.replace(/^(?:<link [^>]*\/>|<title>[^<]*<\/title>)*/, '');
}

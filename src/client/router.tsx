import { Suspense, useEffect, useLayoutEffect } from 'react';
import {
  matchRoutes,
  Outlet,
  useLocation,
  useNavigationType,
  useRoutes,
  type RouteObject,
} from 'react-router';
import { STATIC_ROUTES } from '../shared/prerender.js';
import { NOT_FOUND_TITLE, pageTitle } from '../shared/routes.js';
import { TEMPLATE_IDS } from '../shared/templates/catalog.js';
import { TestModeNotice } from './components/TestModeNotice.js';
import { isLazyPage, lazyPage } from './lazy-page.js';
import { NotFoundPage } from './pages/NotFoundPage.js';
import { PageErrorBoundary } from './pages/PageFailedPage.js';
import { ScreenErrorPage } from './pages/ScreenErrorPage.js';
import { loadTemplateAhead } from './templates/useTemplate.js';

/**
 * Sets the document title from the one table the server also uses for direct loads. A page whose
 * code has not arrived shows FirstLoad on the first load of the app; on a later navigation the
 * page before stays until it has (lazy-page.tsx). A page that fails shows PageFailedPage.
 */
/**
 * A page the app moves to opens at its top, as a page loaded anew does; Back and Forward leave
 * the browser to put the person where they were. Inside the page's Suspense boundary, so it runs
 * when the new page is drawn, not while the one being left still shows.
 */
function TopOfNewPage({ pathname }: { pathname: string }) {
  const navigation = useNavigationType();
  useLayoutEffect(() => {
    if (navigation !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigation]);
  return null;
}

function RootLayout() {
  const { pathname } = useLocation();
  return (
    <>
      <title>{pageTitle(pathname) ?? NOT_FOUND_TITLE}</title>
      <PageErrorBoundary pathname={pathname}>
        <Suspense fallback={<FirstLoad />}>
          <TopOfNewPage pathname={pathname} />
          <Outlet />
        </Suspense>
      </PageErrorBoundary>
    </>
  );
}

/**
 * What the first load of a page whose code loads on demand shows while that code arrives (a
 * moment): nothing to the eye, a status to a screen reader.
 */
function FirstLoad() {
  return (
    <p className="visually-hidden" role="status">
      Loading…
    </p>
  );
}

/** Builder pages say so when payments are only a test. */
function BuilderLayout() {
  return (
    <>
      <TestModeNotice />
      <Outlet />
    </>
  );
}

/**
 * The static pages (src/shared/prerender.ts) are documents, not the app's: its links to them load
 * the document. Should the app still be routed to one, it loads the document for that address;
 * unless it was started on it (the build did not draw the page), which a reload would repeat.
 */
function StaticPage() {
  const { key } = useLocation();
  useEffect(() => {
    if (key !== 'default') window.location.reload();
  }, [key]);
  return <FirstLoad />;
}

const staticPages: RouteObject[] = STATIC_ROUTES.map((route) =>
  route === '/'
    ? { index: true, Component: StaticPage }
    : { path: route.slice(1), Component: StaticPage },
);

// The frames of the live and final previews: the portfolio as it will look, without builder chrome.
const draftPreviewPages: RouteObject[] = TEMPLATE_IDS.map((templateId) => ({
  path: `edit-${templateId}`,
  Component: lazyPage(async () => {
    // The template's code is fetched beside the page's, not once the page has rendered.
    const [{ DraftPreviewPage }] = await Promise.all([
      import('./pages/DraftPreviewPage.js'),
      loadTemplateAhead(templateId),
    ]);
    return () => <DraftPreviewPage templateId={templateId} />;
  }),
}));

const builderPages: RouteObject[] = [
  {
    path: 'choose',
    Component: lazyPage(async () => (await import('./pages/ChoosePage.js')).ChoosePage),
  },
  {
    path: 'edit',
    Component: lazyPage(async () => (await import('./pages/EditorPage.js')).EditorPage),
  },
  {
    path: 'final-preview',
    Component: lazyPage(async () => (await import('./pages/FinalPreviewPage.js')).FinalPreviewPage),
  },
  {
    path: 'account',
    Component: lazyPage(async () => (await import('./pages/AccountPage.js')).AccountPage),
  },
  {
    path: 'account/renew/:username',
    Component: lazyPage(async () => (await import('./pages/RenewPage.js')).RenewPage),
  },
  {
    path: 'ack',
    Component: lazyPage(async () => (await import('./pages/AckPage.js')).AckPage),
  },
];

/**
 * The builder's pages: the browser routes them (main.tsx); the build draws those that do not
 * depend on the person (prerender.tsx).
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      ...staticPages,
      { path: 'screen-error', element: <ScreenErrorPage /> },
      ...draftPreviewPages,
      { element: <BuilderLayout />, children: builderPages },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** The page at the router's address (main.tsx in the browser, prerender.tsx in the build). */
export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * Loads the code of the pages an address shows before they first render: hydrating a drawn page
 * needs them at once, where they would otherwise draw FirstLoad and differ from the HTML.
 */
export async function loadPagesShown(pathname: string): Promise<void> {
  const shown = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    shown.map(({ route }) => (isLazyPage(route.Component) ? route.Component.load() : undefined)),
  );
}

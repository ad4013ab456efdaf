import { useEffect } from 'react';
import { Outlet, useLocation, type RouteObject } from 'react-router';
import { STATIC_ROUTES } from '../shared/prerender.js';
import { NOT_FOUND_TITLE, pageTitle } from '../shared/routes.js';
import { TEMPLATE_IDS } from '../shared/templates/catalog.js';
import { TestModeNotice } from './components/TestModeNotice.js';
import { NotFoundPage } from './pages/NotFoundPage.js';
import { ScreenErrorPage } from './pages/ScreenErrorPage.js';

/** Sets the document title from the one table the server also uses for direct loads. */
function RootLayout() {
  const { pathname } = useLocation();
  return (
    <>
      <title>{pageTitle(pathname) ?? NOT_FOUND_TITLE}</title>
      <Outlet />
    </>
  );
}

/**
 * What the first load of a page whose code loads on demand shows while that code arrives (a
 * moment): nothing to the eye, a status to a screen reader. React Router asks for one, and warns
 * in the console of every such page without it.
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
  lazy: async () => {
    const { DraftPreviewPage } = await import('./pages/DraftPreviewPage.js');
    return { Component: () => <DraftPreviewPage templateId={templateId} /> };
  },
}));

const builderPages: RouteObject[] = [
  {
    path: 'choose',
    lazy: async () => ({ Component: (await import('./pages/ChoosePage.js')).ChoosePage }),
  },
  {
    path: 'edit',
    lazy: async () => ({ Component: (await import('./pages/EditorPage.js')).EditorPage }),
  },
  {
    path: 'final-preview',
    lazy: async () => ({
      Component: (await import('./pages/FinalPreviewPage.js')).FinalPreviewPage,
    }),
  },
  {
    path: 'account',
    lazy: async () => ({ Component: (await import('./pages/AccountPage.js')).AccountPage }),
  },
  {
    path: 'account/renew/:username',
    lazy: async () => ({ Component: (await import('./pages/RenewPage.js')).RenewPage }),
  },
  {
    path: 'ack',
    lazy: async () => ({ Component: (await import('./pages/AckPage.js')).AckPage }),
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
    HydrateFallback: FirstLoad,
    children: [
      ...staticPages,
      { path: 'screen-error', element: <ScreenErrorPage /> },
      ...draftPreviewPages,
      { element: <BuilderLayout />, children: builderPages },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

import { createBrowserRouter, Outlet, useLocation, type RouteObject } from 'react-router';
import { NOT_FOUND_TITLE, pageTitle, TEMPLATE_IDS } from '../shared/routes.js';
import { LandingPage } from './pages/LandingPage.js';
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

// Pages off the landing path load on demand, keeping the first page small.
const infoPages: RouteObject[] = [
  {
    path: 'about-us',
    lazy: async () => ({ Component: (await import('./pages/info/AboutPage.js')).AboutPage }),
  },
  {
    path: 'contact-us',
    lazy: async () => ({ Component: (await import('./pages/info/ContactPage.js')).ContactPage }),
  },
  {
    path: 'terms-and-conditions',
    lazy: async () => ({ Component: (await import('./pages/info/TermsPage.js')).TermsPage }),
  },
  {
    path: 'privacy-policy',
    lazy: async () => ({ Component: (await import('./pages/info/PrivacyPage.js')).PrivacyPage }),
  },
  {
    path: 'refund-policy',
    lazy: async () => ({ Component: (await import('./pages/info/RefundPage.js')).RefundPage }),
  },
];

const builderPages: RouteObject[] = [
  {
    path: 'choose',
    lazy: async () => ({ Component: (await import('./pages/ChoosePage.js')).ChoosePage }),
  },
  ...TEMPLATE_IDS.map((templateId) => ({
    path: templateId,
    lazy: async () => {
      const { TemplatePreviewPage } = await import('./pages/TemplatePreviewPage.js');
      return { Component: () => <TemplatePreviewPage templateId={templateId} /> };
    },
  })),
  ...TEMPLATE_IDS.map((templateId) => ({
    path: `edit-${templateId}`,
    lazy: async () => {
      const { DraftPreviewPage } = await import('./pages/DraftPreviewPage.js');
      return { Component: () => <DraftPreviewPage templateId={templateId} /> };
    },
  })),
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
    path: 'ack',
    lazy: async () => ({ Component: (await import('./pages/AckPage.js')).AckPage }),
  },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      { index: true, element: <LandingPage /> },
      { path: 'screen-error', element: <ScreenErrorPage /> },
      ...infoPages,
      ...builderPages,
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);

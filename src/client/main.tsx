import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { routes } from './router.js';
import './styles/global.css';

const root = document.getElementById('root')!;
const app = () => (
  <StrictMode>
    <RouterProvider router={createBrowserRouter(routes)} />
  </StrictMode>
);

/**
 * Loads the code of the pages the address shows before the router starts: hydrating a drawn page
 * needs its component at once, where the router would otherwise draw its loading state first and
 * React would find that it differs from the HTML.
 */
async function loadRoutesShown(): Promise<void> {
  const shown = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    shown.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

// Pages without the person's data arrive drawn (prerendered at build time; src/shared/prerender.ts)
// and are hydrated as a transition, in short slices that leave a slow phone free to respond;
// every other page starts empty.
if (root.firstElementChild) {
  void loadRoutesShown().then(() => startTransition(() => void hydrateRoot(root, app())));
} else {
  createRoot(root).render(app());
}

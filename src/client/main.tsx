import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes, loadPagesShown } from './router.js';
import './styles/global.css';

const root = document.getElementById('root')!;
const app = () => (
  <StrictMode>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </StrictMode>
);

// Pages without the person's data arrive drawn (prerendered at build time; src/shared/prerender.ts)
// and are hydrated as a transition, in short slices that leave a slow phone free to respond, once
// their code is here so that the first render draws what the HTML shows; every other page starts
// empty. A drawn page whose code does not arrive is drawn afresh: the app's error page, with its
// way to load the page again, in place of a page that looks ready and does nothing.
if (root.firstElementChild) {
  void loadPagesShown(window.location.pathname).then(
    () => startTransition(() => void hydrateRoot(root, app())),
    () => createRoot(root).render(app()),
  );
} else {
  createRoot(root).render(app());
}

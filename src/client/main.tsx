import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { routes } from './router.js';
import './styles/global.css';

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <RouterProvider router={createBrowserRouter(routes)} />
  </StrictMode>
);
// The landing page arrives drawn (prerendered at build time) and is hydrated as a transition, in
// short slices that leave a slow phone free to respond; every other page starts empty.
if (root.firstElementChild) startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);

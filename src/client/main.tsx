import { StrictMode } from 'react';
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
// The landing page arrives drawn (prerendered at build time); every other page starts empty.
if (root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);

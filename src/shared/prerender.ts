/**
 * Where the build leaves the landing page's prerendered HTML (scripts/prerender.ts), relative to
 * the built client: in a dot folder, which the static file server does not serve, because the
 * server sends it only inside the page for `/` (src/server/http/spa.routes.ts).
 */
export const PRERENDERED_LANDING = '.prerendered/landing.html';

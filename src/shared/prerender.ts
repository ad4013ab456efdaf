/**
 * Where the build leaves the landing page's prerendered document (scripts/prerender.ts), relative
 * to the built client: in a dot folder, which the static file server does not serve, because the
 * server sends it for `/` only, with the payments mode and title (src/server/http/spa.routes.ts).
 */
export const PRERENDERED_LANDING = '.prerendered/landing.html';

/**
 * The threads that render public pages (page-render-pool.ts): React's renderToString, the page
 * around it and its compression take 10-25 ms a page, too long to hold the event loop for.
 */
export { renderPageBytes as default } from './page-bytes.js';

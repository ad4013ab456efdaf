import { describe, expect, it } from 'vitest';
import { measureRoutes } from '../bench/builder-size.js';
import { CHOOSE_PATH, EDIT_PATH } from '../src/shared/routes.js';
import { TEMPLATE_IDS } from '../src/shared/templates/catalog.js';
import { CLIENT_DIR } from './app.js';

const INFO_PAGES = [
  '/about-us',
  '/contact-us',
  '/terms-and-conditions',
  '/privacy-policy',
  '/refund-policy',
];

/**
 * What a first visit may download before the page runs, brotli as the server sends it (issue
 * 42): the first pages and the information pages 60 KB, the picker and the previews 90 KB, the
 * editor 200 KB.
 */
const BUDGET_KB: Readonly<Record<string, number>> = {
  '/': 60,
  ...Object.fromEntries(INFO_PAGES.map((route) => [route, 60])),
  [CHOOSE_PATH]: 90,
  ...Object.fromEntries(TEMPLATE_IDS.map((id) => [`/${id}`, 90])),
  [EDIT_PATH]: 200,
};

/**
 * Routes not yet within their budget, held under a ceiling so they cannot grow past it: the
 * template previews load React DOM (56 KB brotli), the router and their page, template and
 * sample, about 104 KB (see bench/RESULTS.md, "Builder JavaScript size per route"). A route that
 * falls within its budget leaves this list: `/` and the information pages left it as static
 * pages, which are not hydrated (decision 0022); `/choose` when the app left React Router's data
 * router for its declarative routes (decision 0024).
 */
const CEILING_KB: Readonly<Record<string, number>> = {
  ...Object.fromEntries(TEMPLATE_IDS.map((id) => [`/${id}`, 120])),
};

/** Needs the build (npm run build): it reads the built chunks and compresses them. */
describe('JavaScript per route, as the build made it', () => {
  const sizes = new Map(measureRoutes(CLIENT_DIR).map((route) => [route.route, route.js.br]));

  it.each(Object.entries(BUDGET_KB))('%s stays within %d KB brotli', (route, budget) => {
    const kb = sizes.get(route)! / 1024;
    const ceiling = CEILING_KB[route];
    if (ceiling === undefined) {
      expect(kb, route).toBeLessThanOrEqual(budget);
      return;
    }
    expect(kb, `${route} grew past the ${ceiling} KB it weighed`).toBeLessThanOrEqual(ceiling);
    expect(kb, `${route} is within its budget now: take it off CEILING_KB`).toBeGreaterThan(budget);
  });
});

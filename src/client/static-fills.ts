/**
 * The live parts of a static page (STATIC_ROUTES), as its drawn markup marks them with
 * `data-fills` for static-page.ts to fill in: the one list both sides name them from.
 */
export const FILLS = {
  year: 'year',
  startingPrice: 'starting-price',
  account: 'account',
} as const;

/**
 * The owner's own views are not visits. A page view cannot ask the database whose browser it
 * is (the fast path reads at most the page), so the builder leaves a marker in the owner's browser (set
 * by GET /api/me, which every builder page asks, so from the thank-you page after paying on):
 * a cookie naming their usernames, sent only to /users/ pages of this host. The public page
 * itself sets no cookie, and the marker holds nothing but names that are public anyway.
 * A page on the owner's own domain does not receive it: those views still count.
 */
export const OWN_PAGES_COOKIE = 'own_pages';
export const OWN_PAGES_PATH = '/users';
/** Renewed on every builder page. */
export const OWN_PAGES_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** The cookie's attributes: sent to public pages on this host only, never read by scripts. */
export const ownPagesCookieOptions = (secure: boolean) => ({
  path: OWN_PAGES_PATH,
  httpOnly: true,
  sameSite: 'lax' as const,
  secure,
});

/** Usernames are [a-z0-9-], so a dot separates them unambiguously. */
export const ownPagesValue = (usernames: readonly string[]) => usernames.join('.');

/** Whether the browser's Cookie header marks `username` as one of its owner's pages. */
export function isOwnPage(cookieHeader: string | undefined, username: string): boolean {
  if (!cookieHeader) return false;
  for (const pair of cookieHeader.split(';')) {
    const [name, value = ''] = pair.split('=', 2);
    if (name!.trim() === OWN_PAGES_COOKIE) return `.${value.trim()}.`.includes(`.${username}.`);
  }
  return false;
}

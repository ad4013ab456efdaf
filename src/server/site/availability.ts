import { termOf } from '../../shared/domain/term.js';
import { smallPage } from '../html.js';

/**
 * Until when a page may be shown, in epoch milliseconds: the end of its grace period, or 0 when
 * its owner took it offline. Kept with every page in memory and compared with the clock on each
 * view, so a page goes offline at that instant in every process without any write or message.
 */
export function servedUntilOf(page: { paidUntil: string; unpublishedAt: string | null }): number {
  if (page.unpublishedAt !== null) return 0;
  return termOf(page.paidUntil).offlineAt.getTime();
}

/**
 * What visitors of an offline or unpublished portfolio see: neutral (it does not say why, nor
 * show anything of the owner's), kept out of search engines, and never cached for long, since
 * a renewal brings the page back at once.
 */
export const UNAVAILABLE_PAGE = Buffer.from(
  smallPage({
    title: 'Portfolio not available',
    body: '<h1>This portfolio is not available</h1><p>The page you are looking for is not online at the moment.</p><p><a href="/">Build your own portfolio</a></p>',
  }),
);

import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CHOOSE_PATH, EDIT_PATH, NOT_FOUND_TITLE, PAGE_TITLES } from '../shared/routes.js';
import { AppRoutes, loadPagesShown } from './router.js';

const drawn = (pathname: string) =>
  renderToString(
    <StaticRouter location={pathname}>
      <AppRoutes />
    </StaticRouter>,
  );

describe('the app’s routes', () => {
  it('draw a page whose code loadPagesShown loaded, with its title', async () => {
    await loadPagesShown(CHOOSE_PATH);
    const html = drawn(CHOOSE_PATH);
    expect(html).toContain(`<title>${PAGE_TITLES[CHOOSE_PATH]!}</title>`);
    expect(html).toContain('Pick a Template &amp; Make It Yours');
    expect(html).not.toContain('Loading…');
  });

  it('draw the loading status for a page whose code has not arrived', () => {
    const html = drawn(EDIT_PATH);
    expect(html).toContain('role="status">Loading…</p>');
  });

  it('draw the not-found page for an unknown address, at once', async () => {
    await loadPagesShown('/no-such-page');
    const html = drawn('/no-such-page');
    expect(html).toContain(`<title>${NOT_FOUND_TITLE}</title>`);
    expect(html).toContain('Page not found');
  });
});

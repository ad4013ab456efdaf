import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { isLazyPage, lazyPage } from './lazy-page.js';

const drawn = (Page: () => React.JSX.Element) =>
  renderToString(
    <Suspense fallback={<p>loading</p>}>
      <Page />
    </Suspense>,
  );

describe('lazyPage', () => {
  it('draws the fallback until its code is loaded, then the page at once', async () => {
    const loadPage = vi.fn(async () => () => <h1>Picker</h1>);
    const Page = lazyPage(loadPage);
    expect(loadPage).not.toHaveBeenCalled();
    // React's server renderer does not wait: a page that suspends leaves the fallback.
    expect(drawn(Page)).toContain('<p>loading</p>');
    await Page.load();
    expect(drawn(Page)).toBe('<!--$--><h1>Picker</h1><!--/$-->');
    await Page.load();
    expect(loadPage).toHaveBeenCalledTimes(1);
  });

  it('keeps a failed load’s error rather than loading again', async () => {
    const loadPage = vi.fn(async (): Promise<() => React.JSX.Element> => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    const Page = lazyPage(loadPage);
    await expect(Page.load()).rejects.toThrow('Failed to fetch');
    // Drawn, it gives React the same failed load, which its error boundary then shows.
    drawn(Page);
    await expect(Page.load()).rejects.toThrow('Failed to fetch');
    expect(loadPage).toHaveBeenCalledTimes(1);
  });

  it('tells a lazy page from other components', () => {
    expect(isLazyPage(lazyPage(async () => () => <p />))).toBe(true);
    expect(isLazyPage(() => <p />)).toBe(false);
    expect(isLazyPage(undefined)).toBe(false);
  });
});

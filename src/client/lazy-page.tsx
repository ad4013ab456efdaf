import { use, type ComponentType } from 'react';

/** A page whose code loads on demand, and which can be loaded before it first renders. */
export interface LazyPage {
  (): React.JSX.Element;
  /** Loads the page's code (once), so that its next render draws it at once. */
  load(): Promise<void>;
}

/**
 * A page of the router (router.tsx) in a chunk of its own. Rendered before its code has arrived it
 * suspends, and the nearest Suspense boundary shows its fallback: on a navigation, which the
 * router runs as a transition, React keeps the page before on screen instead. Once `load` has
 * resolved it renders at once, which is what hydrating a page the build drew needs (main.tsx).
 */
export function lazyPage(loadPage: () => Promise<ComponentType>): LazyPage {
  let Loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  // A load that failed stays failed: its render throws to the error boundary (router.tsx), whose
  // retry loads the document. Loading again on each render would suspend the page for ever.
  const start = () => (loading ??= loadPage().then((component) => (Loaded = component)));
  function Page() {
    // `use` may be called conditionally; the promise is the same one until it settles.
    const Component = Loaded ?? use(start());
    return <Component />;
  }
  Page.load = async () => {
    await start();
  };
  return Page;
}

/** The lazy page a route renders, if it renders one. */
export function isLazyPage(component: unknown): component is LazyPage {
  return typeof component === 'function' && typeof (component as LazyPage).load === 'function';
}

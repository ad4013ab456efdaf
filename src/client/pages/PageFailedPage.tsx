import { Component, useEffect, type ReactNode } from 'react';
import { MAIN_CONTENT_ID, TopBar } from '../components/TopBar.js';
import { shownMessage } from '../frame-messages.js';
import './simple-page.css';

/** What a page shows instead of itself when its code did not load or it stopped with an error. */
export function PageFailedPage() {
  // In a preview frame, this is what the frame shows: the page around it stops saying it loads
  // (a "Loading" note left over the frame would hide the way to load it again).
  useEffect(() => {
    if (window.parent !== window) window.parent.postMessage(shownMessage(), window.location.origin);
  }, []);
  return (
    <div className="simple-layout">
      <TopBar />
      <main className="simple-page" id={MAIN_CONTENT_ID} tabIndex={-1}>
        <div className="surface-card simple-page__card" role="alert">
          <h1>This page did not load</h1>
          <p>
            Part of it did not arrive, or it stopped with an error. Check your connection, then load
            the page again.
          </p>
          <button type="button" className="button" onClick={() => window.location.reload()}>
            Load the page again
          </button>
        </div>
      </main>
    </div>
  );
}

interface BoundaryState {
  failed: boolean;
  pathname: string;
}

/**
 * Catches an error thrown while drawing a page (a page's code that failed to load among them),
 * which would otherwise leave the app's root empty. Going to another address clears it.
 */
export class PageErrorBoundary extends Component<
  { pathname: string; children: ReactNode },
  BoundaryState
> {
  override state: BoundaryState = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: { pathname: string },
    state: BoundaryState,
  ): BoundaryState | null {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  override render() {
    return this.state.failed ? <PageFailedPage /> : this.props.children;
  }
}

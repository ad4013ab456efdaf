import type { ReactNode } from 'react';
import './browser-frame.css';

/**
 * A portfolio drawn inside a browser window: window buttons, the address it has (with a padlock)
 * and, for the editor, a "Live preview" badge. The editor's live preview and the final preview
 * both use it, so the two look alike.
 */
export function BrowserFrame({
  label,
  path,
  badge,
  children,
}: {
  /** The region's name for screen readers. */
  label: string;
  /** The page's path on this site, e.g. /users/your-username. */
  path: string;
  badge?: string;
  /** The frame showing the page. */
  children: ReactNode;
}) {
  return (
    <section className="browser" aria-label={label}>
      <div className="browser__bar">
        <span className="browser__dots" aria-hidden="true">
          <span />
          <span />
          <span />
        </span>
        <span className="browser__address">
          <svg
            className="browser__lock"
            viewBox="0 0 24 24"
            width="1em"
            height="1em"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
            focusable="false"
          >
            <path d="M7 11V8a5 5 0 0 1 10 0v3M5 11h14v10H5z" />
          </svg>
          <span className="browser__host">{window.location.host}</span>
          <span className="browser__path">{path}</span>
        </span>
        {badge && (
          <span className="browser__badge">
            <span className="browser__pulse" aria-hidden="true" />
            {badge}
          </span>
        )}
      </div>
      <div className="browser__viewport">{children}</div>
    </section>
  );
}

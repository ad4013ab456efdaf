import type { ReactNode } from 'react';
import { UiIcon } from './UiIcon.js';
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
          <UiIcon name="lock" className="browser__lock" />
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

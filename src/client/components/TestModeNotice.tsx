import { useEffect, useState } from 'react';
import { SITE_MODE_PATH, type SiteMode } from '../../shared/site-mode.js';
import './test-mode-notice.css';

/** Asked once per page load: the mode only changes when the server restarts. */
let siteMode: Promise<SiteMode | undefined> | undefined;

function loadSiteMode(): Promise<SiteMode | undefined> {
  siteMode ??= fetch(SITE_MODE_PATH, { headers: { accept: 'application/json' } })
    .then((response) => (response.ok ? (response.json() as Promise<SiteMode>) : undefined))
    .catch(() => undefined);
  return siteMode;
}

/**
 * A quiet strip above the builder while the built-in test gateway takes payments, so nobody
 * mistakes a test deployment for a shop. It sits in the page flow and covers nothing.
 */
export function TestModeNotice() {
  const [mode, setMode] = useState<SiteMode>();
  useEffect(() => {
    let current = true;
    void loadSiteMode().then((loaded) => {
      if (current) setMode(loaded);
    });
    return () => {
      current = false;
    };
  }, []);
  if (mode?.payments !== 'test') return null;
  return (
    <aside className="test-mode-notice" aria-label="Test mode">
      <span className="test-mode-notice__label">Test mode</span>
      <span>No real payments: checkout uses a built-in test gateway, and no money moves.</span>
    </aside>
  );
}

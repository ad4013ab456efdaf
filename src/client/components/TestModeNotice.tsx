import { useEffect, useState } from 'react';
import { PAYMENTS_MODE_META, SITE_MODE_PATH, type SiteMode } from '../../shared/site-mode.js';
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
/** The mode the server wrote into the page, when it served it (not the development server). */
function paymentsModeInPage(): SiteMode['payments'] | undefined {
  const content = document
    .querySelector(`meta[name="${PAYMENTS_MODE_META}"]`)
    ?.getAttribute('content');
  return content === 'test' || content === 'razorpay' ? content : undefined;
}

export function TestModeNotice() {
  const [payments, setPayments] = useState(paymentsModeInPage);
  useEffect(() => {
    if (payments) return;
    let current = true;
    void loadSiteMode().then((loaded) => {
      if (current) setPayments(loaded?.payments);
    });
    return () => {
      current = false;
    };
  }, [payments]);
  if (payments !== 'test') return null;
  return (
    <aside className="test-mode-notice" aria-label="Test mode">
      <span className="test-mode-notice__label">Test mode</span>
      <span>No real payments: checkout uses a built-in test gateway, and no money moves.</span>
    </aside>
  );
}

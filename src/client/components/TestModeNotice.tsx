import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { PAYMENTS_MODE_META, SITE_MODE_PATH, type SiteMode } from '../../shared/site-mode.js';
import './test-mode-notice.css';
import { useHeightVariable } from './useHeightVariable.js';

/** Asked once per page load: the mode only changes when the server restarts. */
let siteMode: Promise<SiteMode | undefined> | undefined;

function loadSiteMode(): Promise<SiteMode | undefined> {
  siteMode ??= fetch(SITE_MODE_PATH, { headers: { accept: 'application/json' } })
    .then((response) => (response.ok ? (response.json() as Promise<SiteMode>) : undefined))
    .catch(() => undefined);
  return siteMode;
}

/**
 * The mode a page is drawn for at build time (src/client/prerender.tsx draws each page once per
 * mode, and the server sends the one it runs in), so the notice is in the first paint and
 * hydration finds what it draws.
 */
export const PrerenderedPaymentsMode = createContext<SiteMode['payments'] | undefined>(undefined);

/** The mode the server wrote into the page, when it served it (not the development server). */
function paymentsModeInPage(): SiteMode['payments'] | undefined {
  if (typeof document === 'undefined') return undefined;
  const content = document
    .querySelector(`meta[name="${PAYMENTS_MODE_META}"]`)
    ?.getAttribute('content');
  return content === 'test' || content === 'razorpay' ? content : undefined;
}

/**
 * A quiet strip above the builder while the built-in test gateway takes payments, so nobody
 * mistakes a test deployment for a shop. It sits in the page flow and covers nothing.
 */
export function TestModeNotice() {
  const drawnFor = useContext(PrerenderedPaymentsMode);
  const [payments, setPayments] = useState(() => drawnFor ?? paymentsModeInPage());
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
  return <TestModeStrip />;
}

/**
 * The strip, which tells the pages under it how tall it is, in --test-notice-height: full-height
 * pages (the editor, the final preview) fill the rest of the screen and keep their bottom bar on
 * it, and the others are no taller than the screen only because of the strip.
 */
function TestModeStrip() {
  const strip = useRef<HTMLElement>(null);
  useHeightVariable(strip, '--test-notice-height');
  return (
    <aside className="test-mode-notice" aria-label="Test mode" ref={strip}>
      <span className="test-mode-notice__label">Test mode</span>
      <span>
        No real payments
        <span className="test-mode-notice__more">
          : checkout uses a built-in test gateway, and no money moves
        </span>
        .
      </span>
    </aside>
  );
}

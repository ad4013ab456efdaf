import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { SCREEN_ERROR_PATH } from '../../shared/routes.js';
import { NARROWEST_BUILDER_WIDTH } from '../../shared/site.js';

/**
 * The editor and the final preview work on phones; only a window narrower than any phone
 * (below 320 px) when the page opens is sent to /screen-error. A window that narrows later (a
 * split screen, a zoom, a full-page screenshot) is not: leaving would close an open payment or
 * dialog, and the window is most often wide again a moment later. Public portfolios and preview
 * pages never use this.
 */
export function useSmallScreenRedirect(): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (window.innerWidth < NARROWEST_BUILDER_WIDTH) {
      void navigate(SCREEN_ERROR_PATH, { replace: true });
    }
  }, [navigate]);
}

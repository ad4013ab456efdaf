import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { SCREEN_ERROR_PATH } from '../../shared/routes.js';
import { NARROWEST_BUILDER_WIDTH } from '../../shared/site.js';

/**
 * The editor and the final preview work on phones; only a window narrower than any phone
 * (below 320 px) is sent to /screen-error. Public portfolios and preview pages never use this.
 */
export function useSmallScreenRedirect(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const check = () => {
      if (window.innerWidth < NARROWEST_BUILDER_WIDTH)
        void navigate(SCREEN_ERROR_PATH, { replace: true });
    };
    check();
    window.addEventListener('resize', check);
    return () => window.removeEventListener('resize', check);
  }, [navigate]);
}

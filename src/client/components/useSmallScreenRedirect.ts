import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { SMALL_SCREEN_WIDTH } from '../../shared/routes.js';

/**
 * The builder needs room for a form beside a live preview: at 750 px or narrower it sends the
 * visitor to /screen-error (spec rule). Public portfolios and preview pages never use this.
 */
export function useSmallScreenRedirect(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const check = () => {
      if (window.innerWidth <= SMALL_SCREEN_WIDTH)
        void navigate('/screen-error', { replace: true });
    };
    check();
    window.addEventListener('resize', check);
    return () => window.removeEventListener('resize', check);
  }, [navigate]);
}

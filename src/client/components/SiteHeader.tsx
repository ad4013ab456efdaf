import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { ACCOUNT_PATH, CHOOSE_PATH } from '../../shared/routes.js';
import { TopBar } from './TopBar.js';
import { UiIcon } from './UiIcon.js';
import './site-header.css';

/**
 * The header of the product's own pages (home, the information pages, /choose, /account, /ack,
 * /renew), one design wherever a visitor is: the top bar's mark and name, then the same links,
 * the page a visitor is on marked, and the account part at the right end. Pages that know who is
 * signed in pass their AccountBar; the static pages, which do not, lead to My portfolios, where
 * the account page asks for a sign-in.
 */
export function SiteHeader({ account }: { account?: ReactNode }) {
  return (
    <TopBar sticky>
      <nav className="site-header" aria-label="Site">
        {/* The house: the template picker is the builder's home (the About page's home icon). */}
        <NavLink to={CHOOSE_PATH} end className="site-header__link">
          <UiIcon name="home" className="site-header__icon" />
          <span className="site-header__label">Templates</span>
        </NavLink>
        {account ?? (
          <NavLink to={ACCOUNT_PATH} end className="site-header__link">
            My portfolios
          </NavLink>
        )}
      </nav>
    </TopBar>
  );
}

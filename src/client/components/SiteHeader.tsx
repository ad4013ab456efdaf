import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { ACCOUNT_PATH, CHOOSE_PATH } from '../../shared/routes.js';
import { FILLS } from '../static-fills.js';
import { TopBar } from './TopBar.js';
import { UiIcon } from './UiIcon.js';
import './account-bar.css';
import './site-header.css';

/**
 * The header of the product's own pages (home, the information pages, /choose, /account, /ack,
 * /renew), one design wherever a visitor is: the top bar's mark and name, then the same links,
 * the page a visitor is on marked, and the account part at the right end. The app's pages pass
 * their AccountBar; the static pages, drawn before anyone is known, leave its place for
 * static-page.ts to fill with the same parts once the server has said who is here.
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
          // AccountBar's parts, drawn put away; Sign In's place is kept unseen until the server
          // answers, as AccountBar keeps it.
          <div className="account-bar" data-fills={FILLS.account} aria-live="polite">
            <span className="account-bar__welcome" data-part="welcome" hidden />
            <a className="account-bar__link" href={ACCOUNT_PATH} data-part="mine" hidden>
              My portfolios
            </a>
            <button type="button" className="button button--ghost" data-part="out" hidden>
              Sign out
            </button>
            <button
              type="button"
              className="button button--ghost account-bar__waiting"
              data-part="in"
              disabled
            >
              Sign In
            </button>
          </div>
        )}
      </nav>
    </TopBar>
  );
}

import { Link } from 'react-router';
import { CHOOSE_PATH } from '../../shared/routes.js';
import { NARROWEST_BUILDER_WIDTH } from '../../shared/site.js';
import { MAIN_CONTENT_ID, TopBar } from '../components/TopBar.js';
import './simple-page.css';

/** The number and its unit never part at the end of a line. */
const narrowest = `${NARROWEST_BUILDER_WIDTH}\u00a0px`;

export function ScreenErrorPage() {
  return (
    <div className="simple-layout">
      <TopBar />
      <main className="simple-page" id={MAIN_CONTENT_ID} tabIndex={-1}>
        <div className="surface-card simple-page__card">
          <svg className="simple-page__icon" viewBox="0 0 64 64" aria-hidden="true">
            <rect
              x="6"
              y="10"
              width="52"
              height="34"
              rx="4"
              fill="none"
              stroke="currentColor"
              strokeWidth="4"
            />
            <path
              d="M22 54h20M32 44v10"
              stroke="currentColor"
              strokeWidth="4"
              strokeLinecap="round"
            />
          </svg>
          <h1>Please use a larger screen</h1>
          <p>
            Editing and publishing a portfolio needs a window at least {narrowest} wide: any phone
            held upright, a tablet or a computer.
          </p>
          <p>
            On this screen you can look at every template and its price. To build your page, open
            the same address, <strong>{window.location.host}</strong>, on your phone or a computer:
            sign in there and carry on.
          </p>
          <p>Published portfolios work everywhere, including phones.</p>
          <div className="simple-page__actions">
            <Link className="button" to={CHOOSE_PATH}>
              See the templates
            </Link>
            <Link className="button button--ghost" to="/" reloadDocument>
              Home
            </Link>
          </div>
        </div>
      </main>
    </div>
  );
}

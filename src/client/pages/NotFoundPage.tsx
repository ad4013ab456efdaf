import { Link } from 'react-router';
import { Footer } from '../components/Footer.js';
import { MAIN_CONTENT_ID, TopBar } from '../components/TopBar.js';
import './simple-page.css';

export function NotFoundPage() {
  return (
    <div className="simple-layout">
      <TopBar />
      <main className="simple-page" id={MAIN_CONTENT_ID} tabIndex={-1}>
        <div className="surface-card simple-page__card">
          <p className="simple-page__code">404</p>
          <h1>Page not found</h1>
          <p>There is no page at this address. It may have moved, or the link may be mistyped.</p>
          <Link className="button" to="/" reloadDocument>
            Go to the home page
          </Link>
        </div>
      </main>
      <Footer />
    </div>
  );
}

import { Link } from 'react-router';
import '../pages/simple-page.css';

/** Shown by builder steps that have not been released yet, instead of a broken page. */
export function NotAvailableYet({ what }: { what: string }) {
  return (
    <main className="simple-page">
      <div className="simple-page__card">
        <h1>{what}</h1>
        <p>This part of the builder is not available yet.</p>
        <Link className="button button--ghost" to="/">
          Back to the home page
        </Link>
      </div>
    </main>
  );
}

import { Link } from 'react-router';
import './simple-page.css';

export function ScreenErrorPage() {
  return (
    <main className="simple-page">
      <div className="simple-page__card">
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
          The portfolio builder is not supported on mobile devices. Please open it on a desktop or
          laptop, where there is room for the editor and the live preview side by side.
        </p>
        <p>Published portfolios work everywhere, including phones.</p>
        <Link className="button button--ghost" to="/">
          Try again
        </Link>
      </div>
    </main>
  );
}

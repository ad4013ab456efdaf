import { Link } from 'react-router';
import './back-arrow.css';

/** Builder chrome over a template preview; never part of a template or a public page. */
export function BackArrow({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="back-arrow" aria-label={label} title={label}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          d="M15 5l-7 7 7 7"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="back-arrow__text" aria-hidden="true">
        {label}
      </span>
    </Link>
  );
}

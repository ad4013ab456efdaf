import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { FILLS } from '../static-fills.js';
import './footer.css';

export const FOOTER_LINKS = [
  { to: '/about-us', label: 'About Us' },
  { to: '/contact-us', label: 'Contact Us' },
  { to: '/terms-and-conditions', label: 'Terms and Conditions' },
  { to: '/refund-policy', label: 'Refund Policy' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
] as const;

const unchanging = () => () => {};
const thisYear = () => new Date().getFullYear();
// Pages drawn at build time, which may be last year, leave the year out: the app adds it once a
// page has hydrated, the static pages' script (static-page.ts) on a static page.
const noYearYet = () => null;

/**
 * The foot of the builder's pages. Its links lead to the static pages, which are documents, not
 * the app's (src/shared/prerender.ts): they load the document, from a static page or the app.
 */
export function Footer() {
  const year = useSyncExternalStore(unchanging, thisYear, noYearYet);
  return (
    <footer className="site-footer">
      <nav aria-label="Site">
        <ul>
          {FOOTER_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to} reloadDocument>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="site-footer__note">
        ©<span data-fills={FILLS.year}>{year !== null && ` ${year}`}</span> Online Portfolio
        Builder. Prices in INR, billed yearly.
      </p>
    </footer>
  );
}

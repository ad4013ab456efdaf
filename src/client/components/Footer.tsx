import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
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
// The landing page's HTML is rendered at build time, which may be last year: it leaves the year
// out, and the browser adds it once the page has hydrated.
const noYearYet = () => null;

export function Footer() {
  const year = useSyncExternalStore(unchanging, thisYear, noYearYet);
  return (
    <footer className="site-footer">
      <nav aria-label="Site">
        <ul>
          {FOOTER_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to}>{link.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="site-footer__note">
        ©{year !== null && ` ${year}`} Online Portfolio Builder. Prices in INR, billed yearly.
      </p>
    </footer>
  );
}

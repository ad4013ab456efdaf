import { Link } from 'react-router';
import './footer.css';

export const FOOTER_LINKS = [
  { to: '/about-us', label: 'About Us' },
  { to: '/contact-us', label: 'Contact Us' },
  { to: '/terms-and-conditions', label: 'Terms and Conditions' },
  { to: '/refund-policy', label: 'Refund Policy' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
] as const;

export function Footer() {
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
        © {new Date().getFullYear()} Online Portfolio Builder. Prices in INR, billed yearly.
      </p>
    </footer>
  );
}

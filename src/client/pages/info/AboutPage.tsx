import { Link } from 'react-router';
import { CHOOSE_PATH } from '../../../shared/routes.js';
import { InfoLayout, InfoSection } from './InfoLayout.js';

const iconProps = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

export function AboutPage() {
  return (
    <InfoLayout
      title="About Us"
      intro="Online Portfolio Builder helps artists, professionals and creative people put their work online: choose a template, make it yours, and share a page of your own."
    >
      <InfoSection id="why-choose" title="Why Choose...?">
        <p>
          A portfolio is often the first thing people see of your work, so it should look like you
          and be easy to keep up to date. That is what we built this for.
        </p>
        <ul className="info-features">
          <li>
            <span className="info-feature__icon">
              <svg {...iconProps}>
                <path d="M12 3a9 9 0 1 0 0 18c1 0 1.5-.7 1.5-1.5 0-.4-.2-.8-.4-1.1-.3-.3-.4-.6-.4-1 0-.8.7-1.4 1.5-1.4H16a5 5 0 0 0 5-5C21 6.6 17 3 12 3Z" />
                <circle cx="7.5" cy="11" r="1" />
                <circle cx="10" cy="7" r="1" />
                <circle cx="15" cy="7.5" r="1" />
              </svg>
            </span>
            <h3>Tailored Designs</h3>
            <p>
              Every element of a template can be customised: your name, headings, text, pictures,
              projects, links and contact details. Start from a design you like and shape it around
              your own work.
            </p>
          </li>
          <li>
            <span className="info-feature__icon">
              <svg {...iconProps}>
                <path d="M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16v4Z" />
                <path d="m13.5 6.5 4 4" />
              </svg>
            </span>
            <h3>Ease of Use</h3>
            <p>
              No code and no design tools. You fill in short forms, step by step, with a live
              preview beside them, and you see the finished page before anything goes online.
            </p>
          </li>
          <li>
            <span className="info-feature__icon">
              <svg {...iconProps}>
                <path d="M4 13v-1a8 8 0 0 1 16 0v1" />
                <rect x="3" y="13" width="4" height="6" rx="1.5" />
                <rect x="17" y="13" width="4" height="6" rx="1.5" />
                <path d="M19 19c0 1.1-1.8 2-4 2h-2" />
              </svg>
            </span>
            <h3>Expert Support</h3>
            <p>
              Stuck on a step, unsure about a payment, or want to change something after publishing?
              Real people answer, usually within one or two business days.{' '}
              <Link to="/contact-us">Contact us</Link>.
            </p>
          </li>
        </ul>
      </InfoSection>

      <InfoSection id="how-it-works" title="How It Works">
        <ol className="info-steps">
          <li>Sign in with your Google account and pick one of our five templates.</li>
          <li>
            Fill in your details one step at a time, with your page taking shape in the preview.
          </li>
          <li>Look over the final preview and choose a username for your web address.</li>
          <li>
            Pay the yearly fee in Indian rupees. The price is shown before you pay, and there is
            nothing else to add later.
          </li>
          <li>
            Your portfolio goes live at <strong>/users/your-username</strong>, and we email you the
            link. Visitors can read it and write to you through its contact form.
          </li>
        </ol>
      </InfoSection>

      <InfoSection id="our-mission" title="Our Mission">
        <p className="info-mission">
          To present your work in <strong>the best light</strong>.
        </p>
        <p>
          Good work deserves to be seen clearly. We keep the tools simple so that your time goes
          into what you make, not into building a website, and we keep the designs clean so that
          your work, not the page around it, is what people remember.
        </p>
        <div className="info-actions">
          <Link className="button" to={CHOOSE_PATH}>
            Choose a template
          </Link>
          <Link className="button button--ghost" to="/contact-us">
            Ask us a question
          </Link>
        </div>
      </InfoSection>
    </InfoLayout>
  );
}

import { Link } from 'react-router';
import { InfoLayout, InfoSection, SupportEmailLink } from './InfoLayout.js';
import { REPLY_TIME } from './support.js';

export function ContactPage() {
  return (
    <InfoLayout
      title="Contact Us"
      intro="Questions about a template, a payment or your published portfolio? Write to us and a member of our support team will help."
    >
      <InfoSection id="email-us" title="Email us">
        <div className="info-contact">
          <span className="info-contact__icon" aria-hidden="true">
            <svg
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
              focusable="false"
            >
              <rect x="3" y="5" width="18" height="14" rx="2" />
              <path d="m3.5 6.5 8.5 6.5 8.5-6.5" />
            </svg>
          </span>
          <div className="info-contact__text">
            <p className="info-contact__label">Support email</p>
            <p>
              <SupportEmailLink subject="Online Portfolio Builder support" />
            </p>
          </div>
        </div>
        <p>
          We handle support by email, so every request has a written record that both of us can
          refer back to. We read every message and reply within <strong>{REPLY_TIME}</strong>.
        </p>
      </InfoSection>

      <InfoSection id="what-to-include" title="What to put in your message">
        <p>We can help much faster when the first message already has the details we need:</p>
        <ul>
          <li>
            <strong>Your username</strong>, the part after <strong>/users/</strong> in your
            portfolio&rsquo;s address, if you have claimed one.
          </li>
          <li>
            <strong>The email address you signed in with</strong>, if you are writing from a
            different one.
          </li>
          <li>
            <strong>The order ID</strong> shown on your payment receipt, for anything to do with a
            payment or a refund.
          </li>
          <li>
            <strong>What went wrong</strong>: what you were trying to do, what you expected and what
            happened instead. If the page showed an error message, copy its wording, including any
            reference code it gave. A screenshot helps too.
          </li>
        </ul>
        <p>
          Please never send us your card details, bank details or passwords. We never need them, and
          we will never ask for them.
        </p>
      </InfoSection>

      <InfoSection id="before-you-write" title="Before you write">
        <h3>I paid but can&rsquo;t find my portfolio link</h3>
        <p>
          We email the link to the address you signed in with as soon as your payment is confirmed.
          If it has not arrived after a few minutes, look in your spam or promotions folder. If it
          is not there either, write to us with your order ID.
        </p>
        <h3>My payment went through, but the username was taken</h3>
        <p>
          Your money is not lost. The payment becomes a credit that you can use for another
          username. The <Link to="/refund-policy">Refund Policy</Link> explains how this works.
        </p>
        <h3>I want to change my published portfolio</h3>
        <p>
          Sign in, choose the same template, select <strong>Update</strong>, make your changes and
          publish them under the same username. Updates at the same username are free.
        </p>
        <h3>Refunds and your personal data</h3>
        <p>
          See the <Link to="/refund-policy">Refund Policy</Link> for when a refund is possible, and
          the <Link to="/privacy-policy">Privacy Policy</Link> for how to see, correct or delete the
          data we hold about you. Both kinds of request are made by email to the address above.
        </p>
      </InfoSection>
    </InfoLayout>
  );
}

import { Link } from 'react-router';
import { USERNAME_MAX, USERNAME_MIN } from '../../../shared/domain/username.js';
import { HOLD_MINUTES } from '../../../shared/orders.js';
import { InfoLayout, InfoSection, SupportEmailLink } from './InfoLayout.js';
import { REPLY_TIME } from './support.js';

export function TermsPage() {
  return (
    <InfoLayout
      title="Terms and Conditions"
      intro="These terms are the agreement between you and Online Portfolio Builder when you use our builder and publish a portfolio with us. We have kept them short and plain."
      listSections
    >
      <InfoSection id="these-terms" title="About these terms">
        <p>
          In these terms, &ldquo;we&rdquo; and &ldquo;us&rdquo; mean Online Portfolio Builder, and
          &ldquo;you&rdquo; means the person using the service. By signing in, publishing a
          portfolio or paying for one, you accept these terms together with our{' '}
          <Link to="/privacy-policy">Privacy Policy</Link> and{' '}
          <Link to="/refund-policy">Refund Policy</Link>. If you do not agree with them, please do
          not use the service.
        </p>
      </InfoSection>

      <InfoSection id="the-service" title="The service">
        <p>Online Portfolio Builder gives you two things:</p>
        <ul>
          <li>
            <strong>The builder</strong>: five ready-made templates that you fill in with your own
            details, with a preview of the result before you publish.
          </li>
          <li>
            <strong>Hosting for a year</strong>: once you have paid, your portfolio is published as
            a public web page at <strong>/users/your-username</strong> on our site, where anyone
            with the link can see it.
          </li>
        </ul>
        <p>
          Visitors to your portfolio can use its contact form. The form opens the visitor&rsquo;s
          own email program with a message addressed to you; the message does not pass through us.
        </p>
      </InfoSection>

      <InfoSection id="your-account" title="Your account">
        <p>
          You sign in with your Google account. We do not create a separate password for you, so
          keeping your Google account secure also keeps your portfolio secure. You are responsible
          for what is done through your account, so sign out when you use a shared computer.
        </p>
        <p>
          The email address of your Google account is where we send your portfolio link and any
          messages about your orders. Please make sure it is one you read.
        </p>
      </InfoSection>

      <InfoSection id="prices-and-payment" title="Prices and payment">
        <ul>
          <li>
            Each template has a yearly price in Indian rupees (INR), shown on the template card
            before you choose it. When a discount applies, the card shows the original price struck
            through next to the price you will pay.
          </li>
          <li>
            The amount you are charged is worked out on our server from our current price list when
            you start the payment, and it is the amount shown to you in the payment window. Nothing
            is added afterwards.
          </li>
          <li>
            Payments are processed by Razorpay, our payment provider. Your card, UPI or bank details
            go to Razorpay, not to us.
          </li>
          <li>
            One payment covers one portfolio, at one username, with one template, for one year from
            the moment the payment is confirmed.
          </li>
          <li>
            We may change prices in the future. A change never affects a year you have already paid
            for.
          </li>
        </ul>
      </InfoSection>

      <InfoSection id="your-username" title="Your username and web address">
        <ul>
          <li>
            Your username becomes the last part of your portfolio&rsquo;s address. It can be{' '}
            {USERNAME_MIN} to {USERNAME_MAX} characters long and may use lowercase letters, numbers
            and hyphens, but cannot start or end with a hyphen.
          </li>
          <li>
            Usernames are given on a first-come basis: the first person to pay for a username gets
            it. While you are paying, we hold your chosen username for you for {HOLD_MINUTES}{' '}
            minutes so that nobody else can take it in the meantime.
          </li>
          <li>
            If a payment is confirmed after that hold has ended and someone else has taken the
            username in the meantime, your payment is kept as a credit that you can use for another
            username. It is never silently lost.
          </li>
          <li>
            Updating your portfolio at the same username, with the same template, is free while your
            paid year lasts.
          </li>
          <li>
            A new web address, meaning a different username, is a new portfolio and needs a full
            payment.
          </li>
          <li>
            We may ask you to give up a username that impersonates someone, misleads visitors or
            infringes someone else&rsquo;s name or trademark.
          </li>
        </ul>
      </InfoSection>

      <InfoSection id="your-content" title="Your content">
        <p>
          Everything you put into your portfolio, such as your text, images, links and contact
          details, remains yours. You give us only the permission we need to run the service: to
          store your content, show it on your public page and make copies for backups, for as long
          as we host your portfolio.
        </p>
        <p>By publishing content, you confirm that:</p>
        <ul>
          <li>
            you wrote it or own it, or you have permission to use it, including every image you link
            to;
          </li>
          <li>it is accurate about you and does not pretend to be someone else;</li>
          <li>
            you are happy for it to be public: anyone with your link can read it, and search engines
            may show it in their results.
          </li>
        </ul>
        <p>
          Your draft stays in your own browser until you publish, so please keep your own copy of
          anything important. We are not responsible for a draft lost when browser data is cleared.
        </p>
      </InfoSection>

      <InfoSection id="not-allowed" title="What you may not publish">
        <p>You may not use your portfolio to publish or link to anything that:</p>
        <ul>
          <li>is against the law in India, or encourages someone to break it;</li>
          <li>infringes someone else&rsquo;s copyright, trademark, privacy or other rights;</li>
          <li>is hateful, harassing, threatening, sexually explicit or violent;</li>
          <li>misleads or defrauds people, or collects their details under false pretences;</li>
          <li>spreads malware, spam or phishing.</li>
        </ul>
        <p>
          If we find, or are told about, content that breaks these rules, we may take it down or
          take the portfolio offline. Where it is reasonable to do so, we will tell you first and
          give you a chance to fix it. For serious or unlawful content we may act straight away. A
          portfolio taken down for breaking these rules is not refunded.
        </p>
      </InfoSection>

      <InfoSection id="availability" title="Availability">
        <p>
          We work to keep the builder and every published portfolio online around the clock, but we
          cannot promise that the service will never be interrupted. It may occasionally be
          unavailable for maintenance, or because of a problem with our hosting, our payment or
          email providers, or the wider internet. We will fix problems as quickly as we can.
        </p>
        <p>
          We may improve the builder and the templates over time. We will not make changes that take
          away something you have already paid for during your paid year.
        </p>
      </InfoSection>

      <InfoSection id="paid-year" title="Your paid year and renewal">
        <p>
          Your portfolio is hosted for one year from the day your payment is confirmed. When the
          year ends, your portfolio may be taken offline unless you renew it by paying for another
          year. If you would like to renew, write to support before the year is up and we will help
          you keep your page online without a break.
        </p>
        <p>
          You can ask us to take your portfolio down at any time before then by writing to support.
          The part of the year you do not use is not refunded, as explained in the{' '}
          <Link to="/refund-policy">Refund Policy</Link>.
        </p>
      </InfoSection>

      <InfoSection id="refunds" title="Refunds">
        <p>
          Refunds follow our <Link to="/refund-policy">Refund Policy</Link>. In short: once your
          portfolio link has been given to you, or if you change template after paying, the payment
          is not refunded. Approved refunds are paid back to your original payment method.
        </p>
      </InfoSection>

      <InfoSection id="liability" title="Limits of our liability">
        <p>
          We provide the service with care, but &ldquo;as is&rdquo;: we do not promise that it will
          suit every purpose or bring you work, clients or sales. As far as the law allows:
        </p>
        <ul>
          <li>
            we are not liable for indirect losses, such as lost income, lost opportunities or lost
            data, that arise from using the service or from it being unavailable;
          </li>
          <li>
            our total liability to you for anything to do with the service is limited to the amount
            you paid us in the twelve months before the claim arose;
          </li>
          <li>
            we are not responsible for the content of portfolios, which belongs to the people who
            publish them, nor for the websites their links lead to.
          </li>
        </ul>
        <p>Nothing in these terms takes away rights you have by law as a consumer.</p>
      </InfoSection>

      <InfoSection id="changes" title="Changes to these terms">
        <p>
          We may update these terms when the service or the law changes. When we make an important
          change, we will say so on the site or by email before it takes effect. If you keep using
          the service after a change takes effect, the new terms apply to you. The terms that
          applied when you paid continue to cover that paid year.
        </p>
      </InfoSection>

      <InfoSection id="governing-law" title="Governing law">
        <p>
          These terms are governed by the laws of India, and any dispute about them is for the
          courts of India to decide. Before going to court, please write to us: most problems are
          quicker to solve by talking.
        </p>
      </InfoSection>

      <InfoSection id="contact" title="Contact">
        <p>
          Questions about these terms? Email <SupportEmailLink /> and we will reply within{' '}
          {REPLY_TIME}. You can also find this on our <Link to="/contact-us">Contact Us</Link> page.
        </p>
      </InfoSection>
    </InfoLayout>
  );
}

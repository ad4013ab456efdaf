import { Link } from 'react-router';
import { ACCOUNT_PATH } from '../../../shared/routes.js';
import { InfoLayout, InfoSection, KeyPoints, SupportEmailLink } from './InfoLayout.js';
import { REPLY_TIME } from './support.js';

export function PrivacyPage() {
  return (
    <InfoLayout
      title="Privacy Policy"
      meta="Last updated 07/01/2025"
      intro="This policy explains what we learn about you when you use Online Portfolio Builder, why, and what you can ask us to do with it. We collect only what we need to build and host your portfolio."
      summary={
        <KeyPoints title="At a glance">
          <ul>
            <li>
              Cookies only to keep you signed in and to leave your own views out of your visitor
              numbers. No tracking, advertising or third-party analytics.
            </li>
            <li>We never see your card or bank details: Razorpay handles payments.</li>
            <li>We do not sell your data or share it for advertising.</li>
            <li>Your published portfolio is public, because that is what it is for.</li>
          </ul>
        </KeyPoints>
      }
      listSections
    >
      <InfoSection id="what-we-collect" title="What we collect">
        <h3>When you sign in with Google</h3>
        <p>
          Google tells us your name, your email address and the link to your profile picture, along
          with an account number that stays the same even if you change your email. We never see
          your Google password.
        </p>
        <h3>Your draft</h3>
        <p>
          While you fill in a template, your draft is saved in your own browser&rsquo;s local
          storage, not on our servers. Signing out removes it from that browser, so the next person
          at a shared computer does not see it, and the editor&rsquo;s &ldquo;Clear this
          draft&rdquo; button resets it to the template&rsquo;s example content. Images you add are
          uploaded to us, so that your published page can show them.
        </p>
        <h3>Your published portfolio</h3>
        <p>
          When you publish, we store the content of your portfolio: your name, texts, image links,
          project links and whatever contact details and social links you choose to show. This
          content is public by design. Anyone with the link can see it, and search engines may list
          it.
        </p>
        <h3>Your orders</h3>
        <p>
          For every order we keep the amount, the template, the username, the date and the order and
          payment reference numbers that Razorpay gives us. Razorpay collects your card, UPI or bank
          details directly; they never reach us.
        </p>
        <h3>Technical records</h3>
        <p>
          Like every website, our server receives basic request details such as the page asked for
          and the time. We use them only to keep the service running and secure, for example to
          investigate an error you report or to block abuse.
        </p>
        <h3>Messages from your visitors</h3>
        <p>
          Unless you choose otherwise in the editor, your portfolio&rsquo;s contact form sends
          through us: we keep the visitor&rsquo;s name, email address and message, email them to you
          with the visitor&rsquo;s address to reply to, and show them on your account page. We use
          them for nothing else, and they are deleted with your account. If you choose the
          visitor&rsquo;s mail program instead, messages go from the visitor&rsquo;s own email
          program straight to you, and we never see them. To stop one sender from using up your
          day&rsquo;s messages, we keep a scrambled code of the sender&rsquo;s network (never the
          address itself) until the end of that day.
        </p>
        <h3>Visitor numbers for portfolio owners</h3>
        <p>
          We count views of each published portfolio so that its owner sees how many people came,
          and from which sites. No cookie is set on a portfolio and no address is stored: a visitor
          is recognised for one day only by a scrambled code of their network address and browser,
          which is deleted when the day is over, leaving only the day&rsquo;s numbers. Search
          engines and link previews are not counted.
        </p>
      </InfoSection>

      <InfoSection id="cookies" title="Cookies">
        <p>
          We use two cookies, both strictly necessary for what you ask of the site. The session
          cookie keeps you signed in while you build and publish your portfolio; it holds only a
          random code, not your details, and ends when you sign out or the session expires. While
          you are signed in, a second cookie lists your own portfolio addresses, so that your views
          of your own pages are not counted as visitors; it is sent only to portfolio pages on this
          site, lasts 30 days and is removed when you sign out. Both are marked HttpOnly, so scripts
          on the page cannot read them.
        </p>
        <p>
          We use no tracking cookies, no advertising cookies and no third-party analytics. Because
          the cookies we use are needed for what you asked the site to do, there is nothing to opt
          in to or out of. Visitors who only view published portfolios get no cookie at all.
        </p>
      </InfoSection>

      <InfoSection id="why-we-use-it" title="Why we use it">
        <ul>
          <li>to sign you in and keep your portfolio tied to your account;</li>
          <li>to publish your portfolio at the username you chose and keep it online;</li>
          <li>to take your payment and keep a record of it;</li>
          <li>to email you your portfolio link and messages about your orders;</li>
          <li>to answer you when you write to support;</li>
          <li>to keep accounting records that the law requires, and to prevent fraud and abuse.</li>
        </ul>
        <p>We do not use your information for advertising, and we do not sell it to anyone.</p>
      </InfoSection>

      <InfoSection id="who-we-share-with" title="Who we share it with">
        <p>We share only what each service needs to do its job for us:</p>
        <ul>
          <li>
            <strong>Google</strong>, to sign you in. Google&rsquo;s own privacy policy covers your
            Google account.
          </li>
          <li>
            <strong>Razorpay</strong>, to take your payment. We send the order amount and reference,
            and your name and email so the payment form is filled in for you.
          </li>
          <li>
            <strong>Our email provider</strong>, to deliver the email with your portfolio link and
            other messages about your orders.
          </li>
          <li>
            <strong>The authorities</strong>, only when Indian law requires us to.
          </li>
        </ul>
      </InfoSection>

      <InfoSection id="how-long-we-keep-it" title="How long we keep it">
        <ul>
          <li>
            <strong>Your account details</strong>: for as long as you have an account with us.
          </li>
          <li>
            <strong>Your uploaded images</strong>: while a draft or a published page of yours uses
            them, then 30 days more.
          </li>
          <li>
            <strong>Your published portfolio</strong>: while it is online, and for a while after
            your paid year ends so that you can renew. You can ask us to delete it sooner.
          </li>
          <li>
            <strong>Order records and receipts</strong>: for as long as Indian tax and accounting
            law requires, even after you delete your account. What stays then is the order and
            receipt numbers, the template, the amount and its tax, the dates, the status, the
            payment reference numbers and a business&rsquo;s GSTIN if one was given, with no name,
            email address, billing address, username or portfolio content.
          </li>
          <li>
            <strong>Your draft</strong>: in your browser only, until you publish or clear it.
          </li>
        </ul>
      </InfoSection>

      <InfoSection id="your-rights" title="Your rights">
        <p>
          Signed in, the <Link to={ACCOUNT_PATH}>My portfolios</Link> page lets you do these
          yourself, at once:
        </p>
        <ul>
          <li>
            <strong>download your data</strong>: a file with your profile, your portfolios with all
            their content, your usernames, your orders and the messages visitors sent you;
          </li>
          <li>
            <strong>unpublish or delete</strong> any of your pages (deleting releases the username;
            no refund is made for the time left);
          </li>
          <li>
            <strong>delete your account</strong>. In one step we then take every page of yours
            offline and release its username; delete your portfolios, your username reservations and
            your uploaded images; erase your name, email address and picture (an empty account
            record remains only so that your kept orders have something to point to, and signing in
            again later starts a new, empty account); sign you out on every device; and keep your
            orders only as described under &ldquo;How long we keep it&rdquo;. Emails not yet sent to
            you are cancelled.
          </li>
        </ul>
        <p>You can also ask us at any time to:</p>
        <ul>
          <li>
            <strong>see</strong> the personal data we hold about you;
          </li>
          <li>
            <strong>correct</strong> anything that is wrong;
          </li>
          <li>
            <strong>delete</strong> your account and your portfolio, except for the order records we
            must keep by law.
          </li>
        </ul>
        <p>
          To do any of these, write to <SupportEmailLink subject="Privacy request" /> from the email
          address you sign in with. We reply within {REPLY_TIME}. You can also change the content of
          your portfolio yourself whenever you like by publishing an update at the same username.
        </p>
      </InfoSection>

      <InfoSection id="security" title="How we protect it">
        <p>
          Our site is served over an encrypted connection. We store only a scrambled form of the
          code in your sign-in cookie, so even a copy of our database could not be used to sign in
          as you. Payments are handled entirely by Razorpay, so no card or bank details are ever
          stored by us. Access to our systems is limited to the people who run the service.
        </p>
        <p>
          No system is perfectly secure. If we ever learn of a breach that affects your data, we
          will tell you and the relevant authorities as the law requires.
        </p>
      </InfoSection>

      <InfoSection id="changes" title="Changes to this policy">
        <p>
          If we change how we handle your data, we will update this page and the date at the top.
          For important changes we will also tell you by email before they take effect.
        </p>
      </InfoSection>

      <InfoSection id="contact" title="Contact">
        <p>
          Questions about your privacy? Email <SupportEmailLink /> or see our{' '}
          <Link to="/contact-us">Contact Us</Link> page. You can also read our{' '}
          <Link to="/terms-and-conditions">Terms and Conditions</Link>.
        </p>
      </InfoSection>
    </InfoLayout>
  );
}

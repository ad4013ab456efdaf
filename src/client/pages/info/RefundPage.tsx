import { Link } from 'react-router';
import { HOLD_MINUTES } from '../../../shared/orders.js';
import { InfoLayout, InfoSection, KeyPoints, SupportEmailLink } from './InfoLayout.js';
import { REFUND_TIME, REPLY_TIME } from './support.js';

export function RefundPage() {
  return (
    <InfoLayout
      title="Refund Policy"
      intro="We want paying for your portfolio to be simple and fair. This page explains when a payment can be refunded, when it cannot, and how to ask."
      summary={
        <KeyPoints title="At a glance">
          <ul>
            <li>Support replies to refund requests within {REPLY_TIME}.</li>
            <li>Approved refunds are paid within {REFUND_TIME} to the payment method you used.</li>
            <li>
              No refunds once your portfolio link has been given to you, or for a change of template
              after payment.
            </li>
            <li>Updates at the same username are free; a new web address needs a full payment.</li>
            <li>
              A payment is never lost: if your username was taken meanwhile, it becomes a credit.
            </li>
          </ul>
        </KeyPoints>
      }
      listSections
    >
      <InfoSection id="when-refunds-apply" title="When you can get a refund">
        <p>
          You pay for a portfolio published at your chosen web address. If something on our side
          stopped that from happening, you can ask for your money back. For example:
        </p>
        <ul>
          <li>you were charged, but your portfolio was never published and no link was given;</li>
          <li>you were charged more than once for the same order;</li>
          <li>
            your payment became a credit because your username was taken, and you would rather have
            the money back than use the credit (see below).
          </li>
        </ul>
      </InfoSection>

      <InfoSection id="no-refund" title="When we cannot refund">
        <ul>
          <li>
            <strong>Once your portfolio link has been given to you.</strong> From that point your
            portfolio is live and the service has been delivered, so the payment, including any
            unused part of the year, is not refunded.
          </li>
          <li>
            <strong>For a change of template after payment.</strong> Each payment is for the
            template you chose. If you would like a different design later, that is a new purchase.
            Please use the template previews and the final preview to be sure before you pay.
          </li>
          <li>
            <strong>When a portfolio is taken down for breaking our rules</strong>, as set out in
            our <Link to="/terms-and-conditions">Terms and Conditions</Link>.
          </li>
        </ul>
      </InfoSection>

      <InfoSection id="updates-and-new-urls" title="Updates and new web addresses">
        <p>
          Your payment is tied to your username. As long as you keep the same username and template,
          you can update your portfolio as often as you like during your paid year, at no extra
          cost: sign in, select <strong>Update</strong> on your template, edit and publish.
        </p>
        <p>
          A new web address, that is a different username, counts as a new portfolio and needs the
          full payment. The payment for your earlier username is not moved or refunded.
        </p>
      </InfoSection>

      <InfoSection id="username-taken" title="If your username was taken while you paid">
        <p>
          When you start a payment, we hold your chosen username for you for {HOLD_MINUTES} minutes.
          If the payment is confirmed only after that, and someone else has claimed the username in
          the meantime, we cannot give you that address. Your money is not lost: the payment is kept
          as a credit on your account, and you can use it to publish the same portfolio under
          another username.
        </p>
        <p>
          Write to <SupportEmailLink subject="Payment credit" /> with your order ID and the new
          username you would like, and we will help you use the credit. If you would rather have a
          refund, say so in your message; as long as the credit has not been used, we treat it like
          any other refund request.
        </p>
      </InfoSection>

      <InfoSection id="how-to-ask" title="How to ask for a refund">
        <ol>
          <li>
            Email <SupportEmailLink subject="Refund request" /> from the address you signed in with.
          </li>
          <li>
            Include the <strong>order ID</strong> from your payment receipt, your{' '}
            <strong>username</strong>, and the date and amount of the payment.
          </li>
          <li>
            Tell us briefly <strong>what went wrong</strong>. A screenshot of any error message
            helps.
          </li>
        </ol>
        <p>
          Please never send card numbers, bank passwords or one-time codes. We never need them to
          process a refund.
        </p>
      </InfoSection>

      <InfoSection id="what-happens-next" title="What happens next">
        <ul>
          <li>
            We reply within <strong>{REPLY_TIME}</strong>, either with a decision or with a question
            if we need more details.
          </li>
          <li>
            If your refund is approved, we pay it within <strong>{REFUND_TIME}</strong> to the
            original payment method: the same card, UPI account or bank account you paid with.
          </li>
          <li>
            Once we have sent it, your bank may need a few more days before the money shows on your
            statement.
          </li>
        </ul>
        <p>
          Questions about this policy? See our <Link to="/contact-us">Contact Us</Link> page.
        </p>
      </InfoSection>
    </InfoLayout>
  );
}

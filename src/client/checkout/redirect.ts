import { PAYMENT_CALLBACK_PATH } from '../../shared/orders.js';

/** The callback the checkout's redirect flow posts the payment to (on our own origin). */
export const callbackUrl = () => `${window.location.origin}${PAYMENT_CALLBACK_PATH}`;

/**
 * Leaves the page by posting these fields as a form to the payment callback, as Razorpay's own
 * page does in its redirect flow; the server answers with where to go next.
 */
export function postToCallback(fields: Record<string, string>): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = callbackUrl();
  form.hidden = true;
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}

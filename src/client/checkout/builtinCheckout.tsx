import { createRoot } from 'react-dom/client';
import { BuiltinCheckoutDialog } from './BuiltinCheckoutDialog.js';
import type {
  CheckoutHandle,
  CheckoutHandlers,
  CheckoutOptions,
  PaymentRequired,
} from './checkout.types.js';
import { postToCallback } from './redirect.js';

/**
 * Shows the built-in gateway's dialog in its own root at the end of <body>, the way checkout.js adds
 * its own frame: the page that opened it only sees the handlers.
 */
export function openBuiltinCheckout(
  order: PaymentRequired,
  handlers: CheckoutHandlers,
  options: CheckoutOptions = { redirect: false },
): CheckoutHandle {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  let open = true;

  const close = () => {
    if (!open) return;
    open = false;
    root.unmount();
    host.remove();
    // Back to where the person was (Make Payment), as a native dialog would.
    if (opener?.isConnected) opener.focus();
  };

  root.render(
    <BuiltinCheckoutDialog
      orderId={order.order_id}
      amount={order.amount}
      prefill={order.prefill}
      onPaid={(payment) => {
        // The redirect flow speaks as Razorpay's page does: the signed fields go to the callback.
        if (options.redirect) {
          postToCallback({ ...payment });
          return;
        }
        close();
        handlers.onPaid(payment);
      }}
      onFailed={(description) => {
        close();
        handlers.onFailed(description);
        handlers.onClose();
      }}
      onCancel={() => {
        close();
        handlers.onClose();
      }}
    />,
  );
  return { close };
}

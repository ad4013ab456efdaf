import { createRoot } from 'react-dom/client';
import type { CheckoutHandle, CheckoutHandlers, PaymentRequired } from './openCheckout.js';
import { TestCheckoutDialog } from './TestCheckoutDialog.js';

/**
 * Shows the test checkout dialog in its own root at the end of <body>, the way checkout.js adds
 * its own frame: the page that opened it only sees the handlers.
 */
export function openTestCheckout(
  order: PaymentRequired,
  handlers: CheckoutHandlers,
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
    <TestCheckoutDialog
      orderId={order.order_id}
      amount={order.amount}
      prefill={order.prefill}
      onPaid={(payment) => {
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

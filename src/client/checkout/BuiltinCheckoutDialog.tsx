import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { formatPrice } from '../../shared/domain/price.js';
import type { VerifyPaymentRequest } from '../../shared/orders.js';
import { Alert } from '../components/Alert.js';
import { useModalDialog } from '../components/useModalDialog.js';
import { failBuiltinGatewayOrder, payBuiltinGatewayOrder } from './builtinGateway.js';
import '../components/modal-card.css';
import './builtin-checkout.css';

export interface BuiltinCheckoutDialogProps {
  orderId: string;
  /** In paise. */
  amount: number;
  prefill: { name: string; email: string };
  onPaid(payment: VerifyPaymentRequest): void;
  onFailed(description: string): void;
  onCancel(): void;
}

const FOCUSABLE = 'button:not([disabled]), a[href], input:not([disabled])';

/**
 * The built-in gateway's checkout (shown to people as "Test payment"): a modal dialog standing in for Razorpay's, with the same
 * outcome (a signed payment result, or a payment.failed description). No money moves.
 */
export function BuiltinCheckoutDialog({
  orderId,
  amount,
  prefill,
  onPaid,
  onFailed,
  onCancel,
}: BuiltinCheckoutDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState<'pay' | 'fail' | undefined>();
  const [error, setError] = useState<string | undefined>();
  const mounted = useRef(true);
  const id = useId();

  // Modal: the page behind is inert; focus goes back to the opener on closing.
  useModalDialog(dialog);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = async (kind: 'pay' | 'fail') => {
    setBusy(kind);
    setError(undefined);
    try {
      if (kind === 'pay') {
        const payment = await payBuiltinGatewayOrder(orderId);
        if (mounted.current) onPaid(payment);
      } else {
        const description = await failBuiltinGatewayOrder(orderId);
        if (mounted.current) onFailed(description);
      }
    } catch (failure) {
      if (!mounted.current) return;
      setError((failure as Error).message);
      setBusy(undefined);
    }
  };

  // The modal makes the page inert, but Tab after the last control still leaves the page for the
  // browser's own controls (Chromium): Tab and Shift+Tab wrap inside, like Razorpay's checkout.
  const trapFocus = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const price = formatPrice(amount);
  return (
    <dialog
      ref={dialog}
      className="modal-card builtin-checkout"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-note`}
      aria-busy={busy !== undefined}
      onKeyDown={trapFocus}
      onCancel={(event) => {
        // Escape: dismiss, unless a request is under way (its answer must not be lost).
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <div className="builtin-checkout__header">
        <span className="builtin-checkout__badge">Test mode</span>
        <h2 id={`${id}-title`} className="builtin-checkout__title">
          Test payment
        </h2>
        <p id={`${id}-note`} className="builtin-checkout__note">
          This is a test payment: no money moves and no card is needed. It behaves like the real
          checkout, so you can try both outcomes.
        </p>
      </div>

      <dl className="builtin-checkout__summary">
        <div>
          <dt>Amount</dt>
          <dd className="builtin-checkout__amount">{price}</dd>
        </div>
        <div>
          <dt>Paying as</dt>
          <dd>
            {prefill.name}
            {prefill.email && <span className="builtin-checkout__email">{prefill.email}</span>}
          </dd>
        </div>
        <div>
          <dt>Order</dt>
          <dd className="builtin-checkout__order">{orderId}</dd>
        </div>
      </dl>

      {error && (
        <Alert compact className="builtin-checkout__error">
          {error}
        </Alert>
      )}

      <div className="builtin-checkout__actions">
        <button
          type="button"
          className="button"
          autoFocus
          disabled={busy !== undefined}
          onClick={() => void run('pay')}
        >
          {busy === 'pay' ? 'Paying…' : `Pay ${price}`}
        </button>
        <button
          type="button"
          className="button button--ghost"
          disabled={busy !== undefined}
          onClick={() => void run('fail')}
        >
          {busy === 'fail' ? 'Failing…' : 'Fail payment'}
        </button>
      </div>
      <button
        type="button"
        className="builtin-checkout__cancel"
        disabled={busy !== undefined}
        onClick={onCancel}
      >
        Cancel
      </button>
    </dialog>
  );
}

import type { AccountOrder, RefundedPayment } from '../../shared/account.js';
import { formatPrice } from '../../shared/domain/price.js';
import { formatTermDate } from '../../shared/domain/term.js';
import { receiptPath } from '../../shared/routes.js';
import './receipts.css';

/** Why a payment was given back, as the list says it. */
const REFUNDED_BECAUSE: Record<RefundedPayment['reason'], string> = {
  duplicate: 'a second payment of the same order',
  superseded: 'paid again while the first payment was on its way',
  order_closed: 'arrived after its order was closed',
  account_deleted: 'arrived after the account was deleted',
};

/**
 * A portfolio's paid orders, each with its receipt, and the payments refunded because they
 * served nothing. Always in the page, shown by the card's Receipts button: nothing to load, so
 * it opens at once.
 */
export function ReceiptsPanel({
  orders,
  refundedPayments = [],
}: {
  orders: readonly AccountOrder[];
  refundedPayments?: readonly RefundedPayment[];
}) {
  return (
    <div className="receipts">
      {orders.length === 0 ? (
        <p>No paid orders for this address.</p>
      ) : (
        <ul>
          {orders.map((order) => (
            <li key={order.orderId}>
              {order.receiptNumber ? (
                <a href={receiptPath(order.orderId)}>
                  Receipt {order.receiptNumber} · {formatTermDate(new Date(order.paidAt))} ·{' '}
                  {formatPrice(order.amountPaise)}
                </a>
              ) : (
                <span>
                  {formatTermDate(new Date(order.paidAt))}: paid by the unused days of the previous
                  template
                </span>
              )}
              {order.refundedAt && <> (refunded {formatTermDate(new Date(order.refundedAt))})</>}
            </li>
          ))}
        </ul>
      )}
      {refundedPayments.length > 0 && (
        <ul aria-label="Refunded payments">
          {refundedPayments.map((payment) => (
            <li key={payment.paymentId}>
              {payment.amountPaise === null ? 'A payment' : formatPrice(payment.amountPaise)}{' '}
              refunded on {formatTermDate(new Date(payment.refundedAt))}:{' '}
              {REFUNDED_BECAUSE[payment.reason]}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

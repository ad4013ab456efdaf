import type { AccountOrder } from '../../shared/account.js';
import { formatPrice } from '../../shared/domain/price.js';
import { formatTermDate } from '../../shared/domain/term.js';
import { receiptPath } from '../../shared/routes.js';
import './receipts.css';

/**
 * A portfolio's paid orders, each with its receipt. Always in the page, shown by the card's
 * Receipts button: nothing to load, so it opens at once.
 */
export function ReceiptsPanel({ orders }: { orders: readonly AccountOrder[] }) {
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
    </div>
  );
}

/**
 * The shape of the ids Razorpay (and our built-in gateway) hand out: order_…, pay_…, letters, digits.
 * Anything else sent as an id is refused before it reaches the database, which matters for more
 * than tidiness: PostgreSQL text cannot hold U+0000, and SQLite cannot bind objects.
 */
const GATEWAY_ID = /^[A-Za-z0-9_.-]{1,100}$/;

export function isGatewayId(value: unknown): value is string {
  return typeof value === 'string' && GATEWAY_ID.test(value);
}

/**
 * What an order records as its payment when no money moved at a gateway: the unused days of a
 * moved page (`proration:<order>`) or an earlier payment kept as a credit (`credit:<order>`).
 * Gateway ids never hold a colon.
 */
export const prorationPaymentId = (orderId: string) => `proration:${orderId}`;
export const creditPaymentId = (creditOrderId: string) => `credit:${creditOrderId}`;

/** A payment the gateway took (one it can refund), as opposed to one of the above. */
export function isGatewayPayment(paymentId: string | null): paymentId is string {
  return paymentId !== null && paymentId !== '' && !paymentId.includes(':');
}

export const isProrationPayment = (paymentId: string) => paymentId.startsWith('proration:');

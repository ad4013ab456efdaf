/**
 * The shape of the ids Razorpay (and our built-in gateway) hand out: order_…, pay_…, letters, digits.
 * Anything else sent as an id is refused before it reaches the database, which matters for more
 * than tidiness: PostgreSQL text cannot hold U+0000, and SQLite cannot bind objects.
 */
const GATEWAY_ID = /^[A-Za-z0-9_.-]{1,100}$/;

export function isGatewayId(value: unknown): value is string {
  return typeof value === 'string' && GATEWAY_ID.test(value);
}

/**
 * The closed set of refusals of the claim, order and payment rules. Services throw these with a
 * sentence for the person; `orders.routes.ts` alone decides the HTTP status and code of each.
 */
export type OrderRefusal =
  /** Someone else owns or holds the username. */
  | 'name_taken'
  /** This person already publishes this template there: Submit updates it for free. */
  | 'already_published'
  /** This person's own page is past its term's grace period: free updates end, renewing is needed. */
  | 'term_ended'
  /** This person holds as many unpaid usernames as anyone may. */
  | 'hold_limit'
  /** The template has no price, so it is not for sale. */
  | 'price_missing'
  /** A renewal of a username this person does not publish. */
  | 'not_owner'
  /** No order with that id for this person. */
  | 'order_not_found'
  /** The payment's signature does not match the order. */
  | 'payment_unverified'
  /** The provider's payment is not for this order, not of its amount, or not completed. */
  | 'payment_not_confirmed'
  /** The payment provider refused the order or could not be reached. */
  | 'gateway_unavailable';

export class OrderError extends Error {
  constructor(
    readonly refusal: OrderRefusal,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'OrderError';
  }
}

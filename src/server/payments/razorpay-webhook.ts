import { createHash } from 'node:crypto';
import { isGatewayId } from './ids.js';
import { hmacHex, signaturesMatch } from './signatures.js';

/** A webhook delivery as the orders slice needs it; every field checked, nothing assumed. */
export interface WebhookEvent {
  /** Razorpay's `x-razorpay-event-id`, or a hash of the body when it sent none. */
  eventId: string;
  /** e.g. `order.paid`, `payment.captured`, `payment.failed`; `unknown` when malformed. */
  type: string;
  paymentId?: string;
  gatewayOrderId?: string;
  /** The body as received, kept for the record. */
  payload: string;
}

/** What we read of an event's JSON; every leaf is checked before use. */
interface RawEvent {
  event?: unknown;
  payload?: {
    payment?: { entity?: { id?: unknown; order_id?: unknown } };
    order?: { entity?: { id?: unknown } };
  };
}

/** Razorpay signs the exact bytes of the body: HMAC-SHA256 with the webhook secret. */
export function webhookSignatureMatches(secret: string, raw: Buffer, signature: unknown): boolean {
  return typeof signature === 'string' && signaturesMatch(hmacHex(secret, raw), signature);
}

/**
 * Reads a signed delivery. Signed by Razorpay, but read defensively all the same: only
 * well-formed values go on. Answers a sentence instead when the body is not a JSON object.
 */
export function readWebhookEvent(
  raw: Buffer,
  eventIdHeader: unknown,
): { ok: true; event: WebhookEvent } | { ok: false; problem: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    return { ok: false, problem: 'The webhook body is not valid JSON.' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { ok: false, problem: 'The webhook body is not a JSON object.' };
  }
  const event = parsed as RawEvent;
  const eventId =
    typeof eventIdHeader === 'string' && eventIdHeader
      ? eventIdHeader
      : `sha256:${createHash('sha256').update(raw).digest('hex')}`;
  const type =
    typeof event.event === 'string' && /^[a-z0-9_.]{1,100}$/i.test(event.event)
      ? event.event
      : 'unknown';
  const payment = event.payload?.payment?.entity;
  const paymentId = isGatewayId(payment?.id) ? payment.id : undefined;
  const gatewayOrderId = [payment?.order_id, event.payload?.order?.entity?.id].find(isGatewayId);
  return {
    ok: true,
    event: { eventId, type, paymentId, gatewayOrderId, payload: raw.toString('utf8') },
  };
}

/** The events that mean the person paid: the payment is then confirmed (and captured) with the provider. */
export function isPaidEvent(event: WebhookEvent): boolean {
  return ['payment.authorized', 'payment.captured', 'order.paid'].includes(event.type);
}

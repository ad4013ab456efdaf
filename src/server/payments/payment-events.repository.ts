import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';

/** What a gateway told us about a payment: webhook deliveries and declined built-in payments. */
export interface PaymentEvent {
  gateway: string;
  /** Unique: a delivery seen before is recognised by it. */
  eventId: string;
  eventType: string;
  gatewayOrderId: string | null;
  payload: string;
  receivedAt: string;
}

export async function hasPaymentEvent(db: Db, eventId: string): Promise<boolean> {
  const row = await db
    .selectFrom('payment_events')
    .select('id')
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function recordPaymentEvent(db: Db, event: PaymentEvent): Promise<void> {
  await db
    .insertInto('payment_events')
    .values({
      id: randomUUID(),
      gateway: event.gateway,
      event_id: event.eventId,
      event_type: event.eventType,
      gateway_order_id: event.gatewayOrderId,
      payload: event.payload,
      received_at: event.receivedAt,
    })
    .execute();
}

import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { hmacHex, paymentSignature } from '../src/server/payments/signatures.js';

/** The test account's keys: the fake and the server under test are given the same ones. */
export const RAZORPAY_TEST_KEYS = {
  keyId: 'rzp_test_local123',
  keySecret: 'local-key-secret',
  webhookSecret: 'local-webhook-secret',
} as const;

/** The server's variables for the test account, its API at `apiBase` (usually the fake's url). */
export function razorpayEnv(apiBase: string): Record<string, string> {
  return {
    RAZORPAY_KEY_ID: RAZORPAY_TEST_KEYS.keyId,
    RAZORPAY_KEY_SECRET: RAZORPAY_TEST_KEYS.keySecret,
    RAZORPAY_WEBHOOK_SECRET: RAZORPAY_TEST_KEYS.webhookSecret,
    RAZORPAY_API_BASE: apiBase,
  };
}

type PaymentStatus = 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';

interface FakeOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

interface FakePayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: PaymentStatus;
  order_id: string;
  method: 'upi';
  amount_refunded: number;
  refund_status: null | 'partial' | 'full';
  captured: boolean;
  email: string;
  contact: string;
  notes: Record<string, string>;
  error_code: null;
  error_description: null;
  created_at: number;
}

/** What the checkout hands the page (or POSTs to callback_url) after a payment. */
export interface SignedPayment {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

export interface FakeRazorpay {
  url: string;
  /** Orders it accepted, as their bodies arrived. */
  orders: Record<string, unknown>[];
  /**
   * What the next order requests get: normal service, a 5xx, or a refusal with Razorpay's error
   * body; or, as a broken network or an overloaded edge would: `bad_gateway` (a 502 page in
   * HTML), `drop` (the connection closed without an answer), `hang` (no answer until
   * releaseHung()).
   */
  mode: 'ok' | 'server_error' | 'refuse' | 'bad_gateway' | 'drop' | 'hang';
  /** The account's capture setting: `auto` captures on payment, `manual` leaves it authorized. */
  captureMode: 'auto' | 'manual';
  /** How many order requests arrived (whatever was answered). */
  requests: number;
  /** Every API call, as `METHOD path`, in order. */
  calls: string[];
  /** The next `count` API calls (any endpoint, or those whose path contains `path`) get `status`. */
  failNext(count: number, status: number, path?: string): void;
  /** Refuse the next capture(s) with a BAD_REQUEST_ERROR, as a provider-side refusal. */
  refuseCaptures: number;
  /** Where it delivers webhooks, and what it does with them. */
  webhooks: {
    url?: string;
    secret: string;
    /** Deliver each event twice (distinct deliveries of one event id). */
    duplicate: boolean;
    /** Deliver a payment's events newest first (payment.captured before payment.authorized). */
    reverse: boolean;
    /** Every delivery made: event, its id and our answer's status. */
    delivered: { event: string; id: string; status: number }[];
  };
  /**
   * Pays an order as the checkout would: a payment of `amount` (the order's by default) becomes
   * authorized, and captured too on an auto-capture account; webhooks go out if configured.
   * Answers the signed fields the checkout hands the page.
   */
  pay(orderId: string, options?: { amount?: number; deliver?: boolean }): Promise<SignedPayment>;
  payment(paymentId: string): FakePayment | undefined;
  /** How many requests are being held by `hang` right now. */
  hung(): number;
  /** Ends every hung request by closing its connection. */
  releaseHung(): void;
  close(): Promise<void>;
}

const readBody = async (request: IncomingMessage) => {
  let raw = '';
  for await (const chunk of request) raw += String(chunk);
  return raw;
};

const now = () => Math.floor(Date.now() / 1000);
const badRequest = (description: string, field?: string) => ({
  error: {
    code: 'BAD_REQUEST_ERROR',
    description,
    source: 'business',
    step: 'payment_initiation',
    reason: 'input_validation_failed',
    metadata: {},
    ...(field ? { field } : {}),
  },
});

/**
 * A local peer speaking the part of Razorpay's API the server uses, with Razorpay's rules: Basic
 * auth; orders (amount integer >= 100 paise, currency INR, receipt <= 40 characters, at most 15
 * notes of <= 256 characters); payments that are authorized, captured (by the account or by a
 * capture call of the exact amount) and refunded (only when captured); error bodies in Razorpay's
 * shape; injectable 429/5xx; and webhooks it signs and sends itself, at least once, optionally
 * twice and out of order. Anything else it is asked is a 404, which fails the test that caused it.
 */
export async function startFakeRazorpay(
  keyId: string = RAZORPAY_TEST_KEYS.keyId,
  keySecret: string = RAZORPAY_TEST_KEYS.keySecret,
): Promise<FakeRazorpay> {
  const hung = new Set<Socket>();
  const orders = new Map<string, FakeOrder>();
  const payments = new Map<string, FakePayment>();
  const failures: { status: number; path?: string }[] = [];

  const event = (type: string, payment: FakePayment) => {
    const order = orders.get(payment.order_id)!;
    return {
      entity: 'event',
      account_id: 'acc_fake',
      event: type,
      contains: type === 'order.paid' ? ['payment', 'order'] : ['payment'],
      payload: {
        payment: { entity: { ...payment } },
        ...(type === 'order.paid' ? { order: { entity: { ...order } } } : {}),
      },
      created_at: now(),
    };
  };

  const deliver = async (events: ReturnType<typeof event>[]) => {
    const hooks = fake.webhooks;
    if (!hooks.url) return;
    const withIds = events.map((body) => ({ body, id: `evt_${randomBytes(7).toString('hex')}` }));
    const ordered = hooks.reverse ? [...withIds].reverse() : withIds;
    const sends = hooks.duplicate ? [...ordered, ...ordered] : ordered;
    for (const { body, id } of sends) {
      const raw = JSON.stringify(body);
      const response = await fetch(hooks.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': hmacHex(hooks.secret, raw),
          'x-razorpay-event-id': id,
        },
        body: raw,
      });
      await response.arrayBuffer();
      hooks.delivered.push({ event: body.event, id, status: response.status });
    }
  };

  const capture = (payment: FakePayment) => {
    payment.status = 'captured';
    payment.captured = true;
    const order = orders.get(payment.order_id)!;
    order.status = 'paid';
    order.amount_paid = order.amount;
    order.amount_due = 0;
  };

  const fake: FakeRazorpay = {
    url: '',
    orders: [],
    mode: 'ok',
    captureMode: 'auto',
    requests: 0,
    calls: [],
    failNext: (count, status, path) => {
      for (let i = 0; i < count; i += 1) failures.push({ status, path });
    },
    refuseCaptures: 0,
    webhooks: { secret: '', duplicate: false, reverse: false, delivered: [] },
    pay: async (orderId, options = {}) => {
      const order = orders.get(orderId);
      if (!order) throw new Error(`fake Razorpay has no order ${orderId}`);
      const payment: FakePayment = {
        id: `pay_${randomBytes(7).toString('hex')}`,
        entity: 'payment',
        amount: options.amount ?? order.amount,
        currency: order.currency,
        status: 'authorized',
        order_id: orderId,
        method: 'upi',
        amount_refunded: 0,
        refund_status: null,
        captured: false,
        email: 'buyer@example.com',
        contact: '+919999999999',
        notes: {},
        error_code: null,
        error_description: null,
        created_at: now(),
      };
      payments.set(payment.id, payment);
      order.attempts += 1;
      order.status = 'attempted';
      const events = [event('payment.authorized', payment)];
      if (fake.captureMode === 'auto') {
        capture(payment);
        events.push(event('payment.captured', payment), event('order.paid', payment));
      }
      if (options.deliver !== false) await deliver(events);
      return {
        razorpay_order_id: orderId,
        razorpay_payment_id: payment.id,
        razorpay_signature: paymentSignature(keySecret, orderId, payment.id),
      };
    },
    payment: (paymentId) => payments.get(paymentId),
    hung: () => hung.size,
    releaseHung: () => {
      for (const socket of hung) socket.destroy();
      hung.clear();
    },
    close: async () => {},
  };

  /** A capture we made sends its webhooks too, as Razorpay does. */
  const afterCapture: FakePayment[] = [];

  const server: Server = createServer(async (request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const raw = await readBody(request);
    const expected = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
    if (request.headers.authorization !== expected) {
      return send(401, {
        error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' },
      });
    }
    const path = (request.url ?? '').split('?')[0]!;
    fake.calls.push(`${request.method} ${path}`);
    const failure = failures.findIndex((f) => f.path === undefined || path.includes(f.path));
    if (failure >= 0) {
      const { status } = failures.splice(failure, 1)[0]!;
      if (status === 429) {
        response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '0' });
        return response.end(
          JSON.stringify(badRequest('Too many requests. Please try after some time.')),
        );
      }
      return send(status, {
        error: { code: 'SERVER_ERROR', description: 'The server encountered an error.' },
      });
    }
    let body: Record<string, unknown>;
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    } catch {
      return send(400, badRequest('The request body is not valid JSON'));
    }

    if (request.method === 'POST' && path === '/v1/orders') return createOrder(body);
    const ofOrder = /^\/v1\/orders\/([^/]+)\/payments$/.exec(path);
    if (ofOrder && request.method === 'GET') {
      const orderId = decodeURIComponent(ofOrder[1]!);
      if (!orders.has(orderId))
        return send(400, badRequest('The id provided does not exist', 'id'));
      // Newest first, as Razorpay lists them.
      const items = [...payments.values()].filter((p) => p.order_id === orderId).reverse();
      return send(200, { entity: 'collection', count: items.length, items });
    }
    const match = /^\/v1\/payments\/([^/]+)(\/capture|\/refund)?$/.exec(path);
    const payment = match ? payments.get(decodeURIComponent(match[1]!)) : undefined;
    if (match && !payment) return send(400, badRequest('The id provided does not exist', 'id'));
    if (payment && request.method === 'GET' && !match![2]) return send(200, payment);
    if (payment && request.method === 'POST' && match![2] === '/capture') {
      if (fake.refuseCaptures > 0) {
        fake.refuseCaptures -= 1;
        return send(400, badRequest('Capture is not allowed for this payment right now'));
      }
      if (payment.status === 'captured' || payment.status === 'refunded') {
        return send(400, badRequest('This payment has already been captured'));
      }
      if (payment.status !== 'authorized') {
        return send(400, badRequest('Only payments which have been authorized can be captured'));
      }
      if (body.amount !== payment.amount || body.currency !== payment.currency) {
        return send(
          400,
          badRequest('Capture amount must be equal to the amount authorized', 'amount'),
        );
      }
      capture(payment);
      afterCapture.push(payment);
      send(200, payment);
      // After answering, as Razorpay's webhooks follow the API call.
      const captured = afterCapture.splice(0);
      void deliver(
        captured.flatMap((p) => [event('payment.captured', p), event('order.paid', p)]),
      ).catch(() => {});
      return;
    }
    if (payment && request.method === 'POST' && match![2] === '/refund') {
      if (payment.status !== 'captured') {
        return send(400, badRequest('Only captured payments can be refunded', 'payment_id'));
      }
      const amount =
        body.amount === undefined ? payment.amount - payment.amount_refunded : body.amount;
      if (!Number.isInteger(amount) || (amount as number) < 100) {
        return send(400, badRequest('The refund amount must be atleast INR 1.00', 'amount'));
      }
      if ((amount as number) > payment.amount - payment.amount_refunded) {
        return send(400, badRequest('The refund amount exceeds the amount captured', 'amount'));
      }
      payment.amount_refunded += amount as number;
      const full = payment.amount_refunded === payment.amount;
      payment.refund_status = full ? 'full' : 'partial';
      if (full) payment.status = 'refunded';
      return send(200, {
        id: `rfnd_${randomBytes(7).toString('hex')}`,
        entity: 'refund',
        amount,
        currency: payment.currency,
        payment_id: payment.id,
        status: 'processed',
        speed_processed: 'normal',
        created_at: now(),
      });
    }
    return send(404, {
      error: { code: 'NOT_FOUND', description: `no route ${request.method} ${request.url}` },
    });

    function createOrder(order: Record<string, unknown>) {
      fake.requests += 1;
      if (fake.mode === 'drop') return request.socket.destroy();
      if (fake.mode === 'hang') {
        hung.add(request.socket);
        return;
      }
      if (fake.mode === 'bad_gateway') {
        response.writeHead(502, { 'content-type': 'text/html' });
        return response.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
      }
      if (fake.mode === 'server_error')
        return send(503, { error: { code: 'SERVER_ERROR', description: 'Service unavailable' } });
      if (fake.mode === 'refuse') {
        return send(400, badRequest('Order creation is disabled for this account'));
      }
      const amount = order.amount;
      if (!Number.isInteger(amount) || (amount as number) < 100) {
        return send(400, badRequest('The amount must be atleast INR 1.00', 'amount'));
      }
      if (order.currency !== 'INR') {
        return send(400, badRequest('The currency is invalid', 'currency'));
      }
      const receipt = order.receipt;
      if (receipt !== undefined && (typeof receipt !== 'string' || receipt.length > 40)) {
        return send(
          400,
          badRequest('The receipt may not be greater than 40 characters', 'receipt'),
        );
      }
      const notes = (order.notes ?? {}) as Record<string, unknown>;
      const entries = Object.entries(notes);
      if (entries.length > 15) {
        return send(
          400,
          badRequest('Number of fields in notes should be less than or equal to 15', 'notes'),
        );
      }
      if (entries.some(([, value]) => typeof value !== 'string' || value.length > 256)) {
        return send(
          400,
          badRequest('The notes value may not be greater than 256 characters', 'notes'),
        );
      }
      fake.orders.push(order);
      const created: FakeOrder = {
        id: `order_${randomBytes(7).toString('hex')}`,
        entity: 'order',
        amount: amount as number,
        amount_paid: 0,
        amount_due: amount as number,
        currency: 'INR',
        receipt: (receipt as string | undefined) ?? null,
        status: 'created',
        attempts: 0,
        notes: notes as Record<string, string>,
        created_at: now(),
      };
      orders.set(created.id, created);
      return send(200, created);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  fake.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  fake.close = () => {
    fake.releaseHung();
    return new Promise((resolve) => server.close(() => resolve()));
  };
  return fake;
}

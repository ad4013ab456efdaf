import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';

export interface FakeRazorpay {
  url: string;
  /** Orders it accepted, as their bodies arrived. */
  orders: Record<string, unknown>[];
  /** What the next requests get: normal service, a 5xx, or a refusal with Razorpay's error body. */
  mode: 'ok' | 'server_error' | 'refuse';
  close(): Promise<void>;
}

const readBody = async (request: IncomingMessage) => {
  let raw = '';
  for await (const chunk of request) raw += String(chunk);
  return raw;
};

/**
 * A local peer speaking Razorpay's Orders API: Basic auth with key id and secret, amounts in
 * paise (at least 100), Razorpay's error body shape. Anything else it is asked is a 404, which
 * fails the test that caused it.
 */
export async function startFakeRazorpay(keyId: string, keySecret: string): Promise<FakeRazorpay> {
  const fake: FakeRazorpay = { url: '', orders: [], mode: 'ok', close: async () => {} };
  const server: Server = createServer(async (request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const body = await readBody(request);
    if (request.method !== 'POST' || request.url !== '/v1/orders') {
      return send(404, {
        error: { code: 'NOT_FOUND', description: `no route ${request.method} ${request.url}` },
      });
    }
    const expected = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
    if (request.headers.authorization !== expected) {
      return send(401, {
        error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' },
      });
    }
    if (fake.mode === 'server_error')
      return send(503, { error: { code: 'SERVER_ERROR', description: 'Service unavailable' } });
    if (fake.mode === 'refuse') {
      return send(400, {
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: 'Order creation is disabled for this account',
        },
      });
    }
    const order = JSON.parse(body) as {
      amount: number;
      currency: string;
      receipt: string;
      notes: Record<string, string>;
    };
    if (!Number.isInteger(order.amount) || order.amount < 100) {
      return send(400, {
        error: { code: 'BAD_REQUEST_ERROR', description: 'The amount must be atleast INR 1.00' },
      });
    }
    fake.orders.push(order);
    return send(200, {
      id: `order_${randomBytes(7).toString('hex')}`,
      entity: 'order',
      amount: order.amount,
      amount_paid: 0,
      amount_due: order.amount,
      currency: order.currency,
      receipt: order.receipt,
      status: 'created',
      notes: order.notes,
      created_at: Math.floor(Date.now() / 1000),
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  fake.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}

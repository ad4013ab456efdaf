import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Socket } from 'node:net';

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
  /** How many order requests arrived (whatever was answered). */
  requests: number;
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

/**
 * A local peer speaking Razorpay's Orders API: Basic auth with key id and secret, amounts in
 * paise (at least 100), Razorpay's error body shape. Anything else it is asked is a 404, which
 * fails the test that caused it.
 */
export async function startFakeRazorpay(keyId: string, keySecret: string): Promise<FakeRazorpay> {
  const hung = new Set<Socket>();
  const fake: FakeRazorpay = {
    url: '',
    orders: [],
    mode: 'ok',
    requests: 0,
    hung: () => hung.size,
    releaseHung: () => {
      for (const socket of hung) socket.destroy();
      hung.clear();
    },
    close: async () => {},
  };
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
  fake.close = () => {
    fake.releaseHung();
    return new Promise((resolve) => server.close(() => resolve()));
  };
  return fake;
}

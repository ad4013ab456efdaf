import { setTimeout as sleep } from 'node:timers/promises';
import {
  GatewayError,
  type GatewayOrder,
  type GatewayPayment,
  type GatewayPaymentStatus,
  type GatewayRefund,
  type PaymentGateway,
} from './gateway.js';

/** Well inside the 15-minute username hold, and short enough for a person to wait out. */
const TIMEOUT_MS = 10_000;

/** Bounded back-off for 429, 5xx and network errors: three attempts, 250 ms then 1 s. */
const RETRY_DELAYS_MS = [250, 1000];
/** Retry-After is honoured, but never makes a person wait longer than this per attempt. */
const MAX_RETRY_AFTER_MS = 2000;

interface RazorpayErrorBody {
  error?: { code?: string; description?: string };
}

interface RazorpayPaymentBody {
  id?: unknown;
  order_id?: unknown;
  amount?: unknown;
  currency?: unknown;
  status?: unknown;
}

const PAYMENT_STATUSES = new Set<GatewayPaymentStatus>([
  'created',
  'authorized',
  'captured',
  'refunded',
  'failed',
]);

/** Whether Razorpay's refusal of a capture means the payment was captured before. */
const alreadyCaptured = (description: string) => /already been captured/i.test(description);

function readPayment(body: RazorpayPaymentBody): GatewayPayment {
  const status = String(body.status) as GatewayPaymentStatus;
  if (typeof body.id !== 'string' || !PAYMENT_STATUSES.has(status)) {
    throw new GatewayError(
      'The payment service gave an answer we could not read. Please try again in a moment.',
      `unreadable payment ${JSON.stringify(body).slice(0, 200)}`,
      true,
    );
  }
  return {
    id: body.id,
    orderId: typeof body.order_id === 'string' ? body.order_id : null,
    amount: Number(body.amount),
    currency: String(body.currency),
    status,
  };
}

/**
 * Razorpay's Orders, Payments and Refunds APIs over fetch (the official SDK hard-codes its host,
 * so tests could not point it at a local peer): {apiBase}/v1/... with Basic auth, amounts in paise.
 */
export class RazorpayGateway implements PaymentGateway {
  readonly kind = 'razorpay' as const;

  constructor(
    readonly keyId: string,
    readonly keySecret: string,
    readonly webhookSecret: string,
    private readonly apiBase: string,
    private readonly timeoutMs = TIMEOUT_MS,
  ) {}

  async createOrder(order: {
    amount: number;
    currency: string;
    receipt: string;
    notes: Record<string, string>;
  }): Promise<GatewayOrder> {
    // Repeating an order creation is safe: if the first attempt did reach Razorpay, its order
    // is simply never paid, and an unpaid Razorpay order costs nothing and expires on its own.
    const body = await this.call(
      'POST',
      '/v1/orders',
      // Razorpay limits: receipt at most 40 characters, at most 15 notes.
      { ...order, receipt: order.receipt.slice(0, 40) },
      undefined,
      'the order',
    );
    if (typeof body.id !== 'string') {
      throw new GatewayError(
        'The payment service gave an answer we could not read. Nothing was charged; please try again in a moment.',
        `order without id ${JSON.stringify(body).slice(0, 200)}`,
        true,
      );
    }
    return { id: body.id, amount: Number(body.amount), currency: String(body.currency) };
  }

  async fetchPayment(paymentId: string): Promise<GatewayPayment> {
    return readPayment(await this.call('GET', `/v1/payments/${encodeURIComponent(paymentId)}`));
  }

  async listOrderPayments(gatewayOrderId: string): Promise<GatewayPayment[]> {
    const body = await this.call(
      'GET',
      `/v1/orders/${encodeURIComponent(gatewayOrderId)}/payments`,
    );
    if (!Array.isArray(body.items)) {
      throw new GatewayError(
        'The payment service gave an answer we could not read. Please try again in a moment.',
        `unreadable payment list ${JSON.stringify(body).slice(0, 200)}`,
        true,
      );
    }
    // Razorpay lists newest first; settling takes the earliest payment that paid.
    const payments = (body.items as RazorpayPaymentBody[]).map(readPayment);
    return payments.reverse();
  }

  async capturePayment(
    paymentId: string,
    amount: number,
    currency: string,
  ): Promise<GatewayPayment> {
    // Safe to repeat: a capture that did go through makes the next attempt fail with "already
    // captured", which is read below by fetching the payment again.
    try {
      const path = `/v1/payments/${encodeURIComponent(paymentId)}/capture`;
      return readPayment(await this.call('POST', path, { amount, currency }));
    } catch (error) {
      if (error instanceof GatewayError && alreadyCaptured(error.detail)) {
        return this.fetchPayment(paymentId);
      }
      throw error;
    }
  }

  async refundPayment(paymentId: string, amount?: number): Promise<GatewayRefund> {
    // Not repeated on failure: a refund that reached Razorpay and timed out on the way back
    // would be made twice. The caller checks the payment and asks again.
    const body = await this.call(
      'POST',
      `/v1/payments/${encodeURIComponent(paymentId)}/refund`,
      amount === undefined ? {} : { amount },
      1,
      'the refund',
    );
    return {
      id: String(body.id),
      paymentId: String(body.payment_id),
      amount: Number(body.amount),
      status: String(body.status),
    };
  }

  /** One API call, retried on 429, 5xx and network errors up to `attempts` times. */
  private async call(
    method: 'GET' | 'POST',
    path: string,
    payload?: unknown,
    attempts = RETRY_DELAYS_MS.length + 1,
    what = 'the request',
  ): Promise<Record<string, unknown>> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.once(method, path, payload, what);
      } catch (error) {
        if (!(error instanceof RetryableError) || attempt >= attempts) {
          throw error instanceof RetryableError ? error.final : error;
        }
        const backoff = RETRY_DELAYS_MS[attempt - 1] ?? RETRY_DELAYS_MS.at(-1)!;
        await sleep(Math.min(Math.max(backoff, error.retryAfterMs ?? 0), MAX_RETRY_AFTER_MS));
      }
    }
  }

  private async once(
    method: 'GET' | 'POST',
    path: string,
    payload: unknown,
    what: string,
  ): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await fetch(`${this.apiBase}${path}`, {
        method,
        headers: {
          authorization: `Basic ${Buffer.from(`${this.keyId}:${this.keySecret}`).toString('base64')}`,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: payload === undefined ? undefined : JSON.stringify(payload),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      const final = new GatewayError(
        timedOut
          ? 'The payment service is not answering. Nothing was charged; please try again in a moment.'
          : 'The payment service could not be reached. Nothing was charged; please try again in a moment.',
        error instanceof Error
          ? `${error.message} ${String(error.cause ?? '')}`.trim()
          : String(error),
        true,
      );
      // A timed-out call has already made the person wait its whole length: not again.
      if (timedOut) throw final;
      throw new RetryableError(final);
    }
    const body = (await response.json().catch(() => ({}))) as RazorpayErrorBody &
      Record<string, unknown>;
    if (response.ok) return body;
    const description = body.error?.description ?? `HTTP ${response.status}`;
    const detail = `${response.status} ${body.error?.code ?? ''} ${description}`;
    if (response.status === 429 || response.status >= 500) {
      const final = new GatewayError(
        'The payment service is having trouble. Nothing was charged; please try again in a moment.',
        detail,
        true,
      );
      const retryAfter = Number(response.headers.get('retry-after'));
      throw new RetryableError(final, Number.isFinite(retryAfter) ? retryAfter * 1000 : undefined);
    }
    throw new GatewayError(`The payment service refused ${what}: ${description}`, detail);
  }
}

/** A failure worth another attempt; `final` is what the caller sees when attempts run out. */
class RetryableError extends Error {
  constructor(
    readonly final: GatewayError,
    readonly retryAfterMs?: number,
  ) {
    super(final.message);
  }
}

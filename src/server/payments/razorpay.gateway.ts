import { GatewayError, type GatewayOrder, type PaymentGateway } from './gateway.js';

/** Well inside the 15-minute username hold, and short enough for a person to wait out. */
const TIMEOUT_MS = 10_000;

interface RazorpayErrorBody {
  error?: { code?: string; description?: string };
}

/**
 * Razorpay's Orders API over fetch (the official SDK hard-codes its host, so tests could not
 * point it at a local peer): POST {apiBase}/v1/orders with Basic auth, amount in paise.
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
    let response: Response;
    try {
      response = await fetch(`${this.apiBase}/v1/orders`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${this.keyId}:${this.keySecret}`).toString('base64')}`,
          'content-type': 'application/json',
        },
        // Razorpay limits: receipt at most 40 characters, at most 15 notes.
        body: JSON.stringify({ ...order, receipt: order.receipt.slice(0, 40) }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new GatewayError(
        timedOut
          ? 'The payment service is not answering. Nothing was charged; please try again in a moment.'
          : 'The payment service could not be reached. Nothing was charged; please try again in a moment.',
        error instanceof Error
          ? `${error.message} ${String(error.cause ?? '')}`.trim()
          : String(error),
      );
    }
    const body = (await response.json().catch(() => ({}))) as RazorpayErrorBody &
      Partial<GatewayOrder>;
    if (!response.ok || typeof body.id !== 'string') {
      const description = body.error?.description ?? `HTTP ${response.status}`;
      throw new GatewayError(
        response.status >= 500
          ? 'The payment service is having trouble. Nothing was charged; please try again in a moment.'
          : `The payment service refused the order: ${description}`,
        `${response.status} ${body.error?.code ?? ''} ${description}`,
      );
    }
    return { id: body.id, amount: Number(body.amount), currency: String(body.currency) };
  }
}

import type {
  BuiltinGatewayFailure,
  BuiltinGatewayRequest,
  VerifyPaymentRequest,
} from '../../shared/orders.js';
import { api } from '../api/http.js';

function isBuiltinGatewayFailure(value: unknown): value is BuiltinGatewayFailure {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const { error } = value as { error: unknown };
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { description?: unknown }).description === 'string'
  );
}

const post = (path: string, orderId: string) => {
  const body: BuiltinGatewayRequest = { order_id: orderId };
  return api<unknown>(path, { method: 'POST', body: JSON.stringify(body) });
};

/** "Pays" an order of the built-in gateway: the server signs the result exactly as Razorpay would. */
export async function payBuiltinGatewayOrder(orderId: string): Promise<VerifyPaymentRequest> {
  return (await post('/test-gateway/pay', orderId)) as VerifyPaymentRequest;
}

/** Fails an order of the built-in gateway on purpose; answers the payment.failed description to show. */
export async function failBuiltinGatewayOrder(orderId: string): Promise<string> {
  const answer = await post('/test-gateway/fail', orderId);
  return isBuiltinGatewayFailure(answer)
    ? answer.error.description
    : 'The test payment failed (the test gateway gave no reason).';
}

import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { BuiltinGateway } from './builtin-gateway.js';
import type { PaymentGateway } from './gateway.js';
import { RazorpayGateway } from './razorpay.gateway.js';

/** Razorpay when its keys are set, the built-in test gateway otherwise (the server and the CLI). */
export function createGateway(config: Config, db: Db): PaymentGateway {
  const payments = config.payments;
  return payments.kind === 'razorpay'
    ? new RazorpayGateway(
        payments.keyId,
        payments.keySecret,
        payments.webhookSecret,
        payments.apiBase,
      )
    : new BuiltinGateway(config.sessionSecret, db);
}

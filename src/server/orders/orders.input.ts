import {
  claimableUsernameProblem,
  normaliseUsername,
  usernameProblem,
} from '../../shared/domain/username.js';
import {
  GST_STATES,
  GSTIN_LENGTH,
  gstinMessage,
  stateOfGstin,
} from '../../shared/domain/receipts.js';
import { BILLING_LIMITS } from '../../shared/orders.js';
import { badRequest } from '../http/errors.js';
import { isGatewayId } from '../payments/ids.js';
import { readPortfolioInput } from '../portfolios/portfolio.input.js';
import type {
  ClaimInput,
  OrderInput,
  PaymentInput,
  RenewalInput,
  StoredBilling,
} from './orders.types.js';

/** The request bodies of the claim, order and verify routes, checked whatever the page did. */

const asFields = (body: unknown) =>
  (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;

/** Fields every claim and order carries. */
export function readClaim(body: unknown): ClaimInput {
  const input = asFields(body);
  const username = readUsername(input.username);
  // Names already held keep working (renewals read them with readUsername); new ones may not be kept names.
  const reserved = claimableUsernameProblem(username);
  if (reserved) throw badRequest(`username: ${reserved}`, 'username');
  return { username, ...readPortfolioInput(input) };
}

/** A username from a body or an address, lowercased and checked. */
export function readUsername(value: unknown): string {
  if (typeof value !== 'string') throw badRequest('username is required', 'username');
  const username = normaliseUsername(value);
  const problem = usernameProblem(username);
  if (problem) throw badRequest(`username: ${problem}`, 'username');
  return username;
}

/** POST /create-order: a claim, in rupees, with the page's receipt. Amounts sent are ignored. */
export function readOrder(body: unknown): OrderInput {
  const claim = readClaim(body);
  const input = asFields(body);
  return { ...claim, receipt: readReceipt(input), billing: readBilling(input.billing) };
}

/** POST /api/renewals: the username and the page's receipt; the server knows the rest. */
export function readRenewal(body: unknown): RenewalInput {
  const input = asFields(body);
  return {
    username: readUsername(input.username),
    receipt: readReceipt(input),
    billing: readBilling(input.billing),
  };
}

/** The optional billing details, as stored on the order: blanks dropped, the GSTIN checked. */
export function readBilling(value: unknown): StoredBilling {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest('billing must be an object', 'billing');
  }
  const fields = value as Record<string, unknown>;
  const text = (key: 'name' | 'address' | 'gstin' | 'state', max: number) => {
    const raw = fields[key];
    if (raw === undefined || raw === null) return undefined;
    if (typeof raw !== 'string' || raw.length > max * 2) {
      throw badRequest(
        `billing.${key} must be text of at most ${max} characters`,
        `billing.${key}`,
      );
    }
    const trimmed = raw.trim().replace(/\r\n?/g, '\n');
    if (trimmed.length > max) {
      throw badRequest(`billing.${key} must be at most ${max} characters`, `billing.${key}`);
    }
    return trimmed === '' ? undefined : trimmed;
  };
  const name = text('name', BILLING_LIMITS.name);
  const address = text('address', BILLING_LIMITS.address);
  const gstin = text('gstin', GSTIN_LENGTH)?.toUpperCase();
  const state = text('state', 2);
  const problem = gstinMessage(gstin);
  if (problem) throw badRequest(problem, 'billing.gstin');
  if (state && !GST_STATES[state]) {
    throw badRequest(
      'billing.state must be a GST state code such as 29 (Karnataka)',
      'billing.state',
    );
  }
  return {
    billing_name: name ?? null,
    billing_address: address ?? null,
    billing_gstin: gstin ?? null,
    billing_state: gstin ? stateOfGstin(gstin) : (state ?? null),
  };
}

function readReceipt(input: Record<string, unknown>): string {
  if (input.currency !== 'INR') throw badRequest('currency must be INR', 'currency');
  const receipt =
    typeof input.receipt === 'string' || typeof input.receipt === 'number'
      ? String(input.receipt)
      : '';
  if (!/^[\w.-]{1,40}$/.test(receipt)) {
    throw badRequest(
      'receipt must be 1-40 letters, digits, dots or hyphens (the current timestamp)',
      'receipt',
    );
  }
  return receipt;
}

const PAYMENT_FIELDS = ['razorpay_order_id', 'razorpay_payment_id', 'razorpay_signature'] as const;

/** POST /verify-payment: what the checkout handed the page. */
export function readPayment(body: unknown): PaymentInput {
  const input = asFields(body);
  for (const field of PAYMENT_FIELDS) {
    const value = input[field];
    if (typeof value !== 'string' || value === '') throw badRequest(`${field} is required`, field);
    if (!isGatewayId(value)) {
      throw badRequest(`${field} is not a payment id (letters, digits, _ . - only)`, field);
    }
  }
  const fields = input as Record<(typeof PAYMENT_FIELDS)[number], string>;
  return {
    gatewayOrderId: fields.razorpay_order_id,
    paymentId: fields.razorpay_payment_id,
    signature: fields.razorpay_signature,
  };
}

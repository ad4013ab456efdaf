import { parsePortfolio } from '../../shared/domain/portfolio.js';
import { normaliseUsername, usernameProblem } from '../../shared/domain/username.js';
import { isTemplateId } from '../../shared/templates/catalog.js';
import { pickTemplateFields } from '../../shared/templates/pick-fields.js';
import { TEMPLATE_DEFINITIONS } from '../../shared/templates/registry.js';
import { badRequest } from '../http/errors.js';
import { isGatewayId } from '../payments/ids.js';
import type { ClaimInput, OrderInput, PaymentInput } from './orders.service.js';
import type { RenewalInput } from './renewals.service.js';

/** The request bodies of the claim, order and verify routes, checked whatever the page did. */

const asFields = (body: unknown) =>
  (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;

/** Fields every claim and order carries. */
export function readClaim(body: unknown): ClaimInput {
  const input = asFields(body);
  const username = readUsername(input.username);
  if (!isTemplateId(input.templateId)) {
    throw badRequest('templateId must be one of template1 to template5', 'templateId');
  }
  const parsed = parsePortfolio(input.data);
  if (!parsed.ok) {
    const field = parsed.problem.field === 'data' ? 'data' : `data.${parsed.problem.field}`;
    throw badRequest(parsed.problem.message.replace(parsed.problem.field, field), field);
  }
  // Stored data keeps only what the template shows.
  const data = pickTemplateFields(TEMPLATE_DEFINITIONS[input.templateId], parsed.data);
  return { username, templateId: input.templateId, data };
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
  return { ...claim, receipt: readReceipt(asFields(body)) };
}

/** POST /api/renewals: the username and the page's receipt; the server knows the rest. */
export function readRenewal(body: unknown): RenewalInput {
  const input = asFields(body);
  return { username: readUsername(input.username), receipt: readReceipt(input) };
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

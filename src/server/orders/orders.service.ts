import { randomUUID } from 'node:crypto';
import { parsePortfolio, type PortfolioData } from '../../shared/domain/portfolio.js';
import { discountedPaise } from '../../shared/domain/price.js';
import { normaliseUsername, portfolioUrl, usernameProblem } from '../../shared/domain/username.js';
import {
  HOLD_MINUTES,
  USERNAME_TAKEN_MESSAGE,
  type ClaimResponse,
  type CreateOrderResponse,
  type VerifyPaymentResponse,
} from '../../shared/orders.js';
import { isTemplateId, type TemplateId } from '../../shared/routes.js';
import { pickTemplateFields } from '../../shared/templates/pick-fields.js';
import { TEMPLATE_DEFINITIONS } from '../../shared/templates/registry.js';
import type { UserRow } from '../auth/users.repository.js';
import type { Db } from '../db/database.js';
import { badRequest, conflict, HttpError, notFound } from '../http/errors.js';
import { GatewayError, type PaymentGateway } from '../payments/gateway.js';
import { isGatewayId } from '../payments/ids.js';
import { paymentSignature, signaturesMatch } from '../payments/signatures.js';
import { bumpPageGeneration } from '../public-pages/page-generation.js';
import { findTemplate } from '../templates/templates.repository.js';
import { isUniqueViolation, publishPaidOrder } from './publish.service.js';

export interface OrdersContext {
  db: Db;
  gateway: PaymentGateway;
  publicUrl: () => string;
}

/** Request fields every claim and order carries, checked on the server whatever the page did. */
export function readClaim(body: unknown): {
  username: string;
  templateId: TemplateId;
  data: PortfolioData;
} {
  const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (typeof input.username !== 'string') throw badRequest('username is required', 'username');
  const username = normaliseUsername(input.username);
  const problem = usernameProblem(username);
  if (problem) throw badRequest(`username: ${problem}`, 'username');
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

const taken = () => conflict(USERNAME_TAKEN_MESSAGE, 'username');

/** "Submit" on the final preview: is the name free, ours (then update now, free), or taken? */
export async function claimUsername(
  ctx: OrdersContext,
  user: UserRow,
  claim: { username: string; templateId: TemplateId; data: PortfolioData },
  now = new Date(),
): Promise<ClaimResponse> {
  const { db } = ctx;
  const url = portfolioUrl(ctx.publicUrl(), claim.username);
  const owner = await db
    .selectFrom('usernames')
    .selectAll()
    .where('username', '=', claim.username)
    .executeTakeFirst();
  if (owner && owner.user_id !== user.id) throw taken();
  const hold = await db
    .selectFrom('username_holds')
    .selectAll()
    .where('username', '=', claim.username)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  if (hold && hold.user_id !== user.id) throw taken();
  if (!owner) return { status: 'free', username: claim.username, url };

  const portfolio = await db
    .selectFrom('portfolios')
    .selectAll()
    .where('id', '=', owner.portfolio_id)
    .executeTakeFirstOrThrow();
  if (portfolio.template_id !== claim.templateId) {
    return { status: 'owned_other_template', username: claim.username, url };
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('portfolios')
      .set({ data: JSON.stringify(claim.data), updated_at: now.toISOString() })
      .where('id', '=', portfolio.id)
      .execute();
    await bumpPageGeneration(trx);
  });
  return { status: 'updated', username: claim.username, url };
}

/**
 * POST /create-order: the amount comes from the store only. The winner of the username hold
 * (one order at a time per name, for 15 minutes) is the only one that reaches the gateway.
 */
export async function createOrder(
  ctx: OrdersContext,
  user: UserRow,
  body: unknown,
  now = new Date(),
): Promise<CreateOrderResponse> {
  const claim = readClaim(body);
  const input = body as Record<string, unknown>;
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
  const template = await findTemplate(ctx.db, claim.templateId);
  if (!template || template.price_paise === null) {
    throw badRequest(
      'This template has no price yet, so it cannot be bought right now.',
      'templateId',
    );
  }
  const amount = discountedPaise(template.price_paise, template.discount_percent);
  const stamp = now.toISOString();
  const orderId = randomUUID();
  const holdExpires = new Date(now.getTime() + HOLD_MINUTES * 60_000).toISOString();
  const credit = await ctx.db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', user.id)
    .where('status', '=', 'credit')
    .where('credit_used_by_order_id', 'is', null)
    .where('amount_paise', '>=', amount)
    .orderBy('paid_at')
    .executeTakeFirst();

  try {
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('username_holds')
        .where('username', '=', claim.username)
        .where('expires_at', '<=', stamp)
        .execute();
      const owner = await trx
        .selectFrom('usernames')
        .selectAll()
        .where('username', '=', claim.username)
        .executeTakeFirst();
      if (owner && owner.user_id !== user.id) throw taken();
      if (owner) {
        const portfolio = await trx
          .selectFrom('portfolios')
          .select('template_id')
          .where('id', '=', owner.portfolio_id)
          .executeTakeFirstOrThrow();
        if (portfolio.template_id === claim.templateId) {
          throw conflict(
            'You already publish this template at this username: use Submit to update it for free.',
            'username',
          );
        }
      }
      const hold = await trx
        .selectFrom('username_holds')
        .selectAll()
        .where('username', '=', claim.username)
        .executeTakeFirst();
      if (hold && hold.user_id !== user.id) throw taken();
      // The same person trying again: the new order takes over the hold.
      if (hold)
        await trx.deleteFrom('username_holds').where('username', '=', claim.username).execute();
      await trx
        .insertInto('orders')
        .values({
          id: orderId,
          gateway: ctx.gateway.kind,
          gateway_order_id: `pending_${orderId}`,
          user_id: user.id,
          template_id: claim.templateId,
          username: claim.username,
          data: JSON.stringify(claim.data),
          amount_paise: amount,
          currency: 'INR',
          receipt,
          status: 'created',
          payment_id: null,
          credit_used_by_order_id: null,
          created_at: stamp,
          updated_at: stamp,
          paid_at: null,
        })
        .execute();
      await trx
        .insertInto('username_holds')
        .values({
          username: claim.username,
          user_id: user.id,
          order_id: orderId,
          expires_at: holdExpires,
        })
        .execute();
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }

  if (credit) {
    const used = await ctx.db
      .updateTable('orders')
      .set({ credit_used_by_order_id: orderId, updated_at: stamp })
      .where('id', '=', credit.id)
      .where('credit_used_by_order_id', 'is', null)
      .executeTakeFirst();
    if (used.numUpdatedRows === 1n) {
      const result = await publishPaidOrder(
        ctx.db,
        orderId,
        `credit:${credit.id}`,
        ctx.publicUrl(),
        now,
      );
      if (result.status === 'published') {
        return {
          status: 'published_with_credit',
          url: result.url,
          message:
            'Your earlier payment was kept as a credit and has paid for this portfolio. No new payment was needed.',
        };
      }
    }
  }

  let gatewayOrder;
  try {
    gatewayOrder = await ctx.gateway.createOrder({
      amount,
      currency: 'INR',
      receipt,
      notes: { order: orderId, username: claim.username, template: claim.templateId },
    });
  } catch (error) {
    // Nothing may stay held for an order that cannot be paid.
    await ctx.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('username_holds').where('order_id', '=', orderId).execute();
      await trx
        .updateTable('orders')
        .set({ status: 'failed', updated_at: stamp })
        .where('id', '=', orderId)
        .execute();
    });
    // The person gets the gateway's sentence; the log gets what actually happened.
    if (error instanceof GatewayError) {
      throw new HttpError(502, 'payment_gateway', error.message, undefined, { cause: error });
    }
    throw error;
  }
  await ctx.db
    .updateTable('orders')
    .set({ gateway_order_id: gatewayOrder.id })
    .where('id', '=', orderId)
    .execute();
  return {
    status: 'payment_required',
    order_id: gatewayOrder.id,
    amount,
    currency: 'INR',
    key_id: ctx.gateway.keyId,
    gateway: ctx.gateway.kind,
    prefill: { name: user.name, email: user.email },
    hold_expires_at: holdExpires,
  };
}

const PAYMENT_FIELDS = ['razorpay_order_id', 'razorpay_payment_id', 'razorpay_signature'] as const;

/** POST /verify-payment: the checkout's result, checked against the order we stored for this user. */
export async function verifyPayment(
  ctx: OrdersContext,
  user: UserRow,
  body: unknown,
): Promise<VerifyPaymentResponse> {
  const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  for (const field of PAYMENT_FIELDS) {
    const value = input[field];
    if (typeof value !== 'string' || value === '') throw badRequest(`${field} is required`, field);
    if (!isGatewayId(value)) {
      throw badRequest(`${field} is not a payment id (letters, digits, _ . - only)`, field);
    }
  }
  const {
    razorpay_order_id: gatewayOrderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: signature,
  } = input as Record<(typeof PAYMENT_FIELDS)[number], string>;
  const order = await ctx.db
    .selectFrom('orders')
    .selectAll()
    .where('gateway_order_id', '=', gatewayOrderId)
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  if (!order) throw notFound('There is no such order for this account.');
  const expected = paymentSignature(ctx.gateway.keySecret, order.gateway_order_id, paymentId);
  if (!signaturesMatch(expected, signature)) {
    throw badRequest(
      'The payment could not be verified, so nothing was published. If money left your account, contact support with your payment id.',
      'razorpay_signature',
    );
  }
  const result = await publishPaidOrder(ctx.db, order.id, paymentId, ctx.publicUrl());
  if (result.status === 'credit') {
    return {
      status: 'credit',
      message: `Your payment went through, but the username "${result.username}" was taken by someone else in the meantime. The payment is kept as a credit: choose another username and publish without paying again.`,
    };
  }
  return {
    status: 'published',
    url: result.url,
    email: result.email,
    message: `Payment received. Your portfolio is live at ${result.url}`,
  };
}

import type { AccountOrder, AccountPortfolio, AccountResponse } from '../../shared/account.js';
import { DELETE_ACCOUNT_WORD } from '../../shared/account.js';
import { termOf } from '../../shared/domain/term.js';
import { portfolioUrl } from '../../shared/domain/username.js';
import { isTemplateId, templateName } from '../../shared/templates/catalog.js';
import { inTransaction, type Db } from '../db/database.js';
import { bumpPageGeneration } from '../site/page-generation.repository.js';
import { decodeStoredPortfolio } from '../portfolios/stored-portfolio.js';
import { deleteUploadsOf } from '../uploads/uploads.service.js';
import type { MediaStorage } from '../uploads/storage.js';
import {
  deleteName,
  deletePortfolioIfUnused,
  erasePerson,
  listOwnedNames,
  listRefundedPayments,
  listPaidOrders,
  readExport,
  setUnpublished,
} from './account.repository.js';
import { NOT_YOUR_NAME } from '../site/ownership.js';
import { findOwnedName } from '../site/usernames.repository.js';
import { AccountError } from './errors.js';

export interface AccountContext {
  db: Db;
  storage: MediaStorage;
  publicUrl: () => string;
  now: () => Date;
  /** The built builder (templates' CSS, fonts, pictures), for "Download as a website". */
  clientDir?: string;
}

/** Another person's name, or none: one answer, so names cannot be probed through the account. */

/** Each username of the person, with its term and the paid orders that published it. */
export async function accountOf(
  ctx: AccountContext,
  user: { id: string; email: string },
): Promise<AccountResponse> {
  const [names, orders, refundedPayments] = await Promise.all([
    listOwnedNames(ctx.db, user.id),
    listPaidOrders(ctx.db, user.id),
    listRefundedPayments(ctx.db, user.id),
  ]);
  const now = ctx.now();
  const portfolios: AccountPortfolio[] = names.map((name) => ({
    username: name.username,
    url: portfolioUrl(ctx.publicUrl(), name.username),
    templateId: name.template_id,
    templateName: isTemplateId(name.template_id)
      ? templateName(name.template_id)
      : name.template_id,
    paidUntil: name.paid_until,
    termState: termOf(name.paid_until, now).state,
    unpublished: name.unpublished_at !== null,
    orders: orders
      .filter((order) => order.username === name.username && order.paid_at !== null)
      .map((order): AccountOrder => ({
        orderId: order.id,
        paidAt: order.paid_at!,
        amountPaise: order.amount_paise,
        currency: order.currency,
        ...(order.receipt_number ? { receiptNumber: order.receipt_number } : {}),
        ...(order.refunded_at ? { refundedAt: order.refunded_at } : {}),
      })),
    refundedPayments: refundedPayments
      .filter((payment) => payment.username === name.username)
      .map((payment) => ({
        paymentId: payment.payment_id,
        amountPaise: payment.amount_paise,
        currency: payment.currency,
        refundedAt: payment.updated_at,
        reason: payment.reason,
      })),
  }));
  return { email: user.email, portfolios };
}

/** Takes the page offline (or back online) at once in every process; the name stays the owner's. */
export async function setPublication(
  ctx: AccountContext,
  userId: string,
  username: string,
  unpublished: boolean,
): Promise<void> {
  await inTransaction(ctx.db, async (trx) => {
    const owned = await findOwnedName(trx, userId, username);
    if (!owned) throw new AccountError('not_yours', NOT_YOUR_NAME);
    const stamp = ctx.now().toISOString();
    await setUnpublished(trx, username, unpublished ? stamp : null, stamp);
    await bumpPageGeneration(trx);
  });
}

/** Releases the name; the portfolio goes too unless another of the owner's names serves it. */
export async function deletePortfolio(
  ctx: AccountContext,
  userId: string,
  username: string,
): Promise<void> {
  await inTransaction(ctx.db, async (trx) => {
    const owned = await findOwnedName(trx, userId, username);
    if (!owned) throw new AccountError('not_yours', NOT_YOUR_NAME);
    await deleteName(trx, username);
    await deletePortfolioIfUnused(trx, owned.portfolio_id);
    await bumpPageGeneration(trx, { releasesName: true });
  });
}

/**
 * Rows of each list the export holds at most. Portfolios are one per template (each within the
 * document limit) and orders carry no document, so the file is bounded by construction.
 */
export const EXPORT_MAX_ROWS = 1000;

/** "Download my data": the person's profile, portfolios with their data, usernames and orders. */
export async function exportOf(ctx: AccountContext, userId: string) {
  const found = await readExport(ctx.db, userId, EXPORT_MAX_ROWS);
  const cut = <T>(rows: T[]) => ({
    rows: rows.slice(0, EXPORT_MAX_ROWS),
    more: rows.length > EXPORT_MAX_ROWS,
  });
  const usernames = cut(found.usernames);
  const orders = cut(found.orders);
  const messages = cut(found.messages);
  return {
    exportedAt: ctx.now().toISOString(),
    profile: {
      name: found.profile.name,
      givenName: found.profile.given_name,
      email: found.profile.email,
      emailVerified: found.profile.email_verified === 1,
      picture: found.profile.picture,
      createdAt: found.profile.created_at,
    },
    portfolios: found.portfolios.map((row) => {
      const decoded = decodeStoredPortfolio(row.data);
      return {
        templateId: row.template_id,
        paidUntil: row.paid_until,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
        data: decoded.ok ? decoded.data : null,
      };
    }),
    usernames: usernames.rows.map((row) => ({
      username: row.username,
      templateId: row.template_id,
      createdAt: row.created_at,
      unpublishedAt: row.unpublished_at,
    })),
    orders: orders.rows.map((row) => ({
      orderId: row.id,
      templateId: row.template_id,
      username: row.username,
      amountPaise: row.amount_paise,
      currency: row.currency,
      status: row.status,
      paymentId: row.payment_id,
      createdAt: row.created_at,
      paidAt: row.paid_at,
    })),
    messages: messages.rows.map((row) => ({
      username: row.username,
      name: row.visitor_name,
      email: row.visitor_email,
      subject: row.subject,
      message: row.message,
      receivedAt: row.created_at,
    })),
    ...(usernames.more || orders.more || messages.more
      ? {
          note: `Only the latest ${EXPORT_MAX_ROWS} usernames, orders and messages are listed.`,
        }
      : {}),
  };
}

/**
 * Deletes the account: every page down, portfolios, holds, sessions and personal data gone in one
 * transaction; then the uploaded files. Orders stay with their personal fields blanked. Returns
 * the usernames it released.
 */
export async function deleteAccount(
  ctx: AccountContext,
  user: { id: string; email: string },
  confirmation: string,
): Promise<string[]> {
  const typed = confirmation.trim();
  const confirmed =
    typed === DELETE_ACCOUNT_WORD ||
    (user.email !== '' && typed.toLowerCase() === user.email.toLowerCase());
  if (!confirmed) {
    throw new AccountError(
      'not_confirmed',
      `To delete your account, type ${DELETE_ACCOUNT_WORD} or your email address.`,
    );
  }
  const released = await inTransaction(ctx.db, async (trx) => {
    const usernames = await erasePerson(trx, user.id, ctx.now().toISOString());
    await bumpPageGeneration(trx, { releasesName: true });
    return usernames;
  });
  // Files cannot join a database transaction; the rows said whose they were until now.
  await deleteUploadsOf(ctx.db, ctx.storage, user.id);
  return released;
}

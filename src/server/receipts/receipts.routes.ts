import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { isOrderId, type ReceiptSummary } from '../../shared/orders.js';
import { receiptPath } from '../../shared/routes.js';
import type { Db } from '../db/database.js';
import { HttpError, notFound } from '../http/errors.js';
import { escapeHtml, smallPage } from '../html.js';
import { addressText } from '../http/route-rules.js';
import { receiptDocument } from './receipt-document.js';
import { receiptPage, receiptSignInPage } from './receipt-page.js';
import { ReceiptPdfsBusyError, type ReceiptPdfs } from './receipt-pdfs.js';
import { findReceipt, type ReceiptView } from './receipts.repository.js';

const NO_SUCH_RECEIPT = 'There is no such receipt for this account.';
/** When a download refused while many PDFs are being drawn is worth trying again. */
const BUSY_RETRY_SECONDS = 10;

/**
 * Receipts, for their buyer only: the page at /receipts/:orderId, its PDF at .pdf, and a short
 * summary for the thank-you page. Anyone else is told there is no such receipt, whether or not
 * one exists.
 */
export function registerReceiptRoutes(
  app: FastifyInstance,
  ctx: { db: Db; pdfs: ReceiptPdfs },
): void {
  const ownReceipt = async (userId: string, orderId: string): Promise<ReceiptView | undefined> => {
    if (!isOrderId(orderId)) return undefined;
    const receipt = await findReceipt(ctx.db, orderId);
    return receipt?.user_id === userId ? receipt : undefined;
  };
  const page = (reply: FastifyReply, status: number, html: string) =>
    reply
      .status(status)
      .header('cache-control', 'private, no-store')
      .type('text/html; charset=utf-8')
      .send(html);

  app.get<{ Params: { file: string } }>(
    '/receipts/:file',
    { config: { params: z.object({ file: addressText(60) }), rateLimits: ['receiptsPerIp'] } },
    async (request, reply) => {
      const pdf = request.params.file.endsWith('.pdf');
      const orderId = pdf ? request.params.file.slice(0, -4) : request.params.file;
      const user = await request.currentUser();
      if (!user) return page(reply, 401, receiptSignInPage(orderId, pdf ? 'pdf' : 'html'));
      const receipt = await ownReceipt(user.id, orderId);
      if (!receipt) {
        return page(
          reply,
          404,
          smallPage({
            title: 'No such receipt',
            body: `<h1>No such receipt</h1><p>${escapeHtml(NO_SUCH_RECEIPT)} Your receipts are listed on <a href="/account">My portfolios</a>.</p>`,
          }),
        );
      }
      const document = receiptDocument(receipt);
      if (!pdf) return page(reply, 200, receiptPage(document, receipt.order_id));
      const file = `receipt-${receipt.number.replaceAll('/', '-')}.pdf`;
      let bytes: Buffer;
      try {
        bytes = await ctx.pdfs.pdfOf(document);
      } catch (error) {
        if (!(error instanceof ReceiptPdfsBusyError)) throw error;
        reply.header('retry-after', String(BUSY_RETRY_SECONDS));
        throw new HttpError(
          503,
          'busy',
          'Many receipts are being prepared right now. Please try again in a few seconds.',
        );
      }
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${file}"`)
        .type('application/pdf')
        .send(bytes);
    },
  );

  app.get<{ Params: { orderId: string } }>(
    '/api/receipts/:orderId',
    { config: { signedIn: true, params: z.object({ orderId: addressText(60) }) } },
    async (request, reply): Promise<ReceiptSummary> => {
      const user = await request.requireUser();
      const receipt = await ownReceipt(user.id, request.params.orderId);
      if (!receipt) throw notFound(NO_SUCH_RECEIPT);
      reply.header('cache-control', 'private, no-store');
      return {
        orderId: receipt.order_id,
        gatewayOrderId: receipt.gateway_order_id,
        number: receipt.number,
        amountPaise: receipt.amount_paise,
        currency: receipt.currency,
        url: receiptPath(receipt.order_id),
      };
    },
  );
}

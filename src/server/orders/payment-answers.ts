import { formatTermDate } from '../../shared/domain/term.js';
import type { VerifyPaymentResponse } from '../../shared/orders.js';
import type { SettleResult } from './settlement.service.js';

/** What the person is told after their payment was settled: the page's words for each outcome. */
export function answerOf(result: SettleResult): VerifyPaymentResponse {
  switch (result.status) {
    case 'confirming':
      return result;
    case 'credit':
      return {
        status: 'credit',
        message:
          result.reason === 'move_credit_spent'
            ? `Your payment went through, but the unused days of the template at "${result.username}" that lowered this price were used for another change before the payment arrived, so nothing was published. The payment is kept as a credit: Make Payment again and it pays for the new price.`
            : `Your payment went through, but the username "${result.username}" was taken by someone else in the meantime. The payment is kept as a credit: choose another username and publish without paying again.`,
      };
    case 'unserved':
      return { status: 'refunded', message: UNSERVED_ANSWERS[result.reason](result.username) };
    case 'published': {
      const until = result.paidUntil && formatTermDate(new Date(result.paidUntil));
      return {
        status: 'published',
        url: result.url,
        email: result.email,
        orderId: result.orderId,
        message:
          result.kind === 'renewal' && until
            ? `Payment received. Your portfolio at ${result.url} is renewed until ${until}.`
            : `Payment received. Your portfolio is live at ${result.url}`,
      };
    }
  }
}

const UNSERVED_ANSWERS: Record<
  Extract<SettleResult, { status: 'unserved' }>['reason'],
  (username: string) => string
> = {
  duplicate: (username) =>
    `This order for "${username}" was already paid, so this second payment is being refunded to you. We have emailed you about it.`,
  superseded: (username) =>
    `Your portfolio at "${username}" was already paid by your other payment, so this one is being refunded to you instead of adding a second year. We have emailed you about it.`,
  order_closed: (username) =>
    `The order for "${username}" was closed before this payment arrived, so nothing was published and the payment is being refunded to you. We have emailed you about it.`,
  account_deleted: () =>
    'This account was deleted, so nothing was published, and the payment is being refunded to the way you paid.',
};

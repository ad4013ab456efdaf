import { randomUUID } from 'node:crypto';
import {
  ACCOUNT_MESSAGES_SHOWN,
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  type MessagesResponse,
} from '../../shared/contact.js';
import { formDeliveryOf } from '../../shared/domain/portfolio.js';
import { portfolioUrl } from '../../shared/domain/username.js';
import { inTransaction, type Db } from '../db/database.js';
import { enqueueEmail } from '../mail/outbox.repository.js';
import { decodeStoredPortfolio } from '../portfolios/stored-portfolio.js';
import { servedUntilOf } from '../site/availability.js';
import { checkContactMessage, type ContactForm } from './contact.input.js';
import {
  countReceivedSince,
  findContactTarget,
  insertContactMessage,
  listContactMessages,
  receivedSince,
} from './contact.repository.js';
import type { ContactTokens } from './contact-token.js';
import type { ContactRefusal, ContactRefusalCode } from './errors.js';

export interface ContactContext {
  db: Db;
  tokens: ContactTokens;
  publicUrl: () => string;
  now: () => Date;
}

export type ContactOutcome = { sent: true } | { sent: false; refusal: ContactRefusal };

const refused = (code: ContactRefusalCode, message: string, field?: string): ContactOutcome => ({
  sent: false,
  refusal: { code, message, ...(field ? { field } : {}) },
});

const NO_FORM = 'This portfolio does not take messages here.';

/**
 * The rules of a visitor's message, cheapest first: a page that takes messages, the honeypot,
 * the start token and fill time, the fields, then the owner's daily caps (in all, and from the
 * sender's network), counted again in the same transaction that stores the message and queues
 * its mail (so neither exists without the other).
 * `beforeStore` runs once the message is known to be well-formed and within the sender's own
 * caps: the route counts the page's rate limit there, so refused and malformed posts do not use
 * up a page's allowance, and it is told whether this network already wrote to the page today.
 */
export async function sendContactMessage(
  ctx: ContactContext,
  username: string,
  form: ContactForm,
  /** The sender's network, as rate limits count it (an IPv4 address, an IPv6 /64). */
  senderNetwork: string,
  beforeStore: (sender: { wroteToday: boolean }) => Promise<ContactRefusal | undefined>,
): Promise<ContactOutcome> {
  const target = await findContactTarget(ctx.db, username);
  const now = ctx.now();
  if (!target || target.ownerEmail === '') return refused('no_form', NO_FORM);
  if (servedUntilOf(target) <= now.getTime()) return refused('no_form', NO_FORM);
  const decoded = decodeStoredPortfolio(target.data);
  if (!decoded.ok || formDeliveryOf(decoded.data.contactDetails) !== 'server') {
    return refused('no_form', NO_FORM);
  }
  if (form.honeypot !== '') {
    return refused(
      'honeypot',
      `The message was not sent: the hidden field "${CONTACT_FIELDS.honeypot}", which people do not see, was filled in, as automated senders do.`,
      CONTACT_FIELDS.honeypot,
    );
  }
  const age = ctx.tokens.ageSeconds(form.token);
  if (age === undefined) {
    return refused(
      'stale_token',
      'The form was out of date, so the message was not sent. Your text is kept: please press Send again.',
      CONTACT_FIELDS.token,
    );
  }
  if (age < CONTACT_LIMITS.minFillSeconds) {
    return refused(
      'too_fast',
      `Not sent yet: it came within ${CONTACT_LIMITS.minFillSeconds} seconds of opening the form, faster than a person can type, so we held it back. Your text is kept: please check it and press Send again.`,
      CONTACT_FIELDS.token,
    );
  }
  const checked = checkContactMessage(form);
  if (!checked.ok) return refused('invalid_field', checked.refusal.message, checked.refusal.field);
  const { input } = checked;
  const day = now.toISOString().slice(0, 10);
  const dayStart = `${day}T00:00:00.000Z`;
  const senderKey = ctx.tokens.senderKey(senderNetwork, day);
  // The sender's own caps first: a message they refuse must not use the page's allowance,
  // which two networks past their caps could otherwise spend for everyone.
  const before = await receivedSince(ctx.db, target.userId, dayStart, senderKey);
  const capped = dailyCapRefusal(before);
  if (capped) return capped;
  const limited = await beforeStore({ wroteToday: before.fromSender > 0 });
  if (limited) return { sent: false, refusal: limited };

  return inTransaction(ctx.db, async (trx) => {
    const received = await countReceivedSince(trx, target.userId, dayStart, senderKey);
    const cappedNow = dailyCapRefusal(received);
    if (cappedNow) return cappedNow;
    const page = portfolioUrl(ctx.publicUrl(), username);
    const emailId = await enqueueEmail(
      trx,
      {
        to: target.ownerEmail,
        replyTo: input.email,
        subject: input.subject
          ? `${input.subject} (from ${input.name} via your portfolio)`
          : `A message from ${input.name} via your portfolio`,
        text: [
          `${input.name} <${input.email}> wrote to you from ${page}:`,
          '',
          ...(input.subject ? [`Subject: ${input.subject}`, ''] : []),
          input.message,
          '',
          '--',
          `Reply to this mail to answer ${input.name}: the reply goes to ${input.email}.`,
          `Every message also stays on your account page: ${ctx.publicUrl()}/account`,
        ].join('\n'),
      },
      now,
    );
    await insertContactMessage(trx, {
      id: randomUUID(),
      userId: target.userId,
      username,
      ...input,
      emailId,
      createdAt: now.toISOString(),
      senderKey,
    });
    return { sent: true } as const;
  });
}

/** The refusal when the owner's day, or this sender's share of it, is full. */
function dailyCapRefusal(received: {
  all: number;
  fromSender: number;
}): ContactOutcome | undefined {
  if (received.all >= CONTACT_LIMITS.perOwnerPerDay) {
    return refused(
      'too_many',
      `This portfolio has received as many messages today as it takes in a day (${CONTACT_LIMITS.perOwnerPerDay}). Please try again tomorrow.`,
    );
  }
  if (received.fromSender >= CONTACT_LIMITS.perSenderPerOwnerPerDay) {
    return refused(
      'too_many',
      `This portfolio has already received ${CONTACT_LIMITS.perSenderPerOwnerPerDay} messages from your network today (everyone sharing your internet connection counts together), as many as it takes from one network in a day. Please try again tomorrow.`,
    );
  }
  return undefined;
}

/** The owner's latest messages for the account page. */
export async function messagesOf(ctx: { db: Db }, userId: string): Promise<MessagesResponse> {
  const rows = await listContactMessages(ctx.db, userId, ACCOUNT_MESSAGES_SHOWN + 1);
  return {
    messages: rows.slice(0, ACCOUNT_MESSAGES_SHOWN).map((row) => ({
      id: row.id,
      username: row.username,
      name: row.visitor_name,
      email: row.visitor_email,
      subject: row.subject,
      message: row.message,
      createdAt: row.created_at,
      delivery: row.delivery,
    })),
    more: rows.length > ACCOUNT_MESSAGES_SHOWN,
  };
}

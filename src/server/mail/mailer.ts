import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Email } from './outbox.repository.js';

export interface Mailer {
  send(email: Email): Promise<void>;
  close(): void;
}

/**
 * How long one send may take at most, well inside the outbox's 60-second claim: nodemailer's own
 * defaults (2 minutes to connect, 10 minutes of silence) would let a stalled server outlast the
 * claim, so that another process sends the same mail again.
 */
export const SEND_LIMITS_MS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 20_000,
};

/** SMTP in production (SMTP_URL); otherwise the development outbox: the mail goes to the log. */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (!options.smtpUrl) {
    return {
      async send(email) {
        options.log.info(
          {
            mail: {
              to: email.to,
              replyTo: email.replyTo,
              subject: email.subject,
              text: email.text,
            },
          },
          'development outbox: mail not sent, shown here',
        );
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport(options.smtpUrl, {
    from: options.from,
    ...SEND_LIMITS_MS,
  });
  return {
    async send(email) {
      await transport.sendMail({
        from: options.from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        // Checked as one plain address before it was queued (contact.input.ts); nodemailer
        // encodes header values, so no line break can reach the message's headers.
        ...(email.replyTo ? { replyTo: email.replyTo } : {}),
      });
    },
    close() {
      transport.close();
    },
  };
}

import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Email } from './outbox.repository.js';

export interface Mailer {
  send(email: Email): Promise<void>;
  close(): void;
}

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
          { mail: { to: email.to, subject: email.subject, text: email.text } },
          'development outbox: mail not sent, shown here',
        );
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport(options.smtpUrl, { from: options.from });
  return {
    async send(email) {
      await transport.sendMail({
        from: options.from,
        to: email.to,
        subject: email.subject,
        text: email.text,
      });
    },
    close() {
      transport.close();
    },
  };
}

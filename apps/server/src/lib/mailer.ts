import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../db/client.ts';
import { emailOutbox } from '../db/schema/index.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(db: DbOrTx, mail: Mail): Promise<void>;
}

/**
 * Sends through SMTP_URL when it is set; otherwise keeps the mail in the email_outbox table and logs it,
 * so a fresh installation can still complete registration.
 */
export function createMailer(opts: { smtpUrl: string | undefined; from: string; log: FastifyBaseLogger }): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    async send(db, mail) {
      if (transport) {
        await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text });
        return;
      }
      await db.insert(emailOutbox).values({ toAddress: mail.to, subject: mail.subject, bodyText: mail.text });
      opts.log.info({ to: mail.to, subject: mail.subject, text: mail.text }, 'mail kept in the outbox (no SMTP_URL)');
    },
  };
}

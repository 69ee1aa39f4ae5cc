import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  /** e.g. 'verification', 'invitation', 'approval' */
  kind: string;
  /** structured extras the outbox page can show, e.g. `{code}` */
  data?: Record<string, string>;
};

export interface Mailer {
  send(mail: Mail): Promise<void>;
  readonly transport: 'smtp' | 'outbox';
}

/** SMTP through nodemailer when `SMTP_URL` is set; otherwise the database outbox (decisions §5). */
export function createMailer(db: Db, options: { smtpUrl?: string; from: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      transport: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text });
      },
    };
  }
  return {
    transport: 'outbox',
    async send(mail) {
      await db.insert(outbox).values({
        toEmail: mail.to,
        subject: mail.subject,
        text: mail.text,
        kind: mail.kind,
        data: mail.data ?? null,
      });
    },
  };
}

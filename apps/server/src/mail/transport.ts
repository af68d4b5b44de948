import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Kept with the outbox copy (never the secret itself in production: there is no outbox there). */
  meta?: Record<string, unknown>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  readonly kind: 'smtp' | 'outbox' | 'none';
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  production: boolean;
  log?: (line: string) => void;
}

/**
 * SMTP when SMTP_URL is set. Otherwise, outside production, the development outbox: the message is
 * stored in `mail_outbox` and logged so a developer can read the code. In production without SMTP
 * every send fails, which the caller reports (spec: 'Error Sending OTP...').
 */
export function createMailer(database: Database, options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      async send(message) {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
      },
    };
  }
  if (options.production) {
    return {
      kind: 'none',
      async send() {
        throw new Error('No SMTP_URL is configured');
      },
    };
  }
  return {
    kind: 'outbox',
    async send(message) {
      await database.db.insert(mailOutbox).values({
        to_address: message.to,
        subject: message.subject,
        text_body: message.text,
        html_body: message.html ?? null,
        meta: message.meta ?? null,
      });
      options.log?.(`[outbox] to ${message.to}: ${message.subject}\n${message.text}`);
    },
  };
}

import nodemailer, { type Transporter } from 'nodemailer';
import type { Database, DbOrTx } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { Jobs } from '../kernel/jobs';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Kept with the outbox copy (never the secret itself in production: there is no outbox there). */
  meta?: Record<string, unknown>;
  /** An RFC 5545 invite sent along as the mail's calendar part (text/calendar; method REQUEST). */
  ics?: string;
}

/** Where a mail job's worker hands the mail: an outside system (tests replace it with a double). */
export interface MailTransport {
  send(message: MailMessage): Promise<void>;
  readonly kind: 'smtp' | 'outbox' | 'none';
}

export interface SendOptions {
  /** Enqueue inside this transaction: the mail exists only if the write around it commits. */
  tx?: DbOrTx;
  /**
   * Wait (bounded) for the first delivery attempt and throw MailNotSentError if it failed, so a code
   * mail can show the spec's 'Error Sending OTP...' while the job keeps retrying.
   */
  wait?: boolean;
  /** Drop the mail if still undelivered after this long (a code outlives its mail no longer). */
  retentionMinutes?: number;
}

/** Every outgoing mail is a `mail.send` job (DESIGN section 9); nothing sends from a request. */
export interface Mailer {
  send(message: MailMessage, options?: SendOptions): Promise<void>;
  readonly kind: MailTransport['kind'];
}

export class MailNotSentError extends Error {
  override name = 'MailNotSentError';
}

/** How long a request waits for the first attempt of a mail it must report on. */
export const MAIL_ATTEMPT_WAIT_MS = 5000;

/**
 * The queued mailer, and the worker of `mail.send` over the transport. When the first attempt is not
 * over within the wait (no process works the queue just now), the mail counts as sent: it is queued,
 * and retried until a worker delivers it or it lands in the dead letters.
 */
export function createMailer(jobs: Jobs, transport: MailTransport, waitMs = MAIL_ATTEMPT_WAIT_MS): Mailer {
  jobs.register('mail.send', (payload) => transport.send(payload));
  return {
    kind: transport.kind,
    async send(message, options = {}) {
      const id = await jobs.enqueue(
        options.tx ?? null,
        'mail.send',
        message,
        options.retentionMinutes ? { retentionMinutes: options.retentionMinutes } : {},
      );
      // A job inside an open transaction is invisible to workers until it commits: never wait on it.
      if (!options.wait || options.tx) return;
      if ((await jobs.firstAttempt('mail.send', id, waitMs)) === 'failed') {
        throw new MailNotSentError(`The mail to ${message.to} could not be sent`);
      }
    },
  };
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  production: boolean;
  log?: (line: string) => void;
}

/**
 * The transport a mail job delivers through. SMTP when SMTP_URL is set. Otherwise, outside production, the development outbox: the message is
 * stored in `mail_outbox` and logged so a developer can read the code. In production without SMTP
 * every attempt fails, which a waiting caller reports (spec: 'Error Sending OTP...').
 */
export function createMailTransport(database: Database, options: MailerOptions): MailTransport {
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
          ...(message.ics
            ? { icalEvent: { filename: 'invite.ics', method: 'REQUEST', content: message.ics } }
            : {}),
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
        meta: message.ics ? { ...message.meta, ics: message.ics } : (message.meta ?? null),
      });
      options.log?.(`[outbox] to ${message.to}: ${message.subject}\n${message.text}`);
    },
  };
}

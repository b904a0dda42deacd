import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** A mail to send. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail; the app depends on this, not on nodemailer. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * How long a send waits on a mail server that does not answer. A sign-up waits for its mail, and
 * nodemailer's defaults (2 minutes to connect, 10 of silence) would hold it long after the user
 * gave up; these fail it within seconds (a 503 saying so), while a slow server still has time.
 * Query parameters of SMTP_URL (e.g. ?connectionTimeout=60000) take precedence.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** Sends through an SMTP server given as smtp://user:pass@host:port (smtps:// for TLS). */
export function smtpMailer(smtpUrl: string, from: string, timeouts = SMTP_TIMEOUTS): Mailer {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...timeouts });
  return {
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}

/**
 * Without SMTP, mails are written to DATA_DIR/outbox as .eml files and logged, so a self-hoster
 * can still finish sign-up by reading the code there.
 */
export function outboxMailer(dir: string, from: string, log: (obj: object, msg: string) => void): Mailer {
  return {
    send(mail) {
      mkdirSync(dir, { recursive: true });
      const file = path.join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.to.replace(/[^a-z0-9@._-]/gi, '_')}.eml`,
      );
      writeFileSync(file, `From: ${from}\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`);
      log(
        { to: mail.to, subject: mail.subject, file, text: mail.text },
        'mail written to the outbox (no SMTP_URL configured)',
      );
      return Promise.resolve();
    },
  };
}

/** The mailer the configuration asks for: SMTP when SMTP_URL is set, else the outbox folder. */
export function configuredMailer(
  config: { dataDir: string; mail: { smtpUrl: string | undefined; from: string } },
  log: (obj: object, msg: string) => void,
): Mailer {
  return config.mail.smtpUrl === undefined
    ? outboxMailer(path.join(config.dataDir, 'outbox'), config.mail.from, log)
    : smtpMailer(config.mail.smtpUrl, config.mail.from);
}

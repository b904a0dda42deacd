import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Language } from '@kassa/contract';
import type { Mail, Mailer } from '../mail/mailer.js';
import { mailTexts } from '../mail/texts/index.js';
import { AccountsRepository } from './repository.js';
import { newReferralCode } from './service.js';

const wordsOf = ({ subject, lines }: { subject: string; lines: string[] }): Omit<Mail, 'to'> => ({
  subject,
  text: lines.join('\n'),
});

/**
 * Stores a fresh single-use code meant for `email` (no creator: an admin's) and mails it; a code
 * whose mail could not be sent is dropped again and the error thrown, so nothing is left behind.
 */
async function mailCode(
  db: Kysely<DB>,
  mailer: Mailer,
  email: string,
  now: number,
  mail: (code: string) => Omit<Mail, 'to'>,
): Promise<string> {
  const code = newReferralCode();
  const accounts = new AccountsRepository(db);
  await accounts.addReferralCode(code, null, now, email);
  try {
    await mailer.send({ to: email, ...mail(code) });
  } catch (err) {
    await accounts.deleteUnusedReferralCode(code);
    throw err;
  }
  return code;
}

/**
 * Mails someone a fresh single-use referral code (the admin page's and the CLI's invite); returns
 * the code. Signing up with the invited address uses it automatically, so invited users skip the
 * step, and it admits them also while registration is closed.
 */
export function inviteByMail(
  db: Kysely<DB>,
  mailer: Mailer,
  publicUrl: string,
  email: string,
  now: number,
  language?: Language | null,
): Promise<string> {
  const signupLink = `${publicUrl}/public/signup?email=${encodeURIComponent(email)}`;
  return mailCode(db, mailer, email, now, (code) => wordsOf(mailTexts(language).installInvite({ signupLink, code })));
}

/**
 * Mails a waitlisted user (signed up, waiting at the referral step) a fresh single-use referral
 * code, with a link to the step that enters it (an admin's approval); returns the code.
 */
export function approveByMail(
  db: Kysely<DB>,
  mailer: Mailer,
  publicUrl: string,
  email: string,
  now: number,
  language?: Language | null,
): Promise<string> {
  return mailCode(db, mailer, email, now, (code) =>
    wordsOf(mailTexts(language).approval({ code, link: `${publicUrl}/public/register/verify-referral?code=${code}` })),
  );
}

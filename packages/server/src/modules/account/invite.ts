import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Mailer } from '../mail/mailer.js';
import { AccountsRepository } from './repository.js';
import { newReferralCode } from './service.js';

/**
 * Mails someone a fresh single-use referral code (the admin CLI's invite); returns the code.
 * Signing up with the invited address uses it automatically, so invited users skip the step.
 */
export async function inviteByMail(
  db: Kysely<DB>,
  mailer: Mailer,
  publicUrl: string,
  email: string,
  now: number,
): Promise<string> {
  const code = newReferralCode();
  await new AccountsRepository(db).addReferralCode(code, null, now, email);
  await mailer.send({
    to: email,
    subject: 'Your invitation to Kassa',
    text: `You are invited to Kassa.\n\nSign up at ${publicUrl}/public/signup and enter the referral code ${code} when asked.\nThe code works once.`,
  });
  return code;
}

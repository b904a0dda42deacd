/** A mail's words: its subject and its lines (joined with line breaks when sent). */
export interface MailWords {
  subject: string;
  lines: string[];
}

/**
 * Every mail Kassa sends, in one language (issue 36: mails in the person's language). Each
 * language implements all of them, so the compiler names a mail a language lacks.
 */
export interface MailTexts {
  verification(p: { code: string; link: string }): MailWords;
  passwordReset(p: { link: string; minutes: number }): MailWords;
  /** An administrator's (or the CLI's) invitation to the install, with a referral code. */
  installInvite(p: { signupLink: string; code: string }): MailWords;
  /** A waitlisted person let in by an administrator. */
  approval(p: { code: string; link: string }): MailWords;
  /** A book shared with someone; `newcomer` when they have no account yet. */
  bookInvite(p: {
    inviter: string;
    role: 'editor' | 'viewer';
    acceptLink: string;
    days: number;
    newcomer?: { signupLink: string; code: string };
  }): MailWords;
}

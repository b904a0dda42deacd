import type { MailTexts } from './types.js';

export const en: MailTexts = {
  verification: ({ code, link }) => ({
    subject: 'Your Kassa verification code',
    lines: [
      `Your Kassa verification code is ${code}`,
      '',
      `Enter it on the sign-up page, or open ${link}`,
      '',
      'The code works once and expires in 24 hours.',
    ],
  }),
  passwordReset: ({ link, minutes }) => ({
    subject: 'Reset your Kassa password',
    lines: [
      'Someone, hopefully you, asked to reset the password of your Kassa account.',
      '',
      `To choose a new password, open ${link}`,
      '',
      `The link works once and expires in ${minutes} minutes. Setting a new password logs you out everywhere.`,
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ],
  }),
  installInvite: ({ signupLink, code }) => ({
    subject: 'Your invitation to Kassa',
    lines: [
      'You are invited to Kassa, a personal finance tracker for money in several currencies.',
      '',
      `Sign up with this address at ${signupLink}`,
      '',
      `Signing up with this address uses your referral code ${code} by itself; if you are asked for one, enter it.`,
      'The code works once.',
    ],
  }),
  approval: ({ code, link }) => ({
    subject: 'There is room for you in Kassa',
    lines: [
      'Good news: you asked to be let into Kassa, and an administrator has approved you.',
      '',
      `Log in and enter the referral code ${code}, or open ${link}`,
      '',
      'The code works once.',
    ],
  }),
  bookInvite: ({ inviter, role, acceptLink, days, newcomer }) => ({
    subject: `${inviter} shares their books in Kassa with you`,
    lines: [
      `${inviter} invites you to their books in Kassa as ${
        role === 'editor' ? 'an editor: you can read them and add to them' : 'a viewer: you can read them'
      }.`,
      '',
      `Accept at ${acceptLink}`,
      `The link works once, for ${days} days.`,
      ...(newcomer === undefined
        ? []
        : [
            '',
            `New to Kassa? Sign up with this address at ${newcomer.signupLink} first;`,
            `it uses the referral code ${newcomer.code} by itself. Then open the link above.`,
          ]),
    ],
  }),
};

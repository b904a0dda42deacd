import { languages } from '@kassa/contract';
import { describe, expect, it } from 'vitest';
import { mailTexts } from './index.js';

// Every language's mail carries what the person needs to act on it: the code, the link and the
// figures; a translation that dropped one would leave them stuck.
describe('mail texts in every language', () => {
  for (const language of languages) {
    it(`${language}: each mail names its code, links and figures`, () => {
      const t = mailTexts(language);
      const text = (w: { subject: string; lines: string[] }) => `${w.subject}\n${w.lines.join('\n')}`;
      expect(text(t.verification({ code: '123456', link: 'https://k/v' }))).toMatch(/123456[\s\S]*https:\/\/k\/v/);
      const reset = text(t.passwordReset({ link: 'https://k/r', minutes: 37 }));
      expect(reset).toContain('https://k/r');
      expect(reset).toContain('37');
      expect(text(t.installInvite({ signupLink: 'https://k/s', code: 'ABCDEFGH23' }))).toMatch(
        /https:\/\/k\/s[\s\S]*ABCDEFGH23/,
      );
      expect(text(t.approval({ code: 'ABCDEFGH23', link: 'https://k/a' }))).toMatch(/ABCDEFGH23[\s\S]*https:\/\/k\/a/);
      const invite = text(
        t.bookInvite({
          inviter: 'Zoé Ãrvíztűrő',
          role: 'editor',
          acceptLink: 'https://k/b',
          days: 7,
          newcomer: { signupLink: 'https://k/n', code: 'CODE234567' },
        }),
      );
      for (const part of ['Zoé Ãrvíztűrő', 'https://k/b', '7', 'https://k/n', 'CODE234567'])
        expect(invite).toContain(part);
      const viewer = text(t.bookInvite({ inviter: 'Z', role: 'viewer', acceptLink: 'https://k/b', days: 7 }));
      expect(viewer).not.toContain('https://k/n');
      expect(viewer).not.toEqual(
        text(t.bookInvite({ inviter: 'Z', role: 'editor', acceptLink: 'https://k/b', days: 7 })),
      );
    });
  }

  it('falls back to English for a person who chose no language', () => {
    expect(mailTexts(null)).toBe(mailTexts('en'));
    expect(mailTexts('de').verification({ code: '1', link: 'l' }).subject).not.toBe(
      mailTexts('en').verification({ code: '1', link: 'l' }).subject,
    );
  });
});

import type { MailTexts } from './types.js';

export const de: MailTexts = {
  verification: ({ code, link }) => ({
    subject: 'Ihr Kassa-Bestätigungscode',
    lines: [
      `Ihr Kassa-Bestätigungscode lautet ${code}`,
      '',
      `Geben Sie ihn auf der Registrierungsseite ein oder öffnen Sie ${link}`,
      '',
      'Der Code gilt einmal und läuft in 24 Stunden ab.',
    ],
  }),
  passwordReset: ({ link, minutes }) => ({
    subject: 'Ihr Kassa-Passwort zurücksetzen',
    lines: [
      'Jemand, hoffentlich Sie, hat das Zurücksetzen des Passworts Ihres Kassa-Kontos angefordert.',
      '',
      `Um ein neues Passwort zu wählen, öffnen Sie ${link}`,
      '',
      `Der Link gilt einmal und läuft in ${minutes} Minuten ab. Ein neues Passwort meldet Sie überall ab.`,
      'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt, wie es ist.',
    ],
  }),
  installInvite: ({ signupLink, code }) => ({
    subject: 'Ihre Einladung zu Kassa',
    lines: [
      'Sie sind zu Kassa eingeladen, einer Finanzverwaltung für Geld in mehreren Währungen.',
      '',
      `Registrieren Sie sich mit dieser Adresse unter ${signupLink}`,
      '',
      `Bei der Registrierung mit dieser Adresse wird Ihr Empfehlungscode ${code} automatisch verwendet; falls danach gefragt wird, geben Sie ihn ein.`,
      'Der Code gilt einmal.',
    ],
  }),
  approval: ({ code, link }) => ({
    subject: 'Kassa hat Platz für Sie',
    lines: [
      'Gute Nachricht: Sie wollten in Kassa aufgenommen werden, und ein Administrator hat Sie freigegeben.',
      '',
      `Melden Sie sich an und geben Sie den Empfehlungscode ${code} ein, oder öffnen Sie ${link}`,
      '',
      'Der Code gilt einmal.',
    ],
  }),
  bookInvite: ({ inviter, role, acceptLink, days, newcomer }) => ({
    subject: `${inviter} teilt die eigenen Bücher in Kassa mit Ihnen`,
    lines: [
      `${inviter} lädt Sie zu den eigenen Büchern in Kassa ein, als ${
        role === 'editor' ? 'Bearbeiter: Sie können sie lesen und ergänzen' : 'Betrachter: Sie können sie lesen'
      }.`,
      '',
      `Annehmen unter ${acceptLink}`,
      `Der Link gilt einmal, ${days} Tage lang.`,
      ...(newcomer === undefined
        ? []
        : [
            '',
            `Neu bei Kassa? Registrieren Sie sich zuerst mit dieser Adresse unter ${newcomer.signupLink};`,
            `dabei wird der Empfehlungscode ${newcomer.code} automatisch verwendet. Öffnen Sie danach den Link oben.`,
          ]),
    ],
  }),
};

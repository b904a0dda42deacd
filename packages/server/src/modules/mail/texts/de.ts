import type { MailTexts } from './types.js';

export const de: MailTexts = {
  verification: ({ code, link }) => ({
    subject: 'Dein Kassa-Bestätigungscode',
    lines: [
      `Dein Kassa-Bestätigungscode lautet ${code}`,
      '',
      `Gib ihn auf der Registrierungsseite ein oder öffne ${link}`,
      '',
      'Der Code gilt einmal und läuft in 24 Stunden ab.',
    ],
  }),
  passwordReset: ({ link, minutes }) => ({
    subject: 'Dein Kassa-Passwort zurücksetzen',
    lines: [
      'Jemand, hoffentlich du, hat das Zurücksetzen des Passworts deines Kassa-Kontos angefordert.',
      '',
      `Um ein neues Passwort zu wählen, öffne ${link}`,
      '',
      `Der Link gilt einmal und läuft in ${minutes} Minuten ab. Ein neues Passwort meldet dich überall ab.`,
      'Wenn du das nicht angefordert hast, ignoriere diese E-Mail: Dein Passwort bleibt, wie es ist.',
    ],
  }),
  installInvite: ({ signupLink, code }) => ({
    subject: 'Deine Einladung zu Kassa',
    lines: [
      'Du bist zu Kassa eingeladen, einer Finanzverwaltung für Geld in mehreren Währungen.',
      '',
      `Registriere dich mit dieser Adresse unter ${signupLink}`,
      '',
      `Bei der Registrierung mit dieser Adresse wird dein Empfehlungscode ${code} automatisch verwendet; falls danach gefragt wird, gib ihn ein.`,
      'Der Code gilt einmal.',
    ],
  }),
  approval: ({ code, link }) => ({
    subject: 'Kassa hat Platz für dich',
    lines: [
      'Gute Nachricht: Du wolltest in Kassa aufgenommen werden, und ein Administrator hat dich freigegeben.',
      '',
      `Melde dich an und gib den Empfehlungscode ${code} ein, oder öffne ${link}`,
      '',
      'Der Code gilt einmal.',
    ],
  }),
  bookInvite: ({ inviter, role, acceptLink, days, newcomer }) => ({
    subject: `${inviter} teilt ein Haushaltsbuch in Kassa mit dir`,
    lines: [
      `${inviter} lädt dich in das eigene Haushaltsbuch in Kassa ein, als ${
        role === 'editor' ? 'Bearbeiter: Du kannst es lesen und ergänzen' : 'Betrachter: Du kannst es lesen'
      }.`,
      '',
      `Annehmen unter ${acceptLink}`,
      `Der Link gilt einmal, ${days} Tage lang.`,
      ...(newcomer === undefined
        ? []
        : [
            '',
            `Neu bei Kassa? Registriere dich zuerst mit dieser Adresse unter ${newcomer.signupLink};`,
            `dabei wird der Empfehlungscode ${newcomer.code} automatisch verwendet. Öffne danach den Link oben.`,
          ]),
    ],
  }),
};

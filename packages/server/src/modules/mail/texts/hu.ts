import type { MailTexts } from './types.js';

export const hu: MailTexts = {
  verification: ({ code, link }) => ({
    subject: 'Kassa ellenőrző kódod',
    lines: [
      `A Kassa ellenőrző kódod: ${code}`,
      '',
      `Írd be a regisztrációs oldalon, vagy nyisd meg: ${link}`,
      '',
      'A kód egyszer használható, és 24 óra múlva lejár.',
    ],
  }),
  passwordReset: ({ link, minutes }) => ({
    subject: 'Kassa jelszavad visszaállítása',
    lines: [
      'Valaki, remélhetőleg te, a Kassa-fiókod jelszavának visszaállítását kérte.',
      '',
      `Új jelszót itt választhatsz: ${link}`,
      '',
      `A link egyszer használható, és ${minutes} perc múlva lejár. Az új jelszó mindenhol kijelentkeztet.`,
      'Ha nem te kérted, hagyd figyelmen kívül ezt a levelet: a jelszavad változatlan marad.',
    ],
  }),
  installInvite: ({ signupLink, code }) => ({
    subject: 'Meghívó a Kassába',
    lines: [
      'Meghívást kaptál a Kassába, egy több pénznemet kezelő személyes pénzügyi nyilvántartóba.',
      '',
      `Regisztrálj ezzel a címmel itt: ${signupLink}`,
      '',
      `Ha ezzel a címmel regisztrálsz, a(z) ${code} ajánlókódod magától érvényesül; ha mégis kérik, írd be.`,
      'A kód egyszer használható.',
    ],
  }),
  approval: ({ code, link }) => ({
    subject: 'Van számodra hely a Kassában',
    lines: [
      'Jó hír: kérted, hogy bekerülj a Kassába, és egy adminisztrátor jóváhagyott.',
      '',
      `Jelentkezz be, és írd be a(z) ${code} ajánlókódot, vagy nyisd meg: ${link}`,
      '',
      'A kód egyszer használható.',
    ],
  }),
  bookInvite: ({ inviter, role, acceptLink, days, newcomer }) => ({
    subject: `${inviter} megosztja veled a könyvelését a Kassában`,
    lines: [
      `${inviter} meghív a Kassában vezetett könyveléséhez, ${
        role === 'editor' ? 'szerkesztőként: olvashatod és bővítheted' : 'megtekintőként: olvashatod'
      }.`,
      '',
      `Elfogadás: ${acceptLink}`,
      `A link egyszer használható, ${days} napig.`,
      ...(newcomer === undefined
        ? []
        : [
            '',
            `Új vagy a Kassában? Előbb regisztrálj ezzel a címmel itt: ${newcomer.signupLink};`,
            `a(z) ${newcomer.code} ajánlókód magától érvényesül. Utána nyisd meg a fenti linket.`,
          ]),
    ],
  }),
};

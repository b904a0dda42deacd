import type { MailTexts } from './types.js';

export const fr: MailTexts = {
  verification: ({ code, link }) => ({
    subject: 'Votre code de vérification Kassa',
    lines: [
      `Votre code de vérification Kassa est ${code}`,
      '',
      `Saisissez-le sur la page d’inscription, ou ouvrez ${link}`,
      '',
      'Le code ne sert qu’une fois et expire dans 24 heures.',
    ],
  }),
  passwordReset: ({ link, minutes }) => ({
    subject: 'Réinitialisez votre mot de passe Kassa',
    lines: [
      'Quelqu’un, vous sans doute, a demandé la réinitialisation du mot de passe de votre compte Kassa.',
      '',
      `Pour choisir un nouveau mot de passe, ouvrez ${link}`,
      '',
      `Le lien ne sert qu’une fois et expire dans ${minutes} minutes. Un nouveau mot de passe vous déconnecte partout.`,
      'Si vous n’avez rien demandé, ignorez ce message : votre mot de passe reste inchangé.',
    ],
  }),
  installInvite: ({ signupLink, code }) => ({
    subject: 'Votre invitation à Kassa',
    lines: [
      'Vous êtes invité(e) à Kassa, un outil de suivi des finances personnelles en plusieurs devises.',
      '',
      `Inscrivez-vous avec cette adresse sur ${signupLink}`,
      '',
      `L’inscription avec cette adresse utilise d’elle-même votre code de parrainage ${code} ; si on vous le demande, saisissez-le.`,
      'Le code ne sert qu’une fois.',
    ],
  }),
  approval: ({ code, link }) => ({
    subject: 'Une place vous attend dans Kassa',
    lines: [
      'Bonne nouvelle : vous avez demandé à rejoindre Kassa, et un administrateur vous a accepté(e).',
      '',
      `Connectez-vous et saisissez le code de parrainage ${code}, ou ouvrez ${link}`,
      '',
      'Le code ne sert qu’une fois.',
    ],
  }),
  bookInvite: ({ inviter, role, acceptLink, days, newcomer }) => ({
    subject: `${inviter} partage sa comptabilité Kassa avec vous`,
    lines: [
      `${inviter} vous invite dans sa comptabilité Kassa en tant que ${
        role === 'editor' ? 'éditeur : vous pouvez la consulter et la compléter' : 'lecteur : vous pouvez la consulter'
      }.`,
      '',
      `Acceptez ici : ${acceptLink}`,
      `Le lien ne sert qu’une fois, pendant ${days} jours.`,
      ...(newcomer === undefined
        ? []
        : [
            '',
            `Nouveau sur Kassa ? Inscrivez-vous d’abord avec cette adresse sur ${newcomer.signupLink} ;`,
            `le code de parrainage ${newcomer.code} s’applique de lui-même. Ouvrez ensuite le lien ci-dessus.`,
          ]),
    ],
  }),
};

import type { MailTexts } from './types.js';

export const es: MailTexts = {
  verification: ({ code, link }) => ({
    subject: 'Tu código de verificación de Kassa',
    lines: [
      `Tu código de verificación de Kassa es ${code}`,
      '',
      `Introdúcelo en la página de registro o abre ${link}`,
      '',
      'El código sirve una sola vez y caduca en 24 horas.',
    ],
  }),
  passwordReset: ({ link, minutes }) => ({
    subject: 'Restablece tu contraseña de Kassa',
    lines: [
      'Alguien, seguramente tú, ha pedido restablecer la contraseña de tu cuenta de Kassa.',
      '',
      `Para elegir una contraseña nueva, abre ${link}`,
      '',
      `El enlace sirve una sola vez y caduca en ${minutes} minutos. Una contraseña nueva cierra tu sesión en todas partes.`,
      'Si no lo has pedido, ignora este correo: tu contraseña sigue igual.',
    ],
  }),
  installInvite: ({ signupLink, code }) => ({
    subject: 'Tu invitación a Kassa',
    lines: [
      'Te invitan a Kassa, una aplicación de finanzas personales para dinero en varias divisas.',
      '',
      `Regístrate con esta dirección en ${signupLink}`,
      '',
      `Al registrarte con esta dirección se usa sola tu código de invitación ${code}; si te lo piden, introdúcelo.`,
      'El código sirve una sola vez.',
    ],
  }),
  approval: ({ code, link }) => ({
    subject: 'Hay sitio para ti en Kassa',
    lines: [
      'Buenas noticias: pediste entrar en Kassa y un administrador te ha aprobado.',
      '',
      `Inicia sesión e introduce el código de invitación ${code}, o abre ${link}`,
      '',
      'El código sirve una sola vez.',
    ],
  }),
  bookInvite: ({ inviter, role, acceptLink, days, newcomer }) => ({
    subject: `${inviter} comparte su contabilidad de Kassa contigo`,
    lines: [
      `${inviter} te invita a su contabilidad de Kassa como ${
        role === 'editor' ? 'editor: puedes verla y añadir movimientos' : 'lector: puedes verla'
      }.`,
      '',
      `Acepta en ${acceptLink}`,
      `El enlace sirve una sola vez, durante ${days} días.`,
      ...(newcomer === undefined
        ? []
        : [
            '',
            `¿Nuevo en Kassa? Regístrate primero con esta dirección en ${newcomer.signupLink};`,
            `se usará solo el código de invitación ${newcomer.code}. Después abre el enlace de arriba.`,
          ]),
    ],
  }),
};

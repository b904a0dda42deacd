import { DEFAULT_LANGUAGE, type Language } from '@kassa/contract';
import type { Mail } from '../mailer.js';
import { de } from './de.js';
import { en } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { hu } from './hu.js';
import type { MailTexts, MailWords } from './types.js';

export type { MailTexts, MailWords } from './types.js';

const TEXTS: Record<Language, MailTexts> = { en, de, hu, fr, es };

/** The mails in a language; a person who chose none gets English, the default. */
export function mailTexts(language: Language | null | undefined): MailTexts {
  return TEXTS[language ?? DEFAULT_LANGUAGE];
}

/** A mail to `to` made of `words`. */
export function mailOf(to: string, words: MailWords): Mail {
  return { to, subject: words.subject, text: words.lines.join('\n') };
}
